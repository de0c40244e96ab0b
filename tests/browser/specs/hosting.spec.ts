import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED } from '../playwright.config';
import { openGame, playUci, scriptedGames, square } from './helpers';

const artifacts = join(__dirname, '..', 'artifacts');

test('the same build plays under a sub-path', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' }, '/sub/path/');
  await playUci(page, 'e3e4');
  await expect(square(page, 'e4')).toHaveAttribute('aria-label', 'e4, White Pawn');
  // The worker came from the sub-path, with the build id as a query.
  const workerUrls = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('worker')),
  );
  expect(workerUrls.some((u) => /\/sub\/path\/(play|study)-worker-loader\.js\?v=[0-9a-f]{16}$/.test(u))).toBe(true);
});

test('the game plays inside an iframe on another origin', async ({ page }) => {
  await page.goto(`${EMBED}/index.html`);
  const game = page.frameLocator('#game');
  await expect(game.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(game.locator('h1')).toHaveText('Pandemonium');
  await playUci(game, 'e4e5');
  await playUci(game, 'e6e5'.replace('e6e5', 'c7c6'));
  await expect(game.getByTestId('status')).toHaveText('White to move');
  await expect(game.locator('[data-square="c6"]')).toHaveAttribute('aria-label', 'c6, Black Pawn');
});

for (const [name, width, height] of [
  ['small-phone', 320, 568],
  ['phone', 375, 667],
  ['desktop', 1280, 800],
] as const) {
  test(`screenshot at ${width}×${height}`, async ({ page }) => {
    mkdirSync(artifacts, { recursive: true });
    await page.setViewportSize({ width, height });
    const game = scriptedGames().find((g) => g.variant === 'pandemonium')!;
    await openGame(page, { variant: 'pandemonium', white: 'human', black: 'human' });
    for (const uci of game.moves.slice(0, 3)) await playUci(page, uci);
    await square(page, 'c8').click(); // a Black piece selected: its destinations show
    await page.screenshot({ path: join(artifacts, `${name}-${width}x${height}.png`) });
    // Nothing sticks out sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The board and both hands fit on the first screen.
    const board = await page.locator('.board').boundingBox();
    expect(board!.x).toBeGreaterThanOrEqual(0);
    expect(board!.x + board!.width).toBeLessThanOrEqual(width);
    const bottomHand = await page.locator('.hand.bottom').boundingBox();
    expect(bottomHand!.y + bottomHand!.height).toBeLessThanOrEqual(height);
  });
}
