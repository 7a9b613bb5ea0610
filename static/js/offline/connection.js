// The friend form (templates/games/_mode_panel.html) without a connection: its button is
// disabled and the note under it says that a friend game needs a connection. Play against
// the AI and on one device goes on offline. `win` and `nav` are parameters for node tests.
export function connectionView(form, win, nav) {
  const button = form.querySelector("button[type=submit]");
  const note = form.querySelector("[data-friend-offline]");
  const show = () => {
    const offline = nav.onLine === false;
    if (button) button.disabled = offline;
    if (note) note.hidden = !offline;
    form.dataset.offline = String(offline);
  };
  win.addEventListener("online", show);
  win.addEventListener("offline", show);
  show();
  return show;
}
