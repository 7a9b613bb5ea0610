// The result dialog (markup in templates/games/_mode_panel.html). It opens a moment after
// the game ends; "View board" closes it so the final position can be studied, and the
// page's "Show result" button reopens it. Focus goes to the title when it opens and back to
// the element the page names when it closes.
//
//   const dialog = new ResultDialog(element, { onAction, returnFocus });
//   dialog.show({ title, detail });  dialog.hide();  dialog.reopen();  dialog.clear();

export class ResultDialog {
  constructor(element, { onAction = () => {}, onToggle = () => {}, returnFocus = () => null } = {}) {
    this.element = element;
    this.title = element.querySelector("[data-result-title]");
    this.detail = element.querySelector("[data-result-detail]");
    this.onAction = onAction;
    this.onToggle = onToggle;
    this.returnFocus = returnFocus;
    this.result = null;
    element.addEventListener("click", (event) => {
      const button = event.target.closest("[data-action]");
      if (!button || !element.contains(button)) return;
      const action = button.dataset.action;
      if (action === "view-board") this.hide();
      else {
        this.close(false);
        this.onAction(action);
      }
    });
    // Escape means "View board".
    element.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.hide();
    });
  }

  get available() { return this.result !== null; }
  get open() { return this.element.open; }

  show(result) {
    this.result = result;
    this.title.textContent = result.title;
    this.detail.textContent = result.detail ?? "";
    this.detail.hidden = !result.detail;
    this.reopen();
  }

  reopen() {
    if (!this.result || this.element.open) return;
    this.element.showModal();
    this.title.focus();
    this.onToggle(true);
  }

  // "View board": close, keep the result for "Show result".
  hide() {
    this.close(true);
  }

  close(restoreFocus) {
    if (!this.element.open) return;
    this.element.close();
    this.onToggle(false);
    if (restoreFocus) this.returnFocus()?.focus();
  }

  // A new game: no result to show.
  clear() {
    this.result = null;
    this.close(false);
  }
}
