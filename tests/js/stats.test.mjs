// The statistics client's pure logic: buckets, device class, the GPC/DNT default, event and
// batch building, the page tracker, and the client's switch, batching and beacon with fakes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  coresBucket, durationBucket, memoryBucket, reconnectBucket, renderBucket,
} from "../../static/js/stats/buckets.js";
import { browserFamily, defaultEnabled, deviceClass, isPhone, osFamily } from "../../static/js/stats/device.js";
import { buildBodies, makeEvent, StatsError } from "../../static/js/stats/events.js";
import { PageTracker, resultOf } from "../../static/js/stats/tracker.js";
import { FLUSH_AFTER_MS, FLUSH_AT, PREFERENCE_KEY, StatsClient } from "../../static/js/stats/client.js";

const UA = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36 Edg/150.0.0.0",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0",
  samsungAndroid: "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
  chromeIpad: "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/150.0 Mobile/15E148 Safari/604.1",
  operaChromeOs: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36 OPR/110.0.0.0",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36",
};

describe("buckets", () => {
  it("durations", () => {
    assert.deepEqual([0, 59999, 60000, 179999, 180000, 599999, 600000, 1799999, 1800000, 3599999, 3600000, 9e9].map(durationBucket),
      ["under-1m", "under-1m", "1-3m", "1-3m", "3-10m", "3-10m", "10-30m", "10-30m", "30-60m", "30-60m", "over-60m", "over-60m"]);
    assert.throws(() => durationBucket(-1), RangeError);
    assert.throws(() => durationBucket(Number.NaN), RangeError);
  });
  it("reconnects", () => {
    assert.deepEqual([0, 1, 2, 3, 4, 9, 10, 500].map(reconnectBucket), ["0", "1", "2-3", "2-3", "4-9", "4-9", "10+", "10+"]);
    assert.throws(() => reconnectBucket(1.5), RangeError);
    assert.throws(() => reconnectBucket(-1), RangeError);
  });
  it("render speed", () => {
    assert.deepEqual([0, 14.9, 15, 29.9, 30, 49.9, 50, 144].map(renderBucket),
      ["under-15fps", "under-15fps", "15-30fps", "15-30fps", "30-50fps", "30-50fps", "50fps+", "50fps+"]);
    assert.throws(() => renderBucket("60"), RangeError);
  });
  it("memory from navigator.deviceMemory", () => {
    assert.deepEqual([0.25, 0.5, 1, 2, 4, 8, 16, undefined, 0, "8"].map(memoryBucket),
      ["under-2gb", "under-2gb", "under-2gb", "2-4gb", "4-8gb", "8gb+", "8gb+", "unknown", "unknown", "unknown"]);
  });
  it("cores from navigator.hardwareConcurrency", () => {
    assert.deepEqual([1, 2, 3, 4, 6, 8, 12, 16, 32, 0, undefined, 2.5].map(coresBucket),
      ["1-2", "1-2", "3-4", "3-4", "5-8", "5-8", "9-16", "9-16", "17+", "unknown", "unknown", "unknown"]);
  });
});

describe("device class", () => {
  it("browser and OS families from the user agent", () => {
    const cases = [
      [UA.chromeWindows, "chrome", "windows", false],
      [UA.edgeWindows, "edge", "windows", false],
      [UA.safariIphone, "safari", "ios", true],
      [UA.safariMac, "safari", "macos", false],
      [UA.firefoxLinux, "firefox", "linux", false],
      [UA.firefoxAndroid, "firefox", "android", true],
      [UA.samsungAndroid, "samsung", "android", true],
      [UA.chromeIpad, "chrome", "ios", false],
      [UA.operaChromeOs, "opera", "chromeos", false],
      [UA.headless, "chrome", "linux", false],
      ["curl/8.0", "other", "other", false],
    ];
    for (const [userAgent, browser, os, phone] of cases) {
      assert.deepEqual([browserFamily({ userAgent }), osFamily({ userAgent }), isPhone({ userAgent })], [browser, os, phone], userAgent);
    }
  });
  it("prefers userAgentData when the browser has it", () => {
    const nav = {
      userAgent: UA.chromeWindows,
      userAgentData: { brands: [{ brand: "Not A Brand" }, { brand: "Microsoft Edge" }, { brand: "Chromium" }], platform: "Android", mobile: true },
    };
    assert.equal(browserFamily(nav), "edge");
    assert.equal(osFamily(nav), "android");
    assert.equal(isPhone(nav), true);
  });
  it("an iPad asking for the desktop site is iOS", () => {
    assert.equal(osFamily({ userAgent: UA.safariMac, maxTouchPoints: 5 }), "ios");
  });
  it("holds only the five enumerated fields, never the user agent", () => {
    const device = deviceClass({ userAgent: UA.safariIphone, deviceMemory: 4, hardwareConcurrency: 6 });
    assert.deepEqual(device, { phone: true, memory: "4-8gb", cores: "5-8", browser: "safari", os: "ios" });
    assert.ok(!JSON.stringify(device).includes("Mozilla"));
  });
});

