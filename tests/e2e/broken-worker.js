// A broken release's service worker, for tests/e2e/test_offline_kill_switch.py: it takes
// over at once and fails every request it controls, so no page of the site loads any more.
"use strict";
self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  event.respondWith(Promise.reject(new Error("a broken release")));
});
