// The steps of one move on a 2D board, derived from the engine's legal moves.
//
// The engines list complete moves ("b2", "a1-b2", "a1-a4xg7"); a player builds one point at a
// time: pick a piece (moving), pick a point (placing or destination), then pick an enemy piece
// when the move makes a line that removes (a mill, a run of three). `pending` holds the points chosen so far
// ({from, to}); a move reaches the session only once it is complete and legal.
//
// A choice that fits no legal move is returned as an `attempt`: move text the controller hands
// to engine.play to learn the EngineError code that says why it is refused. No rule lives here.

export const IDLE = Object.freeze({ from: null, to: null });

const MOVE_TEXT = /^(?:([a-zA-Z][0-9]{1,2})-)?([a-zA-Z][0-9]{1,2})(?:x([a-zA-Z][0-9]{1,2}))?$/;

// The move of a side without a legal move, in a game where that side passes
// (registry Rules passing).
export const PASS = "pass";

// "a1-a4xg7" -> {from: "a1", to: "a4", capture: "g7"}; missing parts are null. A pass is on
// no point: all three null.
export function splitMove(text) {
  if (text === PASS) return { from: null, to: null, capture: null };
  const match = MOVE_TEXT.exec(text);
  if (!match) throw new Error(`not a board move: ${JSON.stringify(text)}`);
  return { from: match[1] ?? null, to: match[2], capture: match[3] ?? null };
}

// The text of the chosen points, without a capture: "b2" or "a1-b2".
function stepText(from, to) {
  return from === null ? to : `${from}-${to}`;
}

export function stageOf(pending) {
  if (pending.to !== null) return "capture";
  if (pending.from !== null) return "destination";
  return "start";
}

// What the board should light up for `pending`:
//   selectable: points a first choice can use (empty points when placing, own movable pieces)
//   destinations: where the selected piece may go
//   removable: enemy pieces the pending move may remove
export function highlights(moves, pending) {
  const parts = moves.map(splitMove);
  const stage = stageOf(pending);
  const selectable = new Set();
  const destinations = new Set();
  const removable = new Set();
  for (const move of parts) {
    if (move.to === null) continue; // a pass: the Pass button plays it, no point does
    if (stage === "start") selectable.add(move.from ?? move.to);
    else if (stage === "destination" && move.from === pending.from) destinations.add(move.to);
    else if (stage === "capture" && move.from === pending.from && move.to === pending.to
      && move.capture !== null) removable.add(move.capture);
  }
  return { stage, selectable, destinations, removable };
}

// A point chosen with `pending` already picked. `ctx` describes the position:
//   moves: legal move texts; placing: the side to move still places pieces;
//   owner(point): 0, 1 or null; player: the side to move;
//   movement: the game ever moves pieces (false where pieces are only placed).
// Returns one of
//   {kind: "play", move}              a complete legal move
//   {kind: "pending", pending}        the choice so far (a selection, or a capture to choose)
//   {kind: "refuse", attempt, pending} not legal: attempt is the text to ask the engine about
export function choose(ctx, pending, point) {
  const { moves, placing, owner, player, movement } = ctx;
  const legal = new Set(moves);
  const stage = stageOf(pending);
  if (stage === "capture") {
    const text = `${stepText(pending.from, pending.to)}x${point}`;
    if (legal.has(text)) return { kind: "play", move: text };
    // Choosing the pending point again (or the piece's start) steps back one choice.
    if (point === pending.to) return { kind: "pending", pending: { from: pending.from, to: null } };
    if (point === pending.from) return { kind: "pending", pending: IDLE };
    return { kind: "refuse", attempt: text, pending };
  }
  if (stage === "destination") {
    if (point === pending.from) return { kind: "pending", pending: IDLE };
    if (owner(point) === player) return { kind: "pending", pending: { from: point, to: null } };
    return advance(legal, moves, pending.from, point, pending);
  }
  if (placing) {
    // A click on one's own piece during placement reads as an attempt to move it.
    if (movement && owner(point) === player) {
      return { kind: "refuse", attempt: `${point}-${point}`, pending };
    }
    return advance(legal, moves, null, point, pending);
  }
  if (owner(point) === player) return { kind: "pending", pending: { from: point, to: null } };
  // An empty point reads as a placement; an enemy piece as an attempt to move it.
  const attempt = owner(point) === null ? point : `${point}-${point}`;
  return { kind: "refuse", attempt, pending };
}

// `from` (or null) and `to` chosen: the move is done, or waits for a capture, or is refused.
function advance(legal, moves, from, to, pending) {
  const text = stepText(from, to);
  if (legal.has(text)) return { kind: "play", move: text };
  if (moves.some((move) => move.startsWith(`${text}x`))) {
    return { kind: "pending", pending: { from, to } };
  }
  return { kind: "refuse", attempt: text, pending };
}

// One step back (Escape): a capture choice returns to the destination, a selection to nothing.
export function back(pending) {
  if (pending.to !== null && pending.from !== null) return { from: pending.from, to: null };
  return IDLE;
}
