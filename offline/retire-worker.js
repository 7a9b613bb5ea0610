// The kill switch (OFFLINE_WORKER_RETIRE=1, docs/OPERATIONS.md): served at /sw.js in place of
// the real worker when a release shipped a broken one. Browsers pick it up at their next
// update check (every page view, /sw.js is never cached); it takes over at once, deletes every
// cache of the site, unregisters itself and stops answering anything: from then on pages and
// files come from the network, as if the site had never been installed. Open tabs are not
// reloaded (a game in progress goes on); pages stop registering a worker while the switch is
// on, and the release after it installs the real worker afresh.
/* global CONFIG */
"use strict";

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
    await self.registration.unregister();
  })());
});

// No fetch listener: nothing this worker controls is answered by it.
