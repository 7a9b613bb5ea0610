// The "Send play statistics" switch and its "What is sent?" view
// (templates/stats/_switch.html); every copy on the page shows the same client.
import { pageClient } from "./client.js";

// Each field's name in the reader's language (templates/stats/_switch.html).
function fieldLabels(root) {
  try {
    return JSON.parse(root.dataset.fieldLabels || "{}");
  } catch {
    return {};
  }
}

const element = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

// One request body as a list of its events, each a list of its fields: the field's name in
// words and as sent, and the value exactly as sent. A body that is not the expected JSON
// (it cannot happen, but the view must not hide it) is shown as it is.
function bodyView(body, labels) {
  let events = null;
  try {
    events = JSON.parse(body).events;
  } catch {
    // shown raw below
  }
  if (!Array.isArray(events)) return element("pre", "stats-sent__raw", body);
  const list = element("ol", "stats-sent__body");
  // Newest first, as the view says: within a body too (a game's end above its start).
  for (const event of [...events].reverse()) {
    const fields = element("dl", "stats-sent__event");
    for (const [name, value] of Object.entries(event ?? {})) {
      const term = element("dt", "", labels[name] ?? name);
      if (labels[name]) term.append(" ", element("span", "stats-sent__name", name));
      const detail = element("dd");
      detail.append(element("code", "", typeof value === "string" ? value : JSON.stringify(value)));
      const row = element("div");
      row.append(term, detail);
      fields.append(row);
    }
    const item = element("li");
    item.append(fields);
    list.append(item);
  }
  return list;
}

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
  const labels = fieldLabels(root);
  const showSent = () => {
    const bodies = client.sent;
    list.replaceChildren(...bodies.slice().reverse().map((body) => bodyView(body, labels)));
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
