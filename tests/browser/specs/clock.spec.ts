import { expect, test } from '@playwright/test';
import { openGame, playUci, plies, startClockGame } from './helpers';

test('a clock for two players: each side spends its own time, and a flag fall loses', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await expect(page.getByTestId('clock-white')).toHaveCount(0);
  await startClockGame(page, 1, 2);
  const white = page.getByTestId('clock-white');
  const black = page.getByTestId('clock-black');
  await expect(white).toHaveClass(/running/);
  await expect(black).toHaveText('1:00');
  await page.waitForTimeout(1_500);
  await playUci(page, 'e3e4');
  // White gained 2 s for the move: above a minute again; Black's time runs.
  await expect(white).toHaveText(/^1:0[01]$/);
  await expect(black).toHaveClass(/running/);
  await expect(white).not.toHaveClass(/running/);
  // Let Black's minute run out (the page's clock, sped up).
  await page.clock.install();
  await page.clock.runFor(61_000);
  await expect(page.getByTestId('status')).toHaveText('White wins by time');
  await expect(page.getByTestId('result')).toContainText("A player's clock ran out.");
  await expect(black).toHaveText('0:00.0');
  await expect(black).not.toHaveClass(/running/);
});

test('the clock survives a reload, and its time runs on meanwhile', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await startClockGame(page, 5, 0);
  await playUci(page, 'e3e4');
  const white = page.getByTestId('clock-white');
  const black = page.getByTestId('clock-black');
  await expect(black).toHaveClass(/running/);
  const white_left = await white.textContent();
  expect(white_left).toMatch(/^[45]:[0-5]\d$/);
  await page.waitForTimeout(2_500);
  await page.reload();
  // Same game, same clock: White's time as it was, Black's still running
  // and short of 5:00 by at least the time before and during the reload.
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  expect(await plies(page)).toBe(1);
  await expect(white).toHaveText(white_left!);
  await expect(black).toHaveClass(/running/);
  await expect(black).toHaveText(/^4:5[0-7]$/);
  await playUci(page, 'e7e6');
  await expect(white).toHaveClass(/running/);
  await expect(black).not.toHaveClass(/running/);
});

test('a new game from a FEN typed in the dialog; a bad one keeps the game', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await playUci(page, 'e3e4');
  await page.getByTestId('new-game').click();
  await page.getByTestId('opponent-human').click();
  await page.getByTestId('start-fen').fill('4k4/9/9/9/9/9/9/9/4K4[QQ] w - - 0 1');
  await page.getByTestId('start-game').click();
  await expect(page.locator('[data-hand="white"][data-piece="Q"]')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('status')).toHaveText('White to move');
  // A malformed FEN: the message names the fault, and the game is still there.
  await page.getByTestId('new-game').click();
  await page.getByTestId('opponent-human').click();
  await page.getByTestId('start-fen').fill('4k4/9/9/9/9/9/9/4K4[] w - - 0 1');
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('error')).toContainText('8 ranks');
  await expect(page.locator('[data-hand="white"][data-piece="Q"]')).toHaveAttribute('data-count', '2');
});

test('a game lost on time stays lost: Take back is off and the clock stays at zero', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await startClockGame(page, 1, 0);
  await playUci(page, 'e3e4');
  await playUci(page, 'e7e6');
  const white = page.getByTestId('clock-white');
  await expect(white).toHaveClass(/running/);
  await page.clock.install();
  await page.clock.runFor(61_000);
  await expect(page.getByTestId('status')).toHaveText('Black wins by time');
  await expect(page.getByTestId('take-back')).toBeDisabled();
  // Nothing brings the game back: the moves, the result and the clock stay.
  await page.clock.runFor(5_000);
  expect(await plies(page)).toBe(2);
  await expect(page.getByTestId('status')).toHaveText('Black wins by time');
  await expect(white).toHaveText('0:00.0');
  await expect(white).not.toHaveClass(/running/);
});
