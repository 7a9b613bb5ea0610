// Brings the board's area (the status area above the board, then the board) back into view
// after a control far down a phone's screen changed what it shows. The page does not move
// when the area already starts near the top.
const SCROLL_MS = 1000; // a smooth scroll's length, with room to spare

let scrollingUntil = 0;

// While this scroll runs, hold-board.js does not also move the page for the board's sake: a
// scroll of its own would stop this one halfway.
export function scrollingIntoView() {
  return performance.now() < scrollingUntil;
}

export function bringIntoView(element, win = window) {
  if (!element) return;
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.top < win.innerHeight / 4) return;
  const still = win.matchMedia("(prefers-reduced-motion: reduce)").matches;
  scrollingUntil = performance.now() + SCROLL_MS;
  element.scrollIntoView({ block: "start", behavior: still ? "instant" : "smooth" });
}
