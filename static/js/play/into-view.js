// Brings the board's area (the status area above the board, then the board) back into view
// after a control far down a phone's screen changed what it shows. The page does not move
// when the area already starts near the top.
export function bringIntoView(element, win = window) {
  if (!element) return;
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.top < win.innerHeight / 4) return;
  const still = win.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "start", behavior: still ? "instant" : "smooth" });
}
