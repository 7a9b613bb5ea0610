// The "Send play statistics" switch and its "What is sent?" view
// (templates/stats/_switch.html); every copy on the page shows the same client.
import { pageClient } from "./client.js";

function bind(root, client) {
  const toggle = root.querySelector("[data-stats-toggle]");
  const signalNote = root.querySelector("[data-stats-signal]");
  const list = root.querySelector("[data-stats-sent-list]");
  const empty = root.querySelector("[data-stats-sent-empty]");

  const showState = () => {
    toggle.checked = client.enabled;
    toggle.disabled = false;
    if (signalNote) signalNote.hidden = !client.offBySignal;
    root.dataset.statsEnabled = String(client.enabled);
  };
  const showSent = () => {
    const bodies = client.sent;
    list.replaceChildren(...bodies.slice().reverse().map((body) => {
      const pre = document.createElement("pre");
      pre.className = "stats-sent__body";
      pre.textContent = body; // exactly the request body, character for character
      return pre;
    }));
    empty.hidden = bodies.length > 0;
  };

  toggle.addEventListener("change", () => client.setEnabled(toggle.checked));
  client.addEventListener("change", showState);
  client.addEventListener("sent", showSent);
  // Another tab may have sent or switched meanwhile.
  root.querySelector("details")?.addEventListener("toggle", () => { showSent(); showState(); });
  showState();
  showSent();
  root.dataset.statsReady = "true";
}

const client = pageClient();
for (const root of document.querySelectorAll("[data-stats-switch]")) bind(root, client);
