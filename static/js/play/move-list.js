// The move list, and after the game a way to step through it on the board.
//   const list = new MoveList(section, { onSelect: (ply) => … });
//   list.update({ entries: [{ text, label, player }], reviewable, ply });
// `ply` is the position shown (0 = start, entries.length = the end). While reviewable, the
// entries are buttons, the step buttons (data-review="first|prev|next|last") work, and the
// arrow keys, Home and End step anywhere inside the section.

const STEP_KEYS = { ArrowLeft: "prev", ArrowUp: "prev", ArrowRight: "next", ArrowDown: "next", Home: "first", End: "last" };

export class MoveList {
  constructor(root, { onSelect }) {
    this.root = root;
    this.items = root.querySelector("[data-move-items]");
    this.toolbar = root.querySelector("[data-review]");
    this.onSelect = onSelect;
    this.total = 0;
    this.ply = 0;
    this.reviewable = false;
    this.toolbar.addEventListener("click", (event) => {
      const button = event.target.closest("[data-review-step]");
      if (button) this.step(button.dataset.reviewStep);
    });
    this.items.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-ply]");
      if (button && this.reviewable) this.onSelect(Number(button.dataset.ply));
    });
    root.addEventListener("keydown", (event) => {
      const step = STEP_KEYS[event.key];
      if (!step || !this.reviewable) return;
      event.preventDefault();
      this.step(step);
    });
  }

  step(name) {
    if (!this.reviewable) return;
    const target = { first: 0, prev: this.ply - 1, next: this.ply + 1, last: this.total }[name];
    if (target === undefined || target < 0 || target > this.total || target === this.ply) return;
    this.onSelect(target);
  }

  update({ entries, reviewable, ply }) {
    const rebuild = reviewable !== this.reviewable || entries.length !== this.total
      || entries.some((entry, i) => this.items.children[i]?.dataset.text !== entry.text);
    this.total = entries.length;
    this.ply = ply;
    this.reviewable = reviewable;
    this.toolbar.hidden = !reviewable;
    this.root.dataset.reviewPly = reviewable ? String(ply) : "";
    if (rebuild) {
      this.items.replaceChildren(...entries.map((entry, i) => {
        const item = document.createElement("li");
        item.dataset.text = entry.text;
        item.className = `move move--${entry.player === 0 ? "white" : "black"}`;
        const content = document.createElement(reviewable ? "button" : "span");
        if (reviewable) {
          content.type = "button";
          content.dataset.ply = String(i + 1);
        }
        content.className = "move__text";
        const shown = document.createElement("span");
        shown.setAttribute("aria-hidden", "true");
        shown.textContent = entry.text;
        const spoken = document.createElement("span");
        spoken.className = "visually-hidden";
        spoken.textContent = entry.label;
        content.append(shown, spoken);
        item.append(content);
        return item;
      }));
      this.items.scrollTop = this.items.scrollHeight;
    }
    [...this.items.children].forEach((item, i) => {
      const current = reviewable && i + 1 === ply;
      item.classList.toggle("move--current", current);
      const content = item.firstElementChild;
      if (current) content.setAttribute("aria-current", "step");
      else content.removeAttribute("aria-current");
      item.classList.toggle("move--future", reviewable && i + 1 > ply);
    });
    for (const button of this.toolbar.querySelectorAll("[data-review-step]")) {
      const step = button.dataset.reviewStep;
      const off = (step === "first" || step === "prev") ? ply === 0 : ply === this.total;
      button.setAttribute("aria-disabled", String(off));
    }
  }
}
