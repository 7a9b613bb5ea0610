// Keeps the board where the player sees it when the status area above it changes height on
// its own: a friend's news, a draw offer, a refused choice's note. A finger on its way to a
// square must find the square still there. The page scrolls by what the board moved, as a
// browser's scroll anchoring does; that never acts at the top of a page (where a play page
// starts) and WebKit has none. It scrolls no further than keeps the status area's top on
// screen, so the news is seen, and the board moves by the rest. When the status area is
// already above the screen (the player scrolled down), the board stays still entirely.
// Changes of the window's size and the page's own scrolls into view (into-view.js) are left
// alone, and so is a board that did not move (the pegs docked under a phone's 3D
// board that takes up the change). Holding starts a second after the page is ready, or at the
// player's first touch or key if sooner: until then the page is still arriving (a room's
// first news and offers), laid out as it comes with nothing scrolled (test_laptop_fit.py).
//
//   holdBoardStill(anchor, area) -> { offset, onHold(callback) }
//   anchor: what the player presses (a 2D board, the pegs of the 3D board); area: the status area.
//   offset: how far down the page now sits for the board's sake (fit-board.js sizes the
//   board for that view); onHold: called after each correction.
import { scrollingIntoView } from "./into-view.js";

const START_MS = 1000;

export function holdBoardStill(anchor, area, win = window) {
  const held = { offset: 0, callbacks: [], onHold(callback) { this.callbacks.push(callback); } };
  if (!anchor || !area || !win.ResizeObserver) return held;
  let top = anchor.getBoundingClientRect().top;
  let width = area.getBoundingClientRect().width;
  const record = () => {
    top = anchor.getBoundingClientRect().top;
  };
  let holding = false;
  const start = () => {
    if (holding) return;
    holding = true;
    area.dataset.holding = ""; // for tests
    record();
  };
  const observer = new win.ResizeObserver(() => {
    const box = area.getBoundingClientRect();
    const moved = anchor.getBoundingClientRect().top - top;
    const rewrapped = box.width !== width; // a new window size: everything moves anyway
    width = box.width;
    if (!holding || !moved || rewrapped || scrollingIntoView()) return record();
    let by;
    if (moved > 0) by = box.top < 0 ? moved : Math.min(moved, Math.floor(box.top));
    else by = Math.max(moved, -win.scrollY);
    if (by) {
      win.scrollBy(0, by); // instant: no play page sets scroll-behavior
      const areaTop = area.getBoundingClientRect().top + win.scrollY;
      held.offset = Math.min(Math.max(0, held.offset + by), Math.max(0, areaTop));
      for (const callback of held.callbacks) callback();
    }
    record();
  });
  observer.observe(area);
  win.addEventListener("scroll", record, { passive: true });
  win.addEventListener("resize", record);
  win.setTimeout(start, START_MS);
  for (const type of ["pointerdown", "keydown"]) {
    win.addEventListener(type, start, { capture: true, once: true });
  }
  return held;
}
