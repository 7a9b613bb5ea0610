// Keeps the whole 2D board on screen under a status area of any height (issue 29): on a laptop
// a friend's news, a draw offer and a claim stacked above the board pushed its bottom below
// the fold. The frame gets --board-top (where the board starts on the page, below the header,
// the title and the status area) and --board-aspect (the drawing's width over its height);
// static/css/board2d.css caps the board's width so that its height fits the rest of the
// viewport. Measured again whenever the status area or the window changes size, and after
// hold-board.js scrolled the page to keep the board still (`held`): the board is fitted to
// the view the page then keeps, so that it does not shrink under the player's finger either.
export function fitBoardHeight(frame, { watch = [], held = null } = {}) {
  const update = () => {
    const svg = frame.querySelector("svg");
    const box = svg?.viewBox?.baseVal;
    if (box?.width && box.height) frame.style.setProperty("--board-aspect", String(box.width / box.height));
    const top = frame.getBoundingClientRect().top + window.scrollY - (held?.offset ?? 0);
    frame.style.setProperty("--board-top", `${Math.max(0, Math.round(top))}px`);
  };
  const observer = new ResizeObserver(update);
  for (const element of watch) if (element) observer.observe(element);
  window.addEventListener("resize", update);
  held?.onHold(update);
  update();
  return update;
}
