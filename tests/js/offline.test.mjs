// Offline play's browser code without a browser: the friend form's offline state
// (static/js/offline/connection.js) and the service worker's routing
// (offline/service-worker.js, evaluated with a fake worker scope). The browser test
// tests/e2e/test_offline.py plays offline for real.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import vm from "node:vm";

import { connectionView } from "../../static/js/offline/connection.js";

class FakeTarget {
  constructor() { this.listeners = {}; }
  addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
  fire(type) { for (const fn of this.listeners[type] ?? []) fn({ type }); }
}

describe("the friend form offline", () => {
  it("disables the button and shows the note while offline, and undoes both online", () => {
    const button = { disabled: false };
    const note = { hidden: true };
    const form = {
      dataset: {},
      querySelector: (selector) => (selector.startsWith("button") ? button : note),
    };
    const win = new FakeTarget();
    const nav = { onLine: false };
    connectionView(form, win, nav);
    assert.deepEqual([button.disabled, note.hidden, form.dataset.offline], [true, false, "true"]);
    nav.onLine = true;
    win.fire("online");
    assert.deepEqual([button.disabled, note.hidden, form.dataset.offline], [false, true, "false"]);
    nav.onLine = false;
    win.fire("offline");
    assert.equal(button.disabled, true);
  });
});

function loadWorker() {
  const config = {
    build: "0123456789abcdef",
    static: ["/static/js/site-menu.abc.js"],
    pages: { ko: ["/ko/", "/ko/score-four/", "/ko/manifest.webmanifest"], ja: ["/ja/"] },
    staticUrl: "/static/",
  };
  const scope = new FakeTarget();
  scope.location = new URL("https://table.example/sw.js");
  const context = vm.createContext({ self: scope, URL, Map, Set, Promise, console });
  const source = `const CONFIG = ${JSON.stringify(config)};\n`
    + readFileSync(new URL("../../offline/service-worker.js", import.meta.url), "utf8")
    + "\n;({ routeOf, languageOf, CACHE });";
  return { scope, ...vm.runInContext(source, context) };
}

const get = (url, mode = "navigate") => ({ method: "GET", url, mode });

describe("the service worker's routes", () => {
  const { routeOf, languageOf, CACHE } = loadWorker();
  it("names its cache by the build", () => {
    assert.equal(CACHE, "little-table-0123456789abcdef");
  });
  it("answers the listed pages and static files, and leaves everything else to the network", () => {
    assert.equal(routeOf(get("https://table.example/ko/score-four/")), "page");
    assert.equal(routeOf(get("https://table.example/ko/manifest.webmanifest", "cors")), "page");
    assert.equal(routeOf(get("https://table.example/static/js/site-menu.abc.js", "cors")), "static");
    for (const url of [
      "https://table.example/ko/r/5f2c9a0d4e7b41a8b6c3d2e1f0a9b8c7/", // a friend room
      "https://table.example/api/rooms/",
      "https://table.example/admin/",
      "https://table.example/sw.js",
      "https://table.example/ko/score-four/?from=share", // a query: not the cached page
      "https://elsewhere.example/ko/",
    ]) {
      assert.equal(routeOf(get(url)), null, url);
    }
    assert.equal(routeOf({ method: "POST", url: "https://table.example/ko/", mode: "navigate" }), null);
  });
  it("knows a page's language from its first path segment", () => {
    assert.equal(languageOf("https://table.example/ja/dara/"), "ja");
    assert.equal(languageOf("https://table.example/static/x.js"), null);
    assert.equal(languageOf("https://table.example/zh-hans/"), null); // no pages listed in this config
  });
});
