// The statistics client of a page: the player's switch, the queue, and the sending.
//
// - The switch is remembered in localStorage ("little-table:stats" = "on" | "off"); until
//   the player flips it, it follows the browser: off with Global Privacy Control or Do Not
//   Track. While it is off nothing is queued and nothing is sent, not even a ping.
// - Events are queued and sent with navigator.sendBeacon to /api/stats/events, as soon as
//   FLUSH_AT are waiting, FLUSH_AFTER_MS after the first one, and when the page is hidden
//   or goes away (visibilitychange hidden, pagehide).
// - Offline (navigator.onLine false) nothing is recorded, and what is waiting is dropped
//   rather than kept for later: the privacy pages say so. Games go on; only their
//   statistics are lost.
// - The last bodies sent are kept in sessionStorage (this tab only) for "What is sent?",
//   exactly as they went out.
//
// Events: "change" (the switch) and "sent" (a body went out).
import { defaultEnabled, deviceClass } from "./device.js";
import { buildBodies, makeEvent } from "./events.js";
import { PageTracker } from "./tracker.js";

export const ENDPOINT = "/api/stats/events";
export const PREFERENCE_KEY = "little-table:stats";
export const SENT_KEY = "little-table:stats-sent";
export const FLUSH_AT = 10;
export const FLUSH_AFTER_MS = 15000;
export const SENT_KEPT = 5;

function safeStorage(get) {
  try {
    return get() ?? null;
  } catch {
    return null; // storage disabled: the switch still works for this page
  }
}

export class StatsClient extends EventTarget {
  constructor({
    nav = globalThis.navigator, win = globalThis.window, doc = globalThis.document,
    local = safeStorage(() => globalThis.localStorage),
    session = safeStorage(() => globalThis.sessionStorage),
    endpoint = ENDPOINT, now = () => Date.now(),
    setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id),
  } = {}) {
    super();
    this.nav = nav;
    this.local = local;
    this.session = session;
    this.endpoint = endpoint;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.device = deviceClass(nav);
    this.tracker = new PageTracker({ now, lang: doc?.documentElement?.lang });
    this.queue = [];
    this.timer = null;
    this.memoryChoice = null; // the choice when localStorage is unavailable
    this.sentMemory = [];
    win?.addEventListener?.("pagehide", () => this.pageGone());
    doc?.addEventListener?.("visibilitychange", () => {
      if (doc.visibilityState === "hidden") this.flush();
    });
  }

  // The player's own choice, or null when they never chose.
  get choice() {
    const stored = this.local ? safeStorage(() => this.local.getItem(PREFERENCE_KEY)) : this.memoryChoice;
    return stored === "on" || stored === "off" ? stored : null;
  }

  get enabled() {
    const choice = this.choice;
    return choice === null ? defaultEnabled(this.nav) : choice === "on";
  }

  // True while the device has no connection: events are then dropped, never kept.
  get offline() {
    return this.nav?.onLine === false;
  }

  // True when the browser's privacy signal, not the player, has the switch off.
  get offBySignal() {
    return this.choice === null && !defaultEnabled(this.nav);
  }

  setEnabled(on) {
    const value = on ? "on" : "off";
    if (this.local) safeStorage(() => this.local.setItem(PREFERENCE_KEY, value));
    this.memoryChoice = value;
    if (!on) this.drop();
    this.dispatchEvent(new CustomEvent("change", { detail: { enabled: this.enabled } }));
  }

  // What a play page reports (stats-hook.js). Never throws: statistics must not break a game.
  report(name, fields = {}) {
    try {
      for (const [kind, eventFields] of this.tracker.handle(name, fields)) this.record(kind, eventFields);
    } catch (error) {
      console.warn(`statistics: ${name} not recorded: ${error.message}`);
    }
  }

  record(kind, fields) {
    if (!this.enabled || this.offline) return;
    this.queue.push(makeEvent(kind, fields, this.device));
    if (this.queue.length >= FLUSH_AT) this.flush();
    else this.timer ??= this.setTimer(() => this.flush(), FLUSH_AFTER_MS);
  }

  drop() {
    this.queue = [];
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  pageGone() {
    try {
      for (const [kind, fields] of this.tracker.finish()) this.record(kind, fields);
    } catch (error) {
      console.warn(`statistics: page summary not recorded: ${error.message}`);
    }
    this.flush();
  }

  flush() {
    const events = this.queue;
    this.drop();
    if (!events.length || !this.enabled || this.offline) return;
    for (const body of buildBodies(events)) this.send(body);
  }

  send(body) {
    let queued = false;
    if (typeof this.nav.sendBeacon === "function") {
      // A string body goes out as text/plain;charset=UTF-8: no preflight, no CSRF header
      // (see stats/ingest_guard.py for the server's same-origin check).
      queued = this.nav.sendBeacon(this.endpoint, body);
    }
    if (!queued && typeof globalThis.fetch === "function") {
      globalThis.fetch(this.endpoint, {
        method: "POST", body, keepalive: true, credentials: "omit",
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
      }).catch(() => {});
    }
    this.remember(body);
    this.dispatchEvent(new CustomEvent("sent", { detail: { body } }));
  }

  // The last bodies sent from this tab, oldest first, exactly as sent.
  get sent() {
    if (!this.session) return [...this.sentMemory];
    const raw = safeStorage(() => this.session.getItem(SENT_KEY));
    try {
      const list = JSON.parse(raw ?? "[]");
      return Array.isArray(list) ? list.filter((item) => typeof item === "string") : [];
    } catch {
      return [];
    }
  }

  remember(body) {
    const list = [...this.sent, body].slice(-SENT_KEPT);
    this.sentMemory = list;
    if (this.session) safeStorage(() => this.session.setItem(SENT_KEY, JSON.stringify(list)));
  }
}

let shared = null;

// The one client of this page (the switch and the play page's hook share it).
export function pageClient() {
  shared ??= new StatsClient();
  return shared;
}
