// The first-visit budget: serves dist/ the way a static host does (gzip,
// validators, 304s), loads the game cold in Chromium, and prints every byte
// transferred and the time until the board takes a move.
//
//   node tests/browser/budget.mjs [dist]      (tools/budget.sh runs it)
//
// Two totals are printed: what the page fetches until it is playable, and
// everything the first visit transfers (the service worker then also keeps
// the files the page has not needed yet, such as the traditional pieces).
// Exits with 1 when the page transfers more than BUDGET_BYTES before it is
// playable; the times (until playable, a 100-ply game's review) are printed
// against their targets (they depend on the machine's load). Bytes are response bodies as sent (gzip -9 where a static
// host compresses), without headers.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
import { serve } from './static-server.mjs';

const BUDGET_BYTES = 300_000;
const INTERACTIVE_MS = 1000;
const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', '..', 'dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: build first (trunk build --release)`);
  process.exit(2);
}

const log = [];
const server = await serve(dist, (entry) => log.push({ at: Date.now(), ...entry }));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_FLAGS,
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
// The moment the board is on screen with the first position, from the
// navigation's start. The page then asks the server for MARKER, so that the
// server's own log says what came before (comparing the page's clock with the
// server's once put the worker's wasm, which the board needs, after it).
const MARKER = '/__playable';
await page.addInitScript((marker) => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('.app[data-ready="true"] [data-square]')) {
      window.__interactive = performance.now();
      fetch(marker, { cache: 'no-store' }).catch(() => {});
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}, MARKER);
await page.goto(url);
await page.waitForFunction(() => window.__interactive !== undefined, null, { timeout: 30_000 });
const interactive = await page.evaluate(() => window.__interactive);
// The service worker keeps the rest of the site for offline play.
await page.evaluate(async () => {
  const registration = await navigator.serviceWorker.ready;
  return registration.active?.state;
});
await page.waitForTimeout(500);

// Responsiveness, raw: the gaps between frames and the long tasks while the
// strongest level thinks about a reply (the worker searches; the page's
// thread only draws). Reported, not judged: other processes on the machine
// lengthen them (the browser tests judge the page's own work).
const game = await context.newPage();
await game.goto(`${url}?variant=pandemonium&mode=ai&level=6`);
await game.waitForSelector('.app[data-ready="true"] [data-square]');
await game.evaluate(() => {
  window.__gaps = [];
  window.__longTasks = [];
  let last = performance.now();
  const tick = (t) => {
    window.__gaps.push(t - last);
    last = t;
    if (!window.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask', buffered: false });
});
const thinkStarted = Date.now();
await game.click('[data-square="e4"]');
await game.click('[data-square="e5"]');
await game.waitForSelector('[data-testid="status"][data-plies="2"]', { timeout: 20_000 });
const thinkMs = Date.now() - thinkStarted;
const frames = await game.evaluate(() => {
  window.__stop = true;
  const gaps = window.__gaps.slice(1).sort((a, b) => a - b);
  return {
    count: gaps.length,
    p99: gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * 0.99))],
    longest: gaps[gaps.length - 1],
    longTasks: window.__longTasks,
  };
});

// The review of a 100-ply game on the analysis board, start to summary
// (the worker searches every position): reported against its target, as
// the machine's load lengthens it.
const REVIEW_TARGET_MS = 60_000;
const longGame = readFileSync(new URL('./review-game.txt', import.meta.url), 'utf8').trim();
const board = await context.newPage();
await board.goto(`${url}?variant=mansindam&mode=analysis&moves=${longGame}`);
await board.waitForSelector('[data-testid="analysis"]');
await board.click('[data-testid="engine"]');
const reviewStarted = Date.now();
await board.click('[data-testid="review"]');
await board.waitForSelector('[data-testid="review-summary"]', { timeout: 180_000 });
const reviewMs = Date.now() - reviewStarted;
await browser.close();
server.close();

// What was asked before the board was playable, and what came after (the
// service worker's copy of the site, and its own script).
const markerAt = log.findIndex((e) => e.path === MARKER);
if (markerAt < 0) {
  console.error('the page never reported itself playable');
  process.exit(2);
}
const interactiveAt = log[markerAt].at;
log.splice(markerAt, 1);
log.forEach((e, i) => {
  e.phase = i < markerAt && e.path !== '/sw.js' ? 'page' : 'offline copy';
});
const sum = (entries) => entries.reduce((n, e) => n + e.bytes, 0);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log('    ms phase          status  bytes     file   (ms: when asked, from the moment the board was playable)');
for (const e of log) {
  console.log(`${String(e.at - interactiveAt).padStart(6)} ${e.phase.padEnd(14)} ${String(e.status).padEnd(7)} ${String(e.bytes).padStart(8)}  ${e.path}`);
}
const pageBytes = sum(log.filter((e) => e.phase === 'page'));
const total = sum(log);
console.log(`\nuntil playable: ${kb(pageBytes)} in ${log.filter((e) => e.phase === 'page').length} requests   budget ${kb(BUDGET_BYTES)}`);
console.log(`then the offline copy: ${kb(total - pageBytes)} (first visit in all: ${kb(total)})`);
console.log(`interactive after ${Math.round(interactive)} ms   target ${INTERACTIVE_MS} ms${interactive > INTERACTIVE_MS ? '   (over the target)' : ''}`);
console.log(
  `review of a 100-ply game: ${reviewMs} ms   target ${REVIEW_TARGET_MS} ms${reviewMs > REVIEW_TARGET_MS ? '   (over the target)' : ''}`,
);
console.log(
  `while level 6 thought (${thinkMs} ms): ${frames.count} frames, 99 % within ${frames.p99.toFixed(1)} ms, longest gap ${frames.longest.toFixed(1)} ms, long tasks ${JSON.stringify(frames.longTasks)}`,
);
if (pageBytes > BUDGET_BYTES) {
  console.error(`over budget by ${kb(pageBytes - BUDGET_BYTES)}`);
  process.exit(1);
}
