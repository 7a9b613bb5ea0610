// The move list, one numbered line per move (both players' plies), and after the game a way
// to step through it on the board.
//   const list = new MoveList(section, { onSelect: (ply) => … });
//   list.update({ entries: [{ text, label, player }], reviewable, ply, ending });
// `ending` (optional) is a closing line after the moves when the players, not the rules,
// ended the game ("White resigned.").
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
    this.texts = [];
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

  // `marked` (optional): plies the AI review marked, drawn with a sign on the move.
  update({ entries, reviewable, ply, ending = "", marked = new Set() }) {
    const texts = entries.map((entry) => entry.text);
    const rebuild = reviewable !== this.reviewable || texts.join("\n") !== this.texts.join("\n")
      || ending !== this.ending;
    this.ending = ending;
    this.total = entries.length;
    this.ply = ply;
    this.reviewable = reviewable;
    this.texts = texts;
    this.toolbar.hidden = !reviewable;
    this.root.dataset.reviewPly = reviewable ? String(ply) : "";
    if (rebuild) {
      // One numbered line per move: first player's ply, then the second's.
      const lines = [];
      for (let i = 0; i < entries.length; i += 2) {
        const line = document.createElement("li");
        line.className = "move-pair";
        const number = document.createElement("span");
        number.className = "move-pair__number";
        number.setAttribute("aria-hidden", "true");
        number.textContent = `${i / 2 + 1}.`;
        line.append(number, ...entries.slice(i, i + 2).map((entry, k) => this.moveElement(entry, i + k + 1)));
        lines.push(line);
      }
      if (ending) {
        const line = document.createElement("li");
        line.className = "move-list__ending";
        line.dataset.moveEnding = "";
        line.textContent = ending;
        lines.push(line);
      }
      this.items.replaceChildren(...lines);
      this.items.scrollTop = this.items.scrollHeight;
    }
    for (const move of this.items.querySelectorAll("[data-move]")) {
      const at = Number(move.dataset.move);
      const current = reviewable && at === ply;
      move.classList.toggle("move--current", current);
      if (current) move.setAttribute("aria-current", "step");
      else move.removeAttribute("aria-current");
      move.classList.toggle("move--future", reviewable && at > ply);
      move.classList.toggle("move--marked", marked.has(at));
    }
    if (reviewable) this.keepInView(this.items.querySelector(".move--current")?.closest("li"));
    for (const button of this.toolbar.querySelectorAll("[data-review-step]")) {
      const step = button.dataset.reviewStep;
      const off = (step === "first" || step === "prev") ? ply === 0 : ply === this.total;
      button.setAttribute("aria-disabled", String(off));
    }
  }

  // Scrolls the list (never the page) so that a whole line is in it.
  keepInView(line) {
    if (!line) return;
    const list = this.items;
    if (line.offsetTop < list.scrollTop) list.scrollTop = line.offsetTop;
    else if (line.offsetTop + line.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = line.offsetTop + line.offsetHeight - list.clientHeight;
    }
  }

  // One ply: a button while the game can be reviewed, else plain text.
  moveElement(entry, plyNumber) {
    const content = document.createElement(this.reviewable ? "button" : "span");
    if (this.reviewable) {
      content.type = "button";
      content.dataset.ply = String(plyNumber);
    }
    content.dataset.move = String(plyNumber);
    content.dataset.text = entry.text;
    // A mark game's move shows its mark (X or O), a stone game's its stone's colour.
    const side = entry.mark ?? (entry.player === 0 ? "white" : "black");
    content.className = `move__text move--${side}`;
    const shown = document.createElement("span");
    shown.setAttribute("aria-hidden", "true");
    shown.textContent = entry.shown ?? entry.text; // a pass is shown in the reader's language
    const spoken = document.createElement("span");
    spoken.className = "visually-hidden";
    spoken.textContent = entry.label;
    content.append(shown, spoken);
    return content;
  }
}
