// Where play pages report events for the anonymous play statistics (privacy page:
// game start and end, friend connection, 3D failures). The statistics module installs
// window.littleTableStats; until it is there, or when the player switched it off, nothing
// is sent and nothing breaks.

export function report(event, fields = {}) {
  try {
    globalThis.littleTableStats?.record?.(event, fields);
  } catch (error) {
    // Statistics must never break a game.
    console.warn("statistics hook failed", error);
  }
}
