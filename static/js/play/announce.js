// The page's one polite live region (an element with data-announcer, else one made here).
// Screen readers hear each text once; saying the same text twice still announces it.

let region = null;
let timer = null;

function ensureRegion() {
  if (region && region.isConnected) return region;
  region = document.querySelector("[data-announcer]");
  if (!region) {
    region = document.createElement("div");
    region.className = "visually-hidden";
    region.dataset.announcer = "";
    document.body.append(region);
  }
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  return region;
}

export function announce(text) {
  const target = ensureRegion();
  clearTimeout(timer);
  target.textContent = "";
  // A separate task, so a repeated text is a change the screen reader reports.
  timer = setTimeout(() => { target.textContent = text; }, 30);
}
