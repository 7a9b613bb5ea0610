// The mode choice and the in-game controls beside the board
// (templates/games/_mode_panel.html), shared by every play page.
//   const panel = new ModePanel(root, { onStart: ({mode, level, humanSide, variant}) => …,
//                                       onAction: (name) => … });
//   panel.showChoice() / panel.showControls();
//   panel.setEnabled("undo", false); panel.setShown("show-result", true)
// Actions: undo, again, choose-mode, show-result (buttons with data-action).

export class ModePanel {
  constructor(root, { onStart, onAction }) {
    this.root = root;
    this.choice = root.querySelector("[data-mode-choice]");
    this.controls = root.querySelector("[data-game-controls]");
    this.modeLabel = root.querySelector("[data-game-mode]");
    // The template disables them until now: a tap before the page could start a game was lost.
    for (const start of root.querySelectorAll("[data-start]")) start.disabled = false;
    root.addEventListener("click", (event) => {
      const start = event.target.closest("[data-start]");
      if (start && root.contains(start)) {
        const { mode, level, humanSide } = start.dataset;
        const choice = { mode, level: level || null, humanSide: Number(humanSide ?? 0) };
        // A game with rule settings: the one checked above the modes (the default first).
        const variant = root.querySelector("[data-variant-choice] input:checked")?.value;
        if (variant) choice.variant = variant;
        onStart(choice, start);
        return;
      }
      const button = event.target.closest("button[data-action]");
      if (!button || !this.controls.contains(button)) return;
      if (button.getAttribute("aria-disabled") === "true") return;
      onAction(button.dataset.action, button);
    });
  }

  button(action) {
    return this.controls.querySelector(`[data-action="${action}"]`);
  }

  // The rule setting shown checked (a resumed or restarted game's, when the choice comes back).
  setVariant(variant) {
    const input = this.root.querySelector(`[data-variant-choice] input[value="${CSS.escape(variant)}"]`);
    if (input) input.checked = true;
  }

  showChoice({ focus = false } = {}) {
    this.choice.hidden = false;
    this.controls.hidden = true;
    this.root.dataset.state = "choice";
    if (focus) this.choice.querySelector("button")?.focus();
  }

  showControls({ modeText = "" } = {}) {
    this.choice.hidden = true;
    this.controls.hidden = false;
    this.root.dataset.state = "playing";
    if (this.modeLabel) this.modeLabel.textContent = modeText;
  }

  // aria-disabled keeps a button focusable, so focus is not lost when it turns off.
  setEnabled(action, enabled) {
    const button = this.button(action);
    if (button) button.setAttribute("aria-disabled", String(!enabled));
  }

  setShown(action, shown) {
    const button = this.button(action);
    if (button) button.hidden = !shown;
  }
}
