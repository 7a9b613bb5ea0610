// The AI review of a finished game (markup in templates/games/_review_panel.html): runs in
// the AI worker (static/js/ai/review.js through AiClient.review) with a progress bar and a
// Cancel button, then lists the moves that changed the outcome (each a button that shows
// the position before it with the better move drawn) and every move's evaluation before and
// after it, from the mover's side.
//
//   const panel = new ReviewPanel(section, { t, sideName, onStart(), onShow({ply, better, player}) });
//   panel.setAvailable(gameOver);   // shown with its start button once a game has ended
//   panel.start(client, { slug, moves: [{text, player}], entries, variant });  panel.cancel();
import { announce } from "./announce.js";

// A score shown in the game's own units: the 3D game's line values, a man or stone per 100.
const UNIT = 100;

export function evaluationText(value, t) {
  const n = value.distance === null ? null : Math.ceil(value.distance / 2);
  if (value.kind === "win") return n === 0 ? t("aiReview-eval-won") : t(n === null ? "aiReview-eval-wins" : "aiReview-eval-win", { n });
  if (value.kind === "loss") return n === 0 ? t("aiReview-eval-lost") : t(n === null ? "aiReview-eval-loses" : "aiReview-eval-loss", { n });
  if (value.kind === "draw") return t("aiReview-eval-draw");
  const score = Math.round(value.score / (UNIT / 10)) / 10; // one decimal, never "−0.0"
  const shown = `${score > 0 ? "+" : score < 0 ? "−" : "±"}${Math.abs(score).toFixed(1)}`;
  return t(`aiReview-eval-${value.kind}`, { score: shown });
}

// The sentence for a marked move: who could win, what was better.
export function markText(move, t, sideName) {
  const { kind, better, exact } = move.mark;
  const key = kind === "missed-win" ? (exact ? "aiReview-missed-win" : "aiReview-missed-edge")
    : (exact ? "aiReview-allowed-win" : "aiReview-allowed-edge");
  return t(key, { better, side: sideName(1 - move.player) });
}

export class ReviewPanel {
  constructor(root, { t, sideName, onStart, onShow }) {
    this.root = root;
    this.startButton = root.querySelector("[data-review-start]");
    this.startButton.addEventListener("click", () => onStart());
    this.t = t;
    this.sideName = sideName;
    this.onShow = onShow;
    this.bar = root.querySelector("[data-review-bar]");
    this.status = root.querySelector("[data-review-status]");
    this.progress = root.querySelector("[data-review-progress]");
    this.summary = root.querySelector("[data-review-summary]");
    this.marks = root.querySelector("[data-review-marks]");
    this.all = root.querySelector("[data-review-all]");
    this.evals = root.querySelector("[data-review-evals]");
    this.detail = root.querySelector("[data-review-detail]");
    this.controller = null;
    this.result = null;
    root.querySelector("[data-review-cancel]").addEventListener("click", () => this.cancel());
    this.marks.addEventListener("click", (event) => {
      const button = event.target.closest("[data-review-mark]");
      if (button) this.show(Number(button.dataset.reviewMark));
    });
  }

  get running() { return this.controller !== null; }

  // The plies marked by the finished review (for the move list).
  get marked() { return new Set(this.result?.marked ?? []); }

  // Reviews `moves` (the game's [{text, player}]); `entries` are the move list's words.
  async start(client, { slug, moves, entries, variant = "" }) {
    this.cancel({ quiet: true });
    this.reset();
    this.entries = entries;
    this.root.hidden = false;
    this.startButton.hidden = true;
    this.progress.hidden = false;
    this.root.dataset.reviewState = "running";
    const controller = new AbortController();
    this.controller = controller;
    this.setProgress(0, moves.length + 1);
    announce(this.status.textContent);
    this.root.scrollIntoView?.({ block: "nearest" });
    try {
      const review = await client.review({
        slug, moves: moves.map((move) => move.text), variant: variant || undefined, signal: controller.signal,
        onProgress: (done, total) => this.setProgress(done, total),
      });
      if (this.controller !== controller) return;
      this.controller = null;
      this.render(review);
    } catch (error) {
      if (this.controller !== controller) return;
      this.controller = null;
      this.progress.hidden = true;
      this.startButton.hidden = false;
      const cancelled = error?.name === "AbortError";
      this.root.dataset.reviewState = cancelled ? "cancelled" : "failed";
      this.summary.textContent = this.t(cancelled ? "aiReview-cancelled" : "aiReview-failed");
      announce(this.summary.textContent);
    }
  }

