// The 16 pegs seen from above as buttons: columns A-D from the left, rows 1-4 from the far
// side. Each button shows four bars, level 1 at the bottom, marked white or black where a
// ball is. Every button is in the Tab order; arrow keys move within the grid. A button that
// cannot be used now is aria-disabled (not disabled), so focus never falls off the grid.
import { PEG_NAMES, cellOf } from "./model.js";

const KEY_STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export class PegPanel {
  // onIntent(peg): the player pressed a usable peg. onRefused(peg): pressed an unusable one.
  constructor(root, { t, onIntent, onRefused = () => {} }) {
    this.root = root;
    this.t = t;
    this.buttons = PEG_NAMES.map((name, peg) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "peg";
      button.dataset.peg = name;
      const label = document.createElement("span");
      label.className = "peg__name";
      label.textContent = name;
      label.setAttribute("aria-hidden", "true");
      const levels = document.createElement("span");
      levels.className = "peg__levels";
      levels.setAttribute("aria-hidden", "true");
      for (let level = 1; level <= 4; level++) {
        const bar = document.createElement("span");
        bar.className = "level";
        bar.dataset.level = String(level);
        levels.append(bar);
      }
      button.append(label, levels);
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") === "true") onRefused(peg);
        else onIntent(peg);
      });
      return button;
    });
    root.replaceChildren(...this.buttons);
    root.addEventListener("keydown", (event) => this.onKey(event));
  }

  onKey(event) {
    const step = KEY_STEPS[event.key];
    const index = this.buttons.indexOf(event.target);
    if (!step || index < 0) return;
    const column = index % 4 + step[0];
    const row = Math.floor(index / 4) + step[1];
    if (column < 0 || column > 3 || row < 0 || row > 3) return;
    event.preventDefault();
    this.buttons[row * 4 + column].focus();
  }

  focusFirstUsable(options) {
    const usable = this.buttons.find((b) => b.getAttribute("aria-disabled") !== "true");
    (usable ?? this.buttons[0]).focus(options);
  }

  // view: { pegs (16 lists of players), usable (bool: may a person move now),
  //         lastCell, gold (Set of cells), threats ({threats, beneath} or null),
  //         hint (a peg: the AI review's better move, its next level marked, or null) }
  update({ pegs, usable, lastCell = null, gold = new Set(), threats = null, hint = null }) {
    const t = this.t;
    const side = (player) => t(player === 0 ? "white" : "black");
    const threatAt = new Map();
    const beneathAt = new Set();
    for (const { cell, player } of threats?.threats ?? []) {
      threatAt.set(cell, [...(threatAt.get(cell) ?? []), player]);
    }
    for (const { cell } of threats?.beneath ?? []) beneathAt.add(cell);
    this.buttons.forEach((button, peg) => {
      const balls = pegs[peg];
      const notes = [];
      [...button.querySelectorAll(".level")].forEach((bar, level) => {
        const cell = cellOf(peg, level);
        const player = balls[level];
        bar.className = "level";
        if (player !== undefined) bar.classList.add(player === 0 ? "level--white" : "level--black");
        if (cell === lastCell) bar.classList.add("level--last");
        if (gold.has(cell)) bar.classList.add("level--gold");
        for (const threatener of threatAt.get(cell) ?? []) {
          bar.classList.add(threatener === 0 ? "level--threat-white" : "level--threat-black");
          notes.push(t("pegThreat", { side: side(threatener), level: level + 1 }));
        }
        if (peg === hint && level === balls.length) {
          bar.classList.add("level--hint");
          notes.push(t("pegHint", { level: level + 1 }));
        }
        if (beneathAt.has(cell)) {
          bar.classList.add("level--beneath");
          notes.push(t("pegBeneath", { level: level + 1 }));
        }
      });
      const name = PEG_NAMES[peg];
      let label;
      if (!balls.length) label = t("pegEmpty", { peg: name });
      else {
        const list = balls.map((player, level) => t("pegLevel", { level: level + 1, side: side(player) }));
        label = t(balls.length === 4 ? "pegFull" : "pegBalls", { peg: name, balls: list.join(t("listSeparator")) });
      }
      if (notes.length) label += t("listSeparator") + notes.join(t("listSeparator"));
      button.setAttribute("aria-label", label);
      button.dataset.balls = balls.map((p) => (p === 0 ? "w" : "b")).join("");
      button.toggleAttribute("data-hint", peg === hint);
      button.setAttribute("aria-disabled", String(!(usable && balls.length < 4)));
    });
  }
}