describe("the default of the switch", () => {
  it("is on without a privacy signal", () => {
    assert.equal(defaultEnabled({}), true);
    assert.equal(defaultEnabled({ globalPrivacyControl: false, doNotTrack: "0" }), true);
    assert.equal(defaultEnabled({ doNotTrack: null }), true);
  });
  it("is off with Global Privacy Control or Do Not Track", () => {
    assert.equal(defaultEnabled({ globalPrivacyControl: true }), false);
    assert.equal(defaultEnabled({ doNotTrack: "1" }), false);
  });
});

const DEVICE = { phone: false, memory: "8gb+", cores: "5-8", browser: "firefox", os: "linux" };

describe("events and batches", () => {
  it("builds an event of exactly the documented fields", () => {
    assert.deepEqual(makeEvent("game-end", { game: "dara", mode: "ai", level: "advanced", result: "loss", moves: 40, duration: "3-10m" }, DEVICE),
      { event: "game-end", game: "dara", mode: "ai", level: "advanced", result: "loss", moves: 40, duration: "3-10m", ...DEVICE });
  });
  it("refuses what the server would refuse", () => {
    const bad = [
      ["page-view", {}],
      ["game-start", { game: "chess", mode: "local" }],
      ["game-start", { game: "dara", mode: "local", room: "abc" }],
      ["game-start", { game: "dara", mode: "ai" }],
      ["game-start", { game: "dara", mode: "local", level: "beginner" }],
      ["game-end", { game: "dara", mode: "local", result: "win", moves: 3, duration: "1-3m" }],
      ["game-end", { game: "dara", mode: "local", result: "first", moves: 3.5, duration: "1-3m" }],
      ["board-3d", { game: "dara", outcome: "failed" }],
      ["board-3d", { game: "score-four", outcome: "failed", render: "50fps+" }],
      ["room-connection", { game: "dara", outcome: "ok" }],
    ];
    for (const [kind, fields] of bad) assert.throws(() => makeEvent(kind, fields, DEVICE), StatsError, `${kind} ${JSON.stringify(fields)}`);
  });
  it("splits batches at the event count and the byte size", () => {
    const event = makeEvent("game-start", { game: "dara", mode: "local" }, DEVICE);
    const bodies = buildBodies(Array.from({ length: 45 }, () => event));
    assert.deepEqual(bodies.map((body) => JSON.parse(body).events.length), [20, 20, 5]);
    const small = buildBodies(Array.from({ length: 5 }, () => event), { maxBytes: 400 });
    for (const body of small) assert.ok(new TextEncoder().encode(body).length <= 400);
    assert.equal(small.map((body) => JSON.parse(body).events.length).reduce((a, b) => a + b), 5);
    assert.deepEqual(buildBodies([]), []);
    assert.equal(bodies[0], JSON.stringify({ events: Array(20).fill(event) }));
  });
});

