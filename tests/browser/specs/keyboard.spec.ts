import { expect, test } from '@playwright/test';
import { handSlot, openGame, plies, square } from './helpers';

const twoPlayers = { white: 'human', black: 'human' };

test('a whole move by keyboard: arrows over the squares, Enter to pick and to put', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  // One square is in the tab order; the arrows move the cursor.
  await expect(page.locator('[data-square][tabindex="0"]')).toHaveCount(1);
  await square(page, 'a1').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(square(page, 'e3')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(square(page, 'e3')).toHaveClass(/selected/);
  await page.keyboard.press('ArrowUp');
  await expect(square(page, 'e4')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await expect(square(page, 'e4')).toHaveAttribute('aria-label', 'e4, White Pawn');
  // A screen reader hears the move and whose turn it is.
  await expect(page.getByTestId('announce')).toHaveText('White played Pe4. Black to move');
  await expect(page.getByTestId('announce')).toHaveAttribute('aria-live', 'polite');
  // The arrows on the board move the cursor, not through the move list.
  await expect(page.getByTestId('viewing')).toHaveCount(0);
});

test('a drop by keyboard, from a hand slot', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', fen: '4k4/9/9/9/9/9/9/9/4K4[R] w - - 0 1', ...twoPlayers });
  await expect(handSlot(page, 'white', 'P')).toHaveAttribute('tabindex', '-1');
  await handSlot(page, 'white', 'R').focus();
  await page.keyboard.press('Enter');
  await expect(handSlot(page, 'white', 'R')).toHaveClass(/selected/);
  await square(page, 'e5').focus();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('status')).toHaveText('Black to move — check!');
  await expect(page.getByTestId('announce')).toHaveText('White played R@e5+. Black to move — check!');
});

test('moves typed as UCI or SAN; a wrong one is named and changes nothing', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  const input = page.getByTestId('move-input');
  await input.fill('e3e4');
  await input.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await input.fill('Pe6');
  await input.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '2');
  await input.fill('e1e5');
  await input.press('Enter');
  // Named beside the field, which keeps the text to correct.
  await expect(page.getByTestId('move-error')).toHaveText('e1e5 is not a legal move in this position');
  await expect(input).toHaveValue('e1e5');
  expect(await plies(page)).toBe(2);
  await input.fill('Nd2');
  await input.press('Enter');
  await expect(page.locator('[data-testid="moves"] .move[data-ply]')).toHaveText(['Pe4', 'Pe6', 'Nd2']);
});
