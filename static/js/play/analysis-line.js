// "Show analysis": while a game against the AI or on one device goes on, a player who turned
// the switch on sees what the AI's solver proves about the current position ("White can
// force a win within 5 moves", "A draw with best play"), and nothing while it proves nothing.
// Off by default, the choice kept in this browser like the sound switch; never in a friend
// game (the switch is hidden there). The line is said through the page's polite live region
// when it changes.
//
//   const line = new AnalysisLine(lineElement, switchInput, { storage, t, sideName });
//   line.update({ client, slug, state (dump), toMove, key, allowed });
import { announce } from "./announce.js";
import { readChoice, writeChoice } from "./sound.js";

const KEY = "little-table:analysis";

// The sentence for an analysis of the position, or "" when nothing is proven.
export function analysisText(analysis, toMove, t, sideName) {
  if (!analysis?.exact) return "";
  if (analysis.outcome === 0) return t("analysis-draw");
  const winner = analysis.outcome === 1 ? toMove : 1 - toMove;
  const n = analysis.distance === null ? null : Math.ceil(analysis.distance / 2);
  return n === null ? t("analysis-win-unknown", { side: sideName(winner) }) : t("analysis-win", { side: sideName(winner), n });
}

export class AnalysisLine {
  constructor(line, input, { storage = null, t, sideName }) {
    this.line = line;
    this.input = input;
    this.storage = storage;
    this.t = t;
    this.sideName = sideName;
    this.enabled = readChoice(storage, KEY) === "on";
    this.key = null;
    this.abort = null;
    this.last = null;
    if (input) {
      input.checked = this.enabled;
      input.disabled = false;
      input.addEventListener("change", () => {
        this.enabled = input.checked;
        writeChoice(storage, KEY, this.enabled ? "on" : "off");
        this.key = null;
        this.refresh?.();
      });
    }
  }

  // Hides the switch where analysis is never shown (a friend room).
  setOffered(offered) {
    const label = this.input?.closest("label");
    if (label) label.hidden = !offered;
  }

  // `key` names the position (the moves played); `allowed` is false while the AI thinks, in
  // a friend game, or once the game is over.
  update({ client, slug, state, toMove, key, allowed }) {
    this.refresh = () => this.update({ client, slug, state, toMove, key, allowed });
    if (!this.enabled || !allowed) {
      this.stop();
      this.show("");
      return;
    }
    if (key === this.key) return;
    this.stop();
    this.key = key;
    this.show("");
    const abort = new AbortController();
    this.abort = abort;
    this.line.dataset.analysis = "pending";
    // How long the worker looks is the game's own (its AI module's REVIEW.analysisMs).
    client.analyse({ slug, state, signal: abort.signal })
      .then((analysis) => {
        if (this.abort !== abort) return;
        this.abort = null;
        this.line.dataset.analysis = analysis.exact ? analysis.kind : "unproven";
        this.line.dataset.distance = analysis.distance === null ? "" : String(analysis.distance);
        this.show(analysisText(analysis, toMove, this.t, this.sideName));
      })
      .catch(() => {
        if (this.abort === abort) this.abort = null; // cancelled by a newer position
      });
  }

  stop() {
    const abort = this.abort;
    this.abort = null;
    this.key = null;
    abort?.abort();
  }

  show(text) {
    if (!text) {
      this.line.hidden = true;
      this.line.textContent = "";
      if (!this.abort) this.line.dataset.analysis = "";
      this.last = null;
      return;
    }
    this.line.textContent = text;
    this.line.hidden = false;
    if (text !== this.last) announce(text);
    this.last = text;
  }
}