describe("the page tracker", () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms) => { t += ms; } };
  };
  it("turns a finished game into start and end events with a duration bucket", () => {
    const time = clock();
    const tracker = new PageTracker({ now: time.now });
    assert.deepEqual(tracker.handle("game-start", { game: "tic-tac-toe", mode: "ai", level: "beginner", humanSide: 1 }),
      [["game-start", { game: "tic-tac-toe", mode: "ai", level: "beginner" }]]);
    time.advance(95_000);
    assert.deepEqual(tracker.handle("game-end", { game: "tic-tac-toe", mode: "ai", level: "beginner", winner: 1, plies: 8, reason: "line" }),
      [["game-end", { game: "tic-tac-toe", mode: "ai", level: "beginner", result: "win", ending: "line", moves: 8, duration: "1-3m" }]]);
  });
  it("says how a game ended, a friend game ended by the players included", () => {
    const tracker = new PageTracker();
    tracker.handle("game-start", { game: "dara", mode: "friend", humanSide: 0 });
    const [[, end]] = tracker.handle("game-end", { game: "dara", mode: "friend", winner: 0, moves: 12, reason: "resigned" });
    assert.equal(end.ending, "resigned");
    assert.equal(makeEvent("game-end", end, DEVICE).ending, "resigned");
    tracker.handle("game-start", { game: "dara", mode: "friend", humanSide: 0 });
    const [[, other]] = tracker.handle("game-end", { game: "dara", mode: "friend", winner: 0, moves: 12, reason: "timeout" });
    assert.equal(other.ending, undefined); // never a value the schema does not know
  });
  it("sends the page's language with starts and ends, only when it is one of the site's", () => {
    const tracker = new PageTracker({ lang: "ja" });
    assert.deepEqual(tracker.handle("game-start", { game: "dara", mode: "local" }),
      [["game-start", { game: "dara", mode: "local", lang: "ja", level: undefined }]]);
    const [[, end]] = tracker.handle("game-end", { game: "dara", mode: "local", winner: 0, moves: 30 });
    assert.equal(end.lang, "ja");
    assert.equal(makeEvent("game-end", end, DEVICE).lang, "ja");
    for (const lang of ["en", "ja<script>", "", null, undefined]) {
      const other = new PageTracker({ lang });
      assert.ok(!("lang" in other.handle("game-start", { game: "dara", mode: "local" })[0][1]), String(lang));
    }
    assert.throws(() => makeEvent("game-start", { game: "dara", mode: "local", lang: "en" }, DEVICE), /lang/);
  });
  it("refuses a second end without a new start (an undo after the end)", () => {
    const tracker = new PageTracker();
    tracker.handle("game-start", { game: "dara", mode: "local" });
    tracker.handle("game-end", { game: "dara", mode: "local", winner: 0, moves: 30 });
    assert.throws(() => tracker.handle("game-end", { game: "dara", mode: "local", winner: 0, moves: 30 }), /without its game-start/);
  });
  it("results from each side", () => {
    assert.equal(resultOf("local", 0, null), "first");
    assert.equal(resultOf("local", 1, null), "second");
    assert.equal(resultOf("local", null, null), "draw");
    assert.equal(resultOf("ai", 0, 1), "loss");
    assert.equal(resultOf("friend", 1, 1), "win");
    assert.throws(() => resultOf("ai", 0, null), /humanSide/);
  });
  it("reports the 3D board once per page", () => {
    const tracker = new PageTracker();
    assert.deepEqual(tracker.handle("render-speed", { game: "score-four", fps: 42 }),
      [["board-3d", { game: "score-four", outcome: "ok", render: "30-50fps" }]]);
    assert.deepEqual(tracker.handle("webgl-context-lost", { game: "score-four" }), []);
    const failing = new PageTracker();
    assert.deepEqual(failing.handle("webgl-failure", { game: "score-four", reason: "GPU model text" }),
      [["board-3d", { game: "score-four", outcome: "failed", render: undefined }]]);
  });
  it("summarizes a room visit once, when the page goes away", () => {
    const tracker = new PageTracker();
    for (let i = 0; i < 4; i += 1) tracker.handle("room-connected", { game: "dara" });
    assert.deepEqual(tracker.finish(), [["room-connection", { game: "dara", outcome: "ok", reconnects: "2-3" }]]);
    assert.deepEqual(tracker.finish(), []);
    const failed = new PageTracker();
    failed.handle("room-failed", { game: "dara" });
    assert.deepEqual(failed.finish(), [["room-connection", { game: "dara", outcome: "failed" }]]);
    assert.deepEqual(new PageTracker().finish(), []);
  });
});

class FakeTarget {
  constructor() { this.listeners = {}; }
  addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
  fire(type) { for (const fn of this.listeners[type] ?? []) fn(); }
}