  setProgress(done, total) {
    this.bar.max = total;
    this.bar.value = done;
    this.root.dataset.reviewDone = String(done);
    this.status.textContent = this.t("aiReview-progress", { done, total });
  }

  cancel({ quiet = false } = {}) {
    const controller = this.controller;
    if (!controller) return;
    if (quiet) this.controller = null;
    controller.abort();
  }

  // Shown once a game has ended; a new game or round hides and forgets it (a review belongs
  // to the game that was reviewed).
  setAvailable(available) {
    if (available === !this.root.hidden) return;
    if (!available) this.reset();
    this.root.hidden = !available;
  }

  reset() {
    this.cancel({ quiet: true });
    this.result = null;
    this.startButton.hidden = false;
    this.progress.hidden = true;
    this.root.dataset.reviewState = "";
    this.root.dataset.shownMark = "";
    this.root.dataset.marked = "";
    this.summary.textContent = "";
    this.detail.textContent = "";
    this.detail.hidden = true;
    this.marks.replaceChildren();
    this.evals.replaceChildren();
    this.all.hidden = true;
  }

  render(review) {
    this.result = review;
    this.progress.hidden = true;
    this.root.dataset.reviewState = "done";
    this.root.dataset.marked = review.marked.join(" ");
    const marked = review.moves.filter((move) => move.mark);
    this.summary.textContent = marked.length
      ? this.t("aiReview-done", { count: marked.length })
      : this.t("aiReview-done-none");
    this.marks.replaceChildren(...marked.map((move) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "review-mark";
      button.setAttribute("aria-pressed", "false");
      button.dataset.reviewMark = String(move.ply);
      const where = document.createElement("span");
      where.className = "review-mark__move";
      where.textContent = `${move.ply}. ${this.sideName(move.player)} ${this.entries[move.ply - 1]?.text ?? move.text}`;
      const what = document.createElement("span");
      what.className = "review-mark__text";
      what.textContent = markText(move, this.t, this.sideName);
      button.append(where, what);
      item.append(button);
      return item;
    }));
    this.evals.replaceChildren(...review.moves.map((move) => {
      const item = document.createElement("li");
      item.className = move.mark ? "review-eval review-eval--marked" : "review-eval";
      item.dataset.ply = String(move.ply);
      item.textContent = this.t("aiReview-eval-line", {
        ply: move.ply,
        side: this.sideName(move.player),
        move: this.entries[move.ply - 1]?.text ?? move.text,
        before: evaluationText(move.before, this.t),
        after: evaluationText(move.after, this.t),
      });
      return item;
    }));
    this.all.hidden = false;
    announce(this.summary.textContent);
  }

  // Shows the position before a marked move with the better move drawn.
  show(ply) {
    const move = this.result?.moves[ply - 1];
    if (!move?.mark) return;
    for (const button of this.marks.querySelectorAll("[data-review-mark]")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.reviewMark) === ply));
    }
    const text = this.t("aiReview-mark-shown", {
      ply, move: `${this.sideName(move.player)} ${this.entries[ply - 1]?.text ?? move.text}`,
      mark: markText(move, this.t, this.sideName),
    });
    this.detail.textContent = text;
    this.detail.hidden = false;
    this.root.dataset.shownMark = String(ply);
    this.onShow({ ply, better: move.mark.better, player: move.player });
    announce(text);
  }

  // The board left the marked position (another move chosen, a new game).
  unshow() {
    if (!this.root.dataset.shownMark) return;
    this.root.dataset.shownMark = "";
    this.detail.hidden = true;
    for (const button of this.marks.querySelectorAll("[data-review-mark]")) button.setAttribute("aria-pressed", "false");
  }
}
