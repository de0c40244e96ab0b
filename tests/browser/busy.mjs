// A second browser playing the computer, to load the machine while the test
// command runs (issue 71: the tests must pass on a busy machine).
//
//   node tests/browser/busy.mjs http://127.0.0.1:8790/ [minutes]
//
// Opens the game against level 6 in its own Chromium and plays random legal
// moves by clicks (a piece, then one of its marked destinations) until the
// game ends, then starts again, for the given minutes (default 60).
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';

const site = process.argv[2] ?? 'http://127.0.0.1:8790/';
const minutes = Number(process.argv[3] ?? 60);
const until = Date.now() + minutes * 60_000;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
let games = 0;
let moves = 0;
while (Date.now() < until) {
  await page.goto(`${site}?variant=${games % 2 ? 'pandemonium' : 'mansindam'}&mode=ai&level=6`);
  await page.waitForSelector('.app[data-ready="true"] [data-square]');
  games += 1;
  while (Date.now() < until) {
    const status = page.getByTestId('status');
    if ((await page.locator('[data-testid="result"]').count()) > 0) break;
    if ((await status.getAttribute('data-thinking')) === 'true' || (await status.getAttribute('data-to-move')) !== 'white') {
      await page.waitForTimeout(200);
      continue;
    }
    const own = await page.locator('[data-square][aria-label*="White"]').all();
    const piece = own[Math.floor(Math.random() * own.length)];
    await piece.click().catch(() => {});
    const dests = await page.locator('[data-square].dest').all();
    if (dests.length === 0) continue;
    await dests[Math.floor(Math.random() * dests.length)].click().catch(() => {});
    const promotion = page.getByTestId('promotion');
    if (await promotion.isVisible().catch(() => false)) await promotion.locator('button').first().click();
    const warning = page.getByTestId('answer-yes');
    if (await warning.isVisible().catch(() => false)) await warning.click();
    moves += 1;
  }
}
console.log(`busy: ${games} games, ${moves} moves`);
await browser.close();
