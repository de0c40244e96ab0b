import { expect, test } from '@playwright/test';
import { openGame, playUci, square } from './helpers';

const twoPlayers = { white: 'human', black: 'human' };

test('the move list shows any earlier position; arrows, Home and End step; play goes on at the end', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  for (const uci of ['e3e4', 'e7e6', 'd3d4']) await playUci(page, uci);
  const moves = page.locator('[data-testid="moves"] .move[data-ply]');
  await expect(moves).toHaveText(['Pe4', 'Pe6', 'Pd4']);
  await expect(moves.nth(2)).toHaveAttribute('aria-current', 'step');

  // A click on the first move: the board shows the position after it.
  await moves.nth(0).click();
  await expect(page.getByTestId('viewing')).toHaveText(/Move 1 of 3/);
  await expect(square(page, 'e4')).toHaveAttribute('aria-label', 'e4, White Pawn');
  await expect(square(page, 'e6')).toHaveAttribute('aria-label', 'e6, empty');
  await expect(square(page, 'e7')).toHaveAttribute('aria-label', 'e7, Black Pawn');
  await expect(moves.nth(0)).toHaveAttribute('aria-current', 'step');
  // Nothing can be moved in the past.
  await square(page, 'e7').click();
  await expect(page.locator('.sq.selected')).toHaveCount(0);
  // (The click gave the board the keyboard: its arrows move a cursor there.)
  await page.keyboard.press('Home');
  await expect(page.getByTestId('viewing')).toHaveText(/The start position/);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // Keys: Home is the start, → steps forward, End is the game again.
  await page.keyboard.press('Home');
  await expect(page.getByTestId('viewing')).toHaveText(/The start position/);
  await expect(square(page, 'e3')).toHaveAttribute('aria-label', 'e3, White Pawn');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('viewing')).toHaveAttribute('data-ply', '2');
  await expect(square(page, 'e6')).toHaveAttribute('aria-label', 'e6, Black Pawn');
  await page.keyboard.press('End');
  await expect(page.getByTestId('viewing')).toHaveCount(0);
  await expect(square(page, 'd4')).toHaveAttribute('aria-label', 'd4, White Pawn');

  // ← then the button back to the game; the game goes on.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('viewing')).toHaveAttribute('data-ply', '2');
  await page.getByTestId('live').click();
  await expect(page.getByTestId('viewing')).toHaveCount(0);
  await playUci(page, 'e6e5');
  await expect(moves).toHaveText(['Pe4', 'Pe6', 'Pd4', 'Pe5']);
});
