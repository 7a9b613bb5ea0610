// little table's service worker: offline play against the AI and two on one device.
//
// Served by offline/views.py at /sw.js (scope /), with `const CONFIG = {build, static, pages,
// staticUrl}` written in front of this file (offline/precache.py makes the lists).
//
// - Install: one cache per build ("little-table-<build>") receives every static file the
//   pages need (hashed names) and the pages of the languages of the open tabs. Any failure
//   fails the install, so a half-filled cache is never used.
// - Pages (the listed URLs only, no query): network first, the fresh copy replacing the cached
//   one; the cached copy when the network fails or is slower than PAGE_TIMEOUT_MS. A page is
//   stored with its headers, so its Content-Security-Policy nonce still matches its scripts.
// - Static files: cache first, from any build's cache (a hashed name is one content), else the
//   network, never stored.
// - The daily puzzle: its data (/daily/puzzles/<date>.json) network first, each answer kept,
//   the kept copy offline; an archived date's page (/<lang>/daily/<date>/) offline is the
//   language's daily page, which reads its date from the address.
// - Everything else (friend rooms /…/r/, /api/, /admin/, this script) is not touched.
// - A new build installs, takes over at once and tells the pages (they show a quiet notice and
//   never reload). Older caches are kept while a page that may still ask for their files is
//   open, and deleted as soon as one tab at most is left and it opens a page.
/* global CONFIG */
"use strict";

const PREFIX = "little-table-";
const CACHE = PREFIX + CONFIG.build;
const PAGE_TIMEOUT_MS = 4000;

const LANGUAGES = Object.keys(CONFIG.pages);
const PAGES = new Map(); // absolute URL -> language
for (const [language, urls] of Object.entries(CONFIG.pages)) {
  for (const url of urls) PAGES.set(new URL(url, self.location.origin).href, language);
}

// The language whose pages a URL belongs to ("/ja/<game>/" -> "ja"), or null.
function languageOf(href) {
  const first = new URL(href).pathname.split("/")[1];
  return LANGUAGES.includes(first) ? first : null;
}

const DAILY_DATA = /^\/daily\/puzzles\/\d{4}-\d{2}-\d{2}\.json$/;
const DAILY_DATE_PAGE = /^\/[a-z-]+\/daily\/\d{4}-\d{2}-\d{2}\/$/;
// "/ko/daily/2026-12-01/" -> the absolute URL of "/ko/daily/".
function dailyPage(url) {
  return new URL(url.pathname.replace(/\d{4}-\d{2}-\d{2}\/$/, ""), url.origin).href;
}

// What the worker does with a request: "page", "static" or null (the network, untouched).
function routeOf(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (url.search === "" && PAGES.has(url.href)) return "page";
  if (url.pathname.startsWith(CONFIG.staticUrl)) return "static";
  if (url.search === "" && DAILY_DATA.test(url.pathname)) return "daily-data";
  if (url.search === "" && DAILY_DATE_PAGE.test(url.pathname) && PAGES.has(dailyPage(url))) return "daily-page";
  return null;
}

// A response worth keeping: a whole, same-origin 200 that was not redirected.
function keepable(response) {
  return response && response.ok && response.status === 200 && response.type === "basic" && !response.redirected;
}

async function cachePages(cache, language) {
  const urls = CONFIG.pages[language] ?? [];
  await Promise.all(urls.map(async (url) => {
    const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
    if (!keepable(response)) throw new Error(`precache: ${url} answered ${response.status}`);
    await cache.put(url, response);
  }));
}

async function languagesOfOpenTabs() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return new Set(windows.map((client) => languageOf(client.url)).filter(Boolean));
}

async function dropOlderCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(CONFIG.static);
    for (const language of await languagesOfOpenTabs()) await cachePages(cache, language);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    const windows = await self.clients.matchAll({ type: "window" });
    if (windows.length === 0) await dropOlderCaches();
    for (const client of windows) client.postMessage({ type: "activated", build: CONFIG.build });
  })());
});

function timeout(ms) {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

async function pageResponse(event) {
  const cache = await caches.open(CACHE);
  const key = new URL(event.request.url).href;
  const network = fetch(event.request).then((response) => {
    if (keepable(response)) event.waitUntil(cache.put(key, response.clone()));
    return response;
  });
  network.catch(() => {}); // answered from the cache: the failed fetch is no error to report
  const cached = () => cache.match(key, { ignoreVary: true }).then((hit) => hit ?? caches.match(key, { ignoreVary: true }));
  try {
    const first = await Promise.race([network, timeout(PAGE_TIMEOUT_MS)]);
    if (first) return first;
    return (await cached()) ?? (await network);
  } catch (error) {
    const hit = await cached();
    if (hit) return hit;
    throw error;
  }
}

// After a page of a language is opened, that language's pages are kept too (a visitor who
// switches language on the train still has the new one offline), and older builds' caches go
// once at most one tab is left: the tab that is opening this page.
async function afterNavigation(href) {
  const cache = await caches.open(CACHE);
  const language = languageOf(href);
  if (language && CONFIG.pages[language].length && !(await cache.match(CONFIG.pages[language][0], { ignoreVary: true }))) {
    await cachePages(cache, language).catch(() => {});
  }
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.length <= 1) await dropOlderCaches();
}

async function staticResponse(request) {
  const hit = await caches.match(request, { ignoreVary: true });
  return hit ?? fetch(request);
}

// Network first; the answer kept under its own URL (or `fallback`'s copy when offline).
async function keptResponse(event, fallback = null) {
  const cache = await caches.open(CACHE);
  const key = new URL(event.request.url).href;
  try {
    const response = await fetch(event.request);
    if (keepable(response)) event.waitUntil(cache.put(key, response.clone()));
    return response;
  } catch (error) {
    const hit = (await caches.match(key, { ignoreVary: true }))
      ?? (fallback && (await caches.match(fallback, { ignoreVary: true })));
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const route = routeOf(event.request);
  if (route === "daily-data") {
    event.respondWith(keptResponse(event));
  } else if (route === "daily-page") {
    event.respondWith(keptResponse(event, dailyPage(new URL(event.request.url))));
  } else if (route === "page") {
    event.respondWith(pageResponse(event));
    if (event.request.mode === "navigate") event.waitUntil(afterNavigation(event.request.url));
  } else if (route === "static") {
    event.respondWith(staticResponse(event.request));
  } else if (event.request.mode === "navigate" && event.request.method === "GET") {
    const language = languageOf(event.request.url);
    if (language) event.waitUntil(afterNavigation(event.request.url));
  }
});
