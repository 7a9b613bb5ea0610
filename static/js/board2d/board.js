// The SVG board of every 2D game, drawn from its layout (geometry.js: a grid of cells or points
// joined by lines; marks or stones). It draws a view and reports which
// point the player chose; it knows no rule. Drawing is SVG (aria-hidden); the points are real
// <button>s laid over it, so focus, Enter/Space and accessible names come from the browser.
//
//   const board = new Board2D(element, { slug, strings, onChoose(point), onCancel() });
//   board.render(view);   // view: see render() below
import { layoutFor, neighbourInDirection } from "./geometry.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

const ARROWS = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};

export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// Each board's gradients get their own ids: a rules page can hold a play board and examples.
let boardCount = 0;

export class Board2D {
  constructor(root, { slug, strings, onChoose, onCancel }) {
    this.root = root;
    this.gradientId = `board2d-stone-${++boardCount}`;
    this.slug = slug;
    this.strings = strings;
    this.layout = layoutFor(slug);
    this.onChoose = onChoose;
    this.onCancel = onCancel;
    this.focusPoint = Object.keys(this.layout.xy)[0];
    this.build();
  }

  build() {
    const { width, height } = this.layout;
    const { kind, style } = this.layout;
    this.root.classList.add("board2d", `board2d--${this.slug}`, `board2d--${kind}`, `board2d--${style}`);
    this.root.replaceChildren();
    this.svg = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, class: "board2d-svg", "aria-hidden": "true",
      focusable: "false",
    });
    this.drawStatic();
    this.marks = svg("g", { class: "board2d-marks" }, this.svg);
    this.pieces = svg("g", { class: "board2d-pieces" }, this.svg);
    this.overlay = svg("g", { class: "board2d-overlay" }, this.svg);
    this.root.appendChild(this.svg);
    this.points = document.createElement("div");
    this.points.className = "board2d-points";
    this.points.setAttribute("role", "group");
    this.points.setAttribute("aria-label", this.strings.boardLabel);
    this.buttons = new Map();
    // Each point's button is as wide as the space to its nearest neighbour allows (at least
    // 44 CSS pixels on a 390-pixel phone for the densest board, 7 by 7), with no overlap.
    const { step, pieceRadius } = this.layout;
    const size = this.layout.kind === "cells" ? step : Math.min(step, pieceRadius * 3);
    for (const [point, [x, y]] of Object.entries(this.layout.xy)) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "board2d-point";
      button.dataset.point = point;
      button.tabIndex = point === this.focusPoint ? 0 : -1;
      // Positions go through the CSSOM (the page's CSP forbids style attributes).
      button.style.left = `${(x / width) * 100}%`;
      button.style.top = `${(y / height) * 100}%`;
      button.style.width = `${(size / width) * 100}%`;
      // A click the keyboard made (Enter or Space: detail 0) chooses at once, even on a board
      // that asks a tap to be confirmed (`direct`).
      button.addEventListener("click", (event) => {
        this.setFocusPoint(point, false);
        this.onChoose(point, { direct: event.detail === 0 });
      });
      this.buttons.set(point, button);
      this.points.appendChild(button);
    }
    this.points.addEventListener("keydown", (event) => this.keydown(event));
    this.root.appendChild(this.points);
  }

  drawStatic() {
    const { width, height, kind, xy } = this.layout;
    const defs = svg("defs", {}, this.svg);
    for (const player of [0, 1]) {
      const gradient = svg("radialGradient", {
        id: `${this.gradientId}-${player}`, cx: "38%", cy: "32%", r: "70%",
      }, defs);
      svg("stop", { offset: "0%", class: `stone-stop stone-stop--${player}-light` }, gradient);
      svg("stop", { offset: "100%", class: `stone-stop stone-stop--${player}-dark` }, gradient);
    }
    svg("rect", { x: 4, y: 4, width: width - 8, height: height - 8, rx: 22, class: "board2d-surface" }, this.svg);
    const lines = svg("g", { class: "board2d-lines" }, this.svg);
    if (kind === "cells") this.drawCells(lines);
    else {
      for (const [a, b] of this.layout.lines) {
        const [x1, y1] = xy[a];
        const [x2, y2] = xy[b];
        svg("line", { x1, y1, x2, y2 }, lines);
      }
      // A dot on every point, or only on the star points where the board names them.
      const dots = this.layout.stars ? this.layout.stars.map((p) => xy[p]) : Object.values(xy);
      for (const [x, y] of dots) svg("circle", { cx: x, cy: y, r: this.layout.step * 0.07, class: "board2d-dot" }, lines);
    }
    this.drawLabels();
  }

  drawCells(group) {
    const { x, y, columns, rows, step } = this.layout.grid;
    if (this.layout.style === "squares") {
      // A square board ruled edge to edge (style "squares"): every line, the frame included.
      for (let i = 0; i <= columns; i++) svg("line", { x1: x + i * step, y1: y, x2: x + i * step, y2: y + rows * step }, group);
      for (let j = 0; j <= rows; j++) svg("line", { x1: x, y1: y + j * step, x2: x + columns * step, y2: y + j * step }, group);
      return;
    }
    if (this.layout.style === "hash") {
      // The classic grid: two lines each way, no frame.
      for (let i = 1; i < columns; i++) svg("line", { x1: x + i * step, y1: y + 10, x2: x + i * step, y2: y + rows * step - 10 }, group);
      for (let j = 1; j < rows; j++) svg("line", { x1: x + 10, y1: y + j * step, x2: x + columns * step - 10, y2: y + j * step }, group);
      return;
    }
    // Otherwise a pit in each square of the board.
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < columns; i++) {
        svg("rect", {
          x: x + i * step + 6, y: y + j * step + 6, width: step - 12, height: step - 12, rx: 16,
          class: "board2d-pit",
        }, group);
      }
    }
  }

  drawLabels() {
    const group = svg("g", { class: "board2d-labels" }, this.svg);
    const columns = new Map();
    const rows = new Map();
    for (const [point, [x, y]] of Object.entries(this.layout.xy)) {
      columns.set(point[0], x);
      rows.set(point.slice(1), y);
    }
    const edge = this.layout.labelEdge;
    for (const [name, x] of columns) {
      const text = svg("text", { x, y: edge, "text-anchor": "middle", "dominant-baseline": "central" }, group);
      text.textContent = name;
    }
    for (const [name, y] of rows) {
      const text = svg("text", { x: edge, y, "text-anchor": "middle", "dominant-baseline": "central" }, group);
      text.textContent = name;
    }
  }

  keydown(event) {
    if (event.key === "Escape") {
      event.preventDefault();
      this.onCancel();
      return;
    }
    let target = null;
    if (ARROWS[event.key]) target = neighbourInDirection(this.layout, this.focusPoint, ...ARROWS[event.key]);
    else if (event.key === "Home") target = Object.keys(this.layout.xy)[0];
    else if (event.key === "End") target = Object.keys(this.layout.xy).at(-1);
    if (target === null) return;
    event.preventDefault();
    this.setFocusPoint(target, true);
  }

  setFocusPoint(point, focus) {
    this.buttons.get(this.focusPoint).tabIndex = -1;
    this.focusPoint = point;
    const button = this.buttons.get(point);
    button.tabIndex = 0;
    if (focus) button.focus();
  }

  // view: {
  //   owners: Map point -> 0|1 (as shown: a pending move already applied),
  //   selected, pendingTo: points of the move being built (or null),
  //   selectable, destinations, removable: Sets of points,
  //   protectedPieces: Set of enemy pieces that may not be removed now,
  //   lastMove: {from, to, capture} | null, winCells: [points],
  //   formedLines: [[points]]: the mill or run of three just made (drawn under the pieces'
  //   marks, and listed in the root's data-formed-lines),
  //   moveCount: plies played (the newest piece is animated when it changes),
  //   interactive: whether a person may choose now,
  //   hint: {from, to, capture, player} | null: a better move drawn as a ghost (the AI review),
  //   ghost: {to, player} | null: a placement chosen but not yet confirmed (Board confirm),
  //   forbidden: {point: kind}: points the side to move may not take (Renju's for black),
  //   placing: the side to move places pieces (its legal placements, in `selectable`, get a
  //   dot on a board that shows moves) }
  render(view) {
    this.marks.replaceChildren();
    this.pieces.replaceChildren();
    this.overlay.replaceChildren();
    const { xy, pieceRadius: r } = this.layout;
    const last = view.lastMove;
    // The newest piece pops in once, not again on every redraw (a selection, a hover).
    const fresh = view.moveCount !== this.drawnMoveCount && view.moveCount > 0;
    // Pieces that changed sides since the position one move back turn over once (outflanked
    // discs); a redraw of the same position, or a jump of several moves (undo, a
    // review step back), turns nothing.
    const turned = fresh && view.moveCount === this.drawnMoveCount + 1 ? this.turnedSince(view.owners) : new Set();
    this.drawnMoveCount = view.moveCount;
    this.drawnOwners = new Map(view.owners);
    this.root.dataset.turned = [...turned].join(" ");
    if (last?.from) svg("circle", { cx: xy[last.from][0], cy: xy[last.from][1], r: r * 0.55, class: "mark-from" }, this.marks);
    for (const [point, owner] of view.owners) {
      this.drawPiece(point, owner, fresh && point === last?.to, view.protectedPieces.has(point), turned.has(point));
    }
    if (last?.to && view.owners.has(last.to)) {
      const [x, y] = xy[last.to];
      if (this.layout.kind === "cells") {
        // A square's last piece: the square lights up behind it.
        const half = this.layout.step / 2 - 8;
        svg("rect", { x: x - half, y: y - half, width: 2 * half, height: 2 * half, rx: 14, class: "mark-to-cell" }, this.marks);
      } else {
        svg("circle", { cx: x, cy: y, r: r + 9, class: "mark-to" }, this.overlay);
      }
    }
    if (last?.capture && !view.owners.has(last.capture)) this.drawCross(last.capture, r * 0.45, "mark-capture");
    for (const line of view.formedLines ?? []) this.drawWinLine(line, "mark-mill", this.marks);
    this.root.dataset.formedLines = (view.formedLines ?? []).map((line) => line.join(" ")).join(",");
    this.drawWinLine(view.winCells);
    if (view.selected) {
      // Once the piece has left for its pending destination, its start is only outlined.
      const left = !view.owners.has(view.selected);
      const [x, y] = xy[view.selected];
      svg("circle", { cx: x, cy: y, r: left ? r * 0.55 : r + 8, class: left ? "mark-from" : "mark-selected" }, this.overlay);
    }
    if (view.pendingTo) svg("circle", { cx: xy[view.pendingTo][0], cy: xy[view.pendingTo][1], r: r + 8, class: "mark-pending" }, this.overlay);
    for (const point of view.destinations) svg("circle", { cx: xy[point][0], cy: xy[point][1], r: r * 0.36, class: "mark-destination" }, this.overlay);
    for (const point of view.removable) svg("circle", { cx: xy[point][0], cy: xy[point][1], r: r + 8, class: "mark-removable" }, this.overlay);
    // Where placing is legal only by a rule the eye does not see (a disc that must outflank),
    // the legal squares get a dot.
    if (view.interactive && view.placing && this.layout.showMoves) {
      for (const point of view.selectable) svg("circle", { cx: xy[point][0], cy: xy[point][1], r: r * 0.22, class: "mark-legal" }, this.overlay);
    }
    if (view.interactive && view.destinations.size === 0 && view.removable.size === 0 && !view.placing) {
      for (const point of view.selectable) {
        if (point !== view.selected) svg("circle", { cx: xy[point][0], cy: xy[point][1], r: r + 6, class: "mark-movable" }, this.overlay);
      }
    }
    this.drawHint(view.hint);
    this.drawForbidden(view.forbidden ?? {});
    this.drawGhost(view.ghost ?? null);
    this.labelPoints(view);
  }

  // Points the side to move may not take: a small cross in the danger colour.
  drawForbidden(forbidden) {
    const d = this.layout.pieceRadius * 0.42;
    for (const point of Object.keys(forbidden)) {
      const [x, y] = this.layout.xy[point];
      svg("path", { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`, class: "mark-forbidden" }, this.overlay);
    }
  }

  // A stone chosen but not played yet: see-through, in a ring, until it is confirmed.
  drawGhost(ghost) {
    this.root.dataset.ghost = ghost?.to ?? "";
    if (!ghost) return;
    const [x, y] = this.layout.xy[ghost.to];
    const r = this.layout.pieceRadius;
    const group = svg("g", { class: `mark-ghost piece piece--${ghost.player}` }, this.overlay);
    svg("circle", { cx: x, cy: y, r, class: "stone", fill: `url(#${this.gradientId}-${ghost.player})` }, group);
    svg("circle", { cx: x, cy: y, r: r + 10, class: "mark-ghost__ring" }, this.overlay);
  }

  // A move suggested, not played: a see-through piece where it lands, a dashed ring where it
  // leaves, a cross on the piece it would remove.
  drawHint(hint) {
    this.root.dataset.hint = hint ? [hint.from, hint.to, hint.capture].filter(Boolean).join(" ") : "";
    if (!hint) return;
    const { xy, pieceRadius: r } = this.layout;
    const group = svg("g", { class: "mark-hint" }, this.overlay);
    if (hint.from) {
      const [x1, y1] = xy[hint.from];
      const [x2, y2] = xy[hint.to];
      svg("circle", { cx: x1, cy: y1, r: r + 8, class: "mark-hint__from" }, group);
      svg("line", { x1, y1, x2, y2, class: "mark-hint__path" }, group);
    }
    const ghost = svg("g", { class: `mark-hint__piece piece piece--${hint.player}` }, group);
    const [x, y] = xy[hint.to];
    if (this.layout.pieces === "marks") {
      const firstIsO = this.root.closest("[data-first-mark]")?.dataset.firstMark === "o";
      if ((hint.player === 0) !== firstIsO) {
        const d = r * 0.78;
        svg("path", { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`, class: "mark-x" }, ghost);
      } else svg("circle", { cx: x, cy: y, r: r * 0.8, class: "mark-o" }, ghost);
    } else {
      svg("circle", { cx: x, cy: y, r, class: "stone", fill: `url(#board2d-stone-${hint.player})` }, ghost);
    }
    svg("circle", { cx: x, cy: y, r: r + 10, class: "mark-hint__ring" }, group);
    if (hint.capture) {
      const [cx, cy] = xy[hint.capture];
      const d = r * 0.55;
      svg("path", { d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}`, class: "mark-hint__capture" }, group);
    }
  }

  // The pieces now on a side other than the one they were on when last drawn.
  turnedSince(owners) {
    const turned = new Set();
    for (const [point, owner] of owners) {
      const before = this.drawnOwners?.get(point);
      if (before !== undefined && before !== owner) turned.add(point);
    }
    return turned;
  }

  drawPiece(point, owner, fresh, shielded, turned = false) {
    const [x, y] = this.layout.xy[point];
    const r = this.layout.pieceRadius;
    let className = `piece piece--${owner}`;
    if (fresh) className += " piece--fresh";
    if (turned) className += " piece--turned";
    if (shielded) className += " piece--protected";
    const group = svg("g", { class: className, "data-piece": point }, this.pieces);
    if (this.layout.pieces === "marks") {
      // The first player draws x, or o where the page says so (Japanese: ○ moves first).
      const firstIsO = this.root.closest("[data-first-mark]")?.dataset.firstMark === "o";
      if ((owner === 0) !== firstIsO) {
        const d = r * 0.78;
        svg("path", { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`, class: "mark-x" }, group);
      } else {
        svg("circle", { cx: x, cy: y, r: r * 0.8, class: "mark-o" }, group);
      }
      return;
    }
    svg("circle", { cx: x + 2, cy: y + 4, r, class: "stone-shadow" }, group);
    svg("circle", { cx: x, cy: y, r, class: "stone", fill: `url(#${this.gradientId}-${owner})` }, group);
    svg("circle", { cx: x, cy: y, r: r * 0.62, class: "stone-ring" }, group);
    // A turning disc's old face, shown for the first half of its turn (board2d.css).
    if (turned) svg("circle", { cx: x, cy: y, r, class: "stone stone-before", fill: `url(#${this.gradientId}-${1 - owner})` }, group);
  }

  drawCross(point, d, className) {
    const [x, y] = this.layout.xy[point];
    svg("path", { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`, class: className }, this.marks);
  }

  drawWinLine(cells, className = "mark-win", group = this.overlay) {
    if (!cells || cells.length < 2) return;
    const ends = [...cells].map((p) => this.layout.xy[p])
      .sort(([ax, ay], [bx, by]) => ax - bx || ay - by);
    const [x1, y1] = ends[0];
    const [x2, y2] = ends.at(-1);
    // pathLength 1 lets the stylesheet draw the line in from end to end.
    svg("line", { x1, y1, x2, y2, pathLength: 1, class: className }, group);
  }

  // The accessible name and data- attributes of each point, from the same view.
  labelPoints(view) {
    const s = this.strings;
    const win = new Set(view.winCells ?? []);
    for (const [point, button] of this.buttons) {
      const owner = view.owners.has(point) ? view.owners.get(point) : null;
      const holder = owner === null ? s.pointEmpty : s.pieceNames[owner];
      const states = [];
      const flags = {
        selected: point === view.selected || point === view.pendingTo,
        destination: view.destinations.has(point),
        removable: view.removable.has(point),
        protected: view.protectedPieces.has(point),
        win: win.has(point),
        ghost: view.ghost?.to === point,
        forbidden: Boolean(view.forbidden?.[point]),
        legal: Boolean(this.layout.showMoves && view.interactive && view.placing && view.selectable.has(point)),
      };
      if (flags.selected) states.push(s.stateSelected);
      if (flags.destination) states.push(s.stateDestination);
      if (flags.removable) states.push(s.stateRemovable);
      if (flags.protected) states.push(s.stateProtected);
      if (flags.win) states.push(s.stateWinning);
      if (flags.ghost) states.push(s.stateGhost);
      if (flags.forbidden) states.push(s.stateForbidden);
      if (flags.legal) states.push(s.stateLegal);
      let last = null;
      if (view.lastMove?.to === point) last = "to";
      else if (view.lastMove?.from === point) last = "from";
      else if (view.lastMove?.capture === point) last = "capture";
      if (last) states.push(s[`stateLast-${last}`]);
      let label = fill(s.pointLabel, { point, holder });
      if (states.length) label = fill(s.pointWithState, { label, state: states.join(s.stateSeparator) });
      button.setAttribute("aria-label", label);
      button.dataset.owner = owner === null ? "" : String(owner);
      for (const [flag, on] of Object.entries(flags)) button.toggleAttribute(`data-${flag}`, on);
      button.toggleAttribute("data-selectable", view.selectable.has(point));
      if (last) button.dataset.last = last;
      else delete button.dataset.last;
      button.setAttribute("aria-pressed", String(flags.selected));
      button.setAttribute("aria-disabled", String(!view.interactive));
    }
  }
}