class FakeStorage {
  constructor() { this.items = new Map(); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
}

function makeClient({ nav = {}, local = new FakeStorage() } = {}) {
  const beacons = [];
  const timers = [];
  const navigator = {
    userAgent: UA.firefoxLinux, hardwareConcurrency: 8, ...nav,
    sendBeacon: (url, body) => { beacons.push({ url, body }); return true; },
  };
  const win = new FakeTarget();
  const doc = new FakeTarget();
  doc.visibilityState = "visible";
  const client = new StatsClient({
    nav: navigator, win, doc, local, session: new FakeStorage(),
    setTimer: (fn, ms) => { timers.push({ fn, ms }); return timers.length; },
    clearTimer: () => {},
  });
  return { client, beacons, timers, win, doc, local };
}

const start = { game: "tic-tac-toe", mode: "local" };

describe("the client", () => {
  it("sends nothing at all while off, and drops what was queued when switched off", () => {
    const { client, beacons, win, doc, timers } = makeClient();
    client.report("game-start", start);
    client.setEnabled(false);
    client.report("game-start", start);
    win.fire("pagehide");
    doc.visibilityState = "hidden";
    doc.fire("visibilitychange");
    for (const timer of timers) timer.fn();
    assert.deepEqual(beacons, []);
  });
  it("starts off with GPC and DNT, unless the player switched it on", () => {
    assert.equal(makeClient({ nav: { globalPrivacyControl: true } }).client.enabled, false);
    const { client, local } = makeClient({ nav: { doNotTrack: "1" } });
    assert.equal(client.enabled, false);
    assert.equal(client.offBySignal, true);
    client.setEnabled(true);
    assert.equal(local.getItem(PREFERENCE_KEY), "on");
    assert.equal(client.enabled, true);
    assert.equal(client.offBySignal, false);
  });
  it("flushes at FLUSH_AT events, on its timer, and when the page is hidden or goes away", () => {
    const { client, beacons, timers, doc, win } = makeClient();
    for (let i = 0; i < FLUSH_AT; i += 1) client.report("game-start", start);
    assert.equal(beacons.length, 1);
    assert.equal(JSON.parse(beacons[0].body).events.length, FLUSH_AT);
    assert.equal(beacons[0].url, "/api/stats/events");
    client.report("game-start", start);
    assert.equal(timers.at(-1).ms, FLUSH_AFTER_MS);
    timers.at(-1).fn();
    assert.equal(beacons.length, 2);
    client.report("game-start", start);
    doc.visibilityState = "hidden";
    doc.fire("visibilitychange");
    assert.equal(beacons.length, 3);
    client.report("room-connected", { game: "dara" });
    win.fire("pagehide");
    assert.equal(beacons.length, 4);
    assert.deepEqual(JSON.parse(beacons[3].body).events.map((e) => e.event), ["room-connection"]);
  });
  it("keeps the last bodies exactly as sent for \"What is sent?\"", () => {
    const { client, beacons, win } = makeClient();
    for (let i = 0; i < 7; i += 1) {
      client.report("game-start", start);
      win.fire("pagehide");
    }
    assert.equal(client.sent.length, 5);
    assert.deepEqual(client.sent, beacons.slice(-5).map((b) => b.body));
  });
  it("records nothing offline and drops what waits when the connection goes, keeping nothing for later", () => {
    const { client, beacons, win } = makeClient();
    client.nav.onLine = false;
    client.report("game-start", start);
    win.fire("pagehide");
    assert.deepEqual(beacons, []);
    client.nav.onLine = true;
    client.report("game-start", start);
    client.nav.onLine = false;
    win.fire("pagehide");
    assert.deepEqual(beacons, []);
    client.nav.onLine = true;
    win.fire("pagehide");
    assert.deepEqual(beacons, [], "nothing recorded offline is sent once back online");
    client.report("game-start", start);
    win.fire("pagehide");
    assert.equal(beacons.length, 1);
    assert.deepEqual(JSON.parse(beacons[0].body).events.map((e) => e.event), ["game-start"]);
  });
  it("never throws on a bad page report", () => {
    const { client, beacons, win } = makeClient();
    const warn = console.warn;
    const warnings = [];
    console.warn = (text) => warnings.push(text);
    try {
      client.report("game-end", { game: "tic-tac-toe", mode: "ai", level: "beginner", result: "white", moves: 3 });
      client.report("nonsense", {});
    } finally {
      console.warn = warn;
    }
    win.fire("pagehide");
    assert.deepEqual(beacons, []);
    assert.equal(warnings.length, 2);
  });
});
