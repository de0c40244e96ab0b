// The service worker: after one visit the game loads and plays with no
// network. Every file of one build is kept in a cache named after that build
// (tools/build-id.sh writes BUILD and FILES when the site is built), so a page
// is only ever served with its own worker and wasm. FILES is what the game
// needs (the home-screen icons and the licence are kept once fetched).
//
// A new deploy changes this file, so the browser installs the new version
// beside the old one. It waits until the page says so (the player taps
// "Reload" on the notice) or until no page of the old version is open, then
// takes over and deletes the old cache.
const BUILD = "dev";
const FILES = [];
const CACHE = `pantheon-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": ask the server again (a file the page has just loaded
      // costs a 304), never trust an older copy in the HTTP cache.
      cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("pantheon-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const scope = new URL("./", self.location).pathname;
  // The game's page at any query (a shared link): the cached page.
  const isGame =
    request.mode === "navigate" && (url.pathname === scope || url.pathname === `${scope}index.html`);
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(isGame ? "./" : request, { ignoreSearch: request.mode === "navigate" });
      if (cached) return cached;
      // Not kept ahead (the icons a phone fetches to install the game, the
      // licence): kept once fetched.
      const response = await fetch(request);
      if (response.ok && !isGame) cache.put(request, response.clone());
      return response;
    }),
  );
});
