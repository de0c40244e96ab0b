#!/usr/bin/env node
// The README's two screenshots, taken from the real page: serves a built
// site (dist/), opens a Mansindam game some moves in with the computer's hint
// on the board, and writes docs/images/desktop.png (1280×800) and
// docs/images/phone.png (390×844).
//
//   tools/screenshots.mjs [DIST] [--out DIR]
//
// DIST defaults to dist/ of this repository (build it first with
// `trunk build --release`, or `tools/serve.sh` once); DIR to docs/images/.
// Runs Playwright and Debian's Chromium as the browser tests do, so
// `tools/setup.sh` must have installed tests/browser's packages. The images
// are then shrunk with pngquant (apt package pngquant, as tools/icons.sh
// uses): 256 colours, which a board of flat colours barely shows, and about
// a quarter of the bytes (desktop 316 KB → 88 KB). Without it they are
// written as Chromium makes them, with a warning.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const browserDir = join(repo, 'tests', 'browser');
// The packages live in tests/browser/node_modules; resolve from there, not
// from tools/.
const require = createRequire(join(browserDir, 'package.json'));
const { chromium } = require('@playwright/test');
const { CHROMIUM, CHROMIUM_FLAGS } = await import(pathToFileURL(join(browserDir, 'chromium.mjs')).href);
const { serve } = await import(pathToFileURL(join(browserDir, 'static-server.mjs')).href);

const args = process.argv.slice(2);
let out = join(repo, 'docs', 'images');
let dist = join(repo, 'dist');
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--out') out = resolve(args[(i += 1)]);
  else if (args[i].startsWith('-')) {
    console.error(`unknown option ${args[i]}\nusage: tools/screenshots.mjs [DIST] [--out DIR]`);
    process.exit(2);
  } else dist = resolve(args[i]);
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: build first (trunk build --release)`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });

// The first 12 plies of the game the review tests use (review-game.txt):
// captures on both sides, so both hands hold pieces; White to move, and the
// hint is a move on the board (an arrow), not a drop (a ring).
const PLIES = 12;
const MOVES = readGame().slice(0, PLIES).join(',');
const QUERY = new URLSearchParams({ variant: 'mansindam', mode: 'ai', level: '3', moves: MOVES, lang: 'en' });

const SHOTS = [
  { file: 'desktop.png', viewport: { width: 1280, height: 800 }, isMobile: false },
  { file: 'phone.png', viewport: { width: 390, height: 844 }, isMobile: true },
];

const server = await serve(dist);
const site = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  for (const shot of SHOTS) {
    // A fresh context each time: no saved game or settings, the default
    // pieces and board, no animation caught halfway.
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: 1,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      reducedMotion: 'reduce',
      locale: 'en-GB',
    });
    const page = await context.newPage();
    await page.goto(`${site}?${QUERY}`);
    await page.waitForSelector('.app[data-ready="true"] [data-square]', { timeout: 30_000 });
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="status"]')?.getAttribute('data-plies') === String(n),
      PLIES,
      { timeout: 30_000 },
    );
    // The computer's hint: an arrow on the board and its line under it.
    await page.getByTestId('hint').click();
    await page.waitForSelector('[data-testid="hint-text"][data-move]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid="hint-arrow"]');
    await page.evaluate(() => document.fonts.ready);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    const path = join(out, shot.file);
    await page.screenshot({ path });
    shrink(path);
    console.log(`${path}: ${shot.viewport.width}×${shot.viewport.height}, ${statSync(path).size} bytes`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

function readGame() {
  const text = readFileSync(join(browserDir, 'review-game.txt'), 'utf8');
  return text.trim().split(',');
}

function shrink(path) {
  const found = spawnSync('pngquant', ['--version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) {
    console.warn(`pngquant is missing (apt-get install pngquant): ${path} is left unshrunk`);
    return;
  }
  const run = spawnSync('pngquant', ['--force', '--skip-if-larger', '--strip', '--quality=70-95', '--output', path, path], {
    stdio: 'inherit',
  });
  // 98: the result would be larger or worse than asked; the original stays.
  if (run.status !== 0 && run.status !== 98 && run.status !== 99) {
    throw new Error(`pngquant failed on ${path} (exit ${run.status})`);
  }
}
