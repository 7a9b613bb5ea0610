// The header's menu on a phone: the game links and the language switcher fold behind one
// button, so the board starts near the top of the screen. Wider screens (and pages without
// scripts) show both navigations open. static/css/site.css folds the menu and shows the button
// before this runs, so nothing moves when it does; this opens and closes it.
const header = document.querySelector("[data-site-header]");
const toggle = header?.querySelector("[data-menu-toggle]");
const narrow = window.matchMedia("(max-width: 820px)");

function setOpen(open) {
  header.dataset.menu = open ? "open" : "closed";
  toggle.setAttribute("aria-expanded", String(open));
}

function follow() {
  if (narrow.matches) setOpen(false);
  else delete header.dataset.menu;
}

if (toggle) {
  toggle.addEventListener("click", () => setOpen(header.dataset.menu !== "open"));
  header.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.dataset.menu === "open") {
      setOpen(false);
      toggle.focus();
    }
  });
  narrow.addEventListener("change", follow);
  follow();
}
