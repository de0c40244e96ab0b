// The long game in the page (a benchmark, not a test): opens each game that
// `cargo run --release -p pantheon-lab --bin long_game` wrote (1,000 plies, full hands) at its
// last ply but one, and times what a player waits for against the same
// moves at the start of a game: the page to open, a typed move to show on
// the board, a step back through the list. Prints the page's JS heap too.
//
//   node lab/tools/long-game.mjs [dist] [moves-dir]   (lab/tools/long-game.sh)
//
// Playwright, the browser's settings and the static server are the browser
// tests' (tests/browser/, installed by tools/setup.sh).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/browser/chromium.mjs';
import { serve } from '../../tests/browser/static-server.mjs';

const root = join(import.meta.dirname, '..', '..');
const { chromium } = createRequire(join(root, 'tests', 'browser', 'package.json'))('@playwright/test');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const movesDir = resolve(process.argv[3] ?? join(root, 'target', 'long-game'));
const server = await serve(dist);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_FLAGS, '--enable-precise-memory-info'],
});

/** Opens the game after `moves`, plays `next` by typing it: the times in ms. */
async function measure(variant, moves, next) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const query = `variant=${variant}&mode=local&moves=${moves.map(encodeURIComponent).join(',')}`;
  const opened = Date.now();
  await page.goto(`${base}?${query}`);
  await page.waitForSelector('.app[data-ready="true"]');
  const open = Date.now() - opened;
  const plies = () => page.getAttribute('[data-testid="status"]', 'data-plies').then(Number);
  const shown = await plies();
  if (shown !== moves.length) throw new Error(`${variant}: ${shown} of the link's ${moves.length} moves were played`);
  await page.fill('[data-testid="move-input"]', next);
  const played = Date.now();
  await page.press('[data-testid="move-input"]', 'Enter');
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="status"]')?.getAttribute('data-plies') === String(n),
    moves.length + 1,
  );
  const move = Date.now() - played;
  await page.click('body', { position: { x: 5, y: 790 } });
  const stepped = Date.now();
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('[data-testid="viewing"]');
  const step = Date.now() - stepped;
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  await page.close();
  return { open, move, step, heap };
}

console.log('variant       plies   open ms   move ms   step ms   page JS heap');
for (const variant of ['mansindam', 'pandemonium']) {
  const file = join(movesDir, `${variant}.txt`);
  if (!existsSync(file)) {
    console.error(`${file} is missing: run cargo run --release -p pantheon-lab --bin long_game first`);
    process.exit(2);
  }
  const all = readFileSync(file, 'utf8').trim().split(',');
  for (const plies of [1, all.length]) {
    const r = await measure(variant, all.slice(0, plies - 1), all[plies - 1]);
    console.log(
      `${variant.padEnd(13)} ${String(plies).padStart(5)} ${String(r.open).padStart(9)} ${String(r.move).padStart(9)}` +
        ` ${String(r.step).padStart(9)}   ${(r.heap / 1e6).toFixed(1)} MB`,
    );
  }
}
await browser.close();
server.close();
