// Premove, as on lichess: while the computer thinks, the player's move is
// remembered (its two squares marked, nothing moved) and played as soon as
// the reply comes if it is legal then; otherwise it is given up.
import { expect, Page, test } from '@playwright/test';
import { drag, openGame, playUci, plies, square } from './helpers';

/** A game against the computer at level 6 (it thinks a while), after e3e4. */
async function computerThinking(page: Page) {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'computer', level: '6' });
  await playUci(page, 'e3e4');
  await expect(page.locator('.app')).toHaveAttribute('data-thinking', 'true');
}

const premoved = (page: Page) => page.locator('.sq.premove');

test('a premove made while the computer thinks is played when it has answered', async ({ page }) => {
  await computerThinking(page);
  await square(page, 'd3').click();
  await square(page, 'd4').click();
  // Marked, not moved.
  await expect(premoved(page)).toHaveCount(2);
  await expect(square(page, 'd3')).toHaveClass(/premove/);
  await expect(square(page, 'd4')).toHaveClass(/premove/);
  await expect(square(page, 'd3').locator('.piece')).toHaveCount(1);
  await expect(square(page, 'd4').locator('.piece')).toHaveCount(0);
  expect(await plies(page)).toBe(1);
  // The reply comes; the premove follows at once, with no further input.
  await expect.poll(() => plies(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('moves').locator('.move').nth(2)).toHaveText('Pd4');
  await expect(square(page, 'd4').locator('.piece')).toHaveCount(1);
  await expect(premoved(page)).toHaveCount(0);
});

test('a premove that is not legal when the turn comes is given up', async ({ page }) => {
  await computerThinking(page);
  // A Pawn two squares ahead (by drag): never legal.
  await drag(page, square(page, 'e4'), square(page, 'e6'));
  await expect(square(page, 'e6')).toHaveClass(/premove/);
  await expect.poll(() => plies(page), { timeout: 15_000 }).toBe(2);
  await expect(page.getByTestId('status')).toHaveText('Your move (White)');
  await expect(premoved(page)).toHaveCount(0);
  await expect(square(page, 'e4').locator('.piece')).toHaveCount(1);
  await page.waitForTimeout(300);
  expect(await plies(page)).toBe(2);
});

test('Escape, or a tap on an empty square, gives a premove up', async ({ page }) => {
  await computerThinking(page);
  await square(page, 'd3').click();
  await square(page, 'd4').click();
  await expect(premoved(page)).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(premoved(page)).toHaveCount(0);
  await square(page, 'c3').click();
  await square(page, 'c4').click();
  await expect(premoved(page)).toHaveCount(2);
  await square(page, 'f5').click();
  await expect(premoved(page)).toHaveCount(0);
  // Nothing is played for the player when the reply comes.
  await expect.poll(() => plies(page), { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(300);
  expect(await plies(page)).toBe(2);
});
