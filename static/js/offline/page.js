// Every page's side of offline play (templates/offline/_page.html):
// - registers the service worker (/sw.js, offline/service-worker.js), which precaches the
//   pages and files that play against the AI and two on one device need;
// - shows the quiet "updated" notice when a new build's worker takes over this page (it
//   never reloads: a game in progress goes on with the files it was loaded with);
// - asks for an update check when the connection comes back;
// - keeps the friend button honest: without a connection it is disabled and says why.
import { connectionView } from "./connection.js";

const notice = document.querySelector("[data-update-notice]");
notice?.querySelector("[data-update-dismiss]")?.addEventListener("click", () => {
  notice.hidden = true;
});

function showUpdated() {
  if (!notice) return;
  notice.hidden = false;
  document.documentElement.dataset.offlineUpdated = "true";
}

async function register() {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  // A page that already had a worker and gets another one was loaded with the older build.
  let hadController = Boolean(container.controller);
  container.addEventListener("controllerchange", () => {
    if (hadController) showUpdated();
    hadController = true;
  });
  try {
    const registration = await container.register("/sw.js", { scope: "/" });
    window.addEventListener("online", () => registration.update().catch(() => {}));
    await container.ready;
    document.documentElement.dataset.offlineReady = "true";
  } catch (error) {
    // Private windows and some settings refuse workers: the site still works online.
    console.warn(`offline play unavailable: ${error.message}`);
  }
}

for (const form of document.querySelectorAll("[data-friend-form]")) connectionView(form, window, navigator);
register();
