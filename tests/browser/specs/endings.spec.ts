// The end of a game, as lichess and lishogi players expect it: the result
// written under the last move, Rematch and Swap sides on the result card,
// and no take-back of a finished game unless the player reopens it.
import { expect, Page, test } from '@playwright/test';
import { openGame, playUci, plies, scriptedGames, square, startClockGame } from './helpers';

/** The Mansindam mate of games.txt, by two players at one device. */
async function mateByTwoPlayers(page: Page, params: Record<string, string> = {}) {
  const game = scriptedGames().find((g) => g.variant === 'mansindam' && !g.fen)!;
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human', ...params });
  for (const uci of game.moves) await playUci(page, uci);
  await expect(page.getByTestId('result')).toBeVisible();
}

/** The last element of the moves panel (the panel holds the heading, the list and the result). */
async function lastInMovesPanel(page: Page) {
  return page.evaluate(() => document.querySelector('.panel .moves')?.lastElementChild?.getAttribute('data-testid'));
}

test('the move list ends with the result, and keeps it while looking back', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await playUci(page, 'e3e4');
  // A game going on has no result line.
  await expect(page.getByTestId('move-result')).toHaveCount(0);
  await mateByTwoPlayers(page);
  const moves = page.locator('.panel .moves');
  const line = moves.getByTestId('move-result');
  await expect(line).toHaveText('1-0 · White wins by checkmate');
  // Under the last move, at the end of the moves panel (not on the result card).
  expect(await lastInMovesPanel(page)).toBe('move-result');
  await expect(page.getByTestId('result').getByTestId('move-result')).toHaveCount(0);
  const lastMove = await moves.locator('.move[data-ply="5"]').boundingBox();
  const lineBox = await line.boundingBox();
  expect(lineBox!.y).toBeGreaterThanOrEqual(lastMove!.y + lastMove!.height);
  // Looking back at an earlier move: the board shows it, the result stays.
  await moves.locator('.move[data-ply="2"]').click();
  await expect(page.getByTestId('viewing')).toHaveAttribute('data-ply', '2');
  await expect(line).toHaveText('1-0 · White wins by checkmate');
  expect(await lastInMovesPanel(page)).toBe('move-result');
});

test('the result in the move list in Korean', async ({ page }) => {
  await mateByTwoPlayers(page, { lang: 'ko' });
  await expect(page.locator('.panel .moves').getByTestId('move-result')).toHaveText('1-0 · 백 승리: 외통수');
  const card = page.getByTestId('result');
  await expect(card.getByTestId('rematch')).toHaveText('재대국');
  await expect(card.getByTestId('swap-sides')).toHaveText('흑백 바꿔 재대국');
  await expect(card.getByTestId('reopen')).toHaveText('대국 다시 열기 (무르기 허용)');
});

test('Take back is off once the game has ended, and on again after Reopen', async ({ page }) => {
  await mateByTwoPlayers(page);
  const takeBack = page.getByTestId('take-back');
  await expect(takeBack).toBeDisabled();
  // The Reopen switch is on the result card, off.
  const reopen = page.getByTestId('result').getByTestId('reopen');
  await expect(reopen).toHaveText('Reopen the game (allow take back)');
  await expect(reopen).toHaveAttribute('aria-pressed', 'false');
  await reopen.click();
  await expect(reopen).toHaveAttribute('aria-pressed', 'true');
  await expect(takeBack).toBeEnabled();
  // Switched off again: Take back is off again.
  await reopen.click();
  await expect(takeBack).toBeDisabled();
  await reopen.click();
  await takeBack.click();
  // The mating move is gone, and the result with it.
  await expect(page.getByTestId('status')).toHaveText('White to move');
  expect(await plies(page)).toBe(4);
  await expect(page.getByTestId('result')).toHaveCount(0);
  await expect(page.getByTestId('move-result')).toHaveCount(0);
  await expect(square(page, 'a2')).toHaveAttribute('aria-label', 'a2, White Cardinal');
  // The game goes on: Take back works as before, without reopening.
  await expect(takeBack).toBeEnabled();
});

test('a game lost on time has no Reopen: it stays lost', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await startClockGame(page, 1, 0);
  await playUci(page, 'e3e4');
  await page.clock.install();
  await page.clock.runFor(61_000);
  await expect(page.getByTestId('status')).toHaveText('White wins by time');
  await expect(page.locator('.panel .moves').getByTestId('move-result')).toHaveText('1-0 · White wins by time');
  await expect(page.getByTestId('result')).toBeVisible();
  await expect(page.getByTestId('reopen')).toHaveCount(0);
  await expect(page.getByTestId('take-back')).toBeDisabled();
});

// Against the computer (level 2): White mates at once by dropping the Rook
// on the ninth rank.
const MATE_IN_ONE = '4k4/9/4K4/9/9/9/9/9/9[R] w - - 0 1';

test('Rematch plays the same game again, and Swap sides gives the human the other colour', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', fen: MATE_IN_ONE, level: '2' });
  await expect(page.getByTestId('status')).toHaveText('Your move (White)');
  await playUci(page, 'R@a9');
  const card = page.getByTestId('result');
  await expect(card.locator('.result-title')).toHaveText('You won!');
  await expect(page.locator('.panel .moves').getByTestId('move-result')).toHaveText('1-0 · White wins by checkmate');
  await expect(page.getByTestId('take-back')).toBeDisabled();
  // The card offers the three ways on.
  await expect(card.locator('.result-actions .button')).toHaveText(['Rematch', 'Swap sides', 'New game']);

  // Rematch: the same variant, start position and level, no moves yet.
  await card.getByTestId('rematch').click();
  await expect(page.getByTestId('result')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveText('Pandemonium');
  await expect(page.getByTestId('status')).toHaveText('Your move (White)');
  expect(await plies(page)).toBe(0);
  await expect(page.locator('.panel .moves .no-moves')).toBeVisible();
  await expect(page.getByTestId('moves')).toHaveCount(0);
  await expect(page.getByTestId('move-result')).toHaveCount(0);
  await expect(page.locator('[data-hand="white"][data-piece="R"]')).toHaveAttribute('data-count', '1');
  await expect(page.locator('.hand.bottom')).toHaveClass(/\bwhite\b/);
  await page.getByTestId('new-game').click();
  await expect(page.getByTestId('level-2')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('variant-pandemonium')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('side-white')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');

  // Mate again, then Swap sides: the computer has White (and the mate in
  // one), the human Black, at the bottom.
  await playUci(page, 'R@a9');
  await page.getByTestId('result').getByTestId('swap-sides').click();
  await expect(page.locator('.hand.bottom')).toHaveClass(/\bblack\b/);
  await expect(page.locator('[data-square]').first()).toHaveAttribute('data-square', 'i1');
  await expect(page.getByTestId('status')).toHaveText('White wins by checkmate');
  await expect(page.getByTestId('result').locator('.result-title')).toHaveText('The computer won');
  await expect(page.locator('.panel .moves').getByTestId('move-result')).toHaveText('1-0 · White wins by checkmate');
  expect(await plies(page)).toBe(1);
  await page.getByTestId('new-game').click();
  await expect(page.getByTestId('side-black')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('level-2')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');

  // Swapped back: the human has White again, at the bottom.
  await page.getByTestId('result').getByTestId('swap-sides').click();
  await expect(page.getByTestId('status')).toHaveText('Your move (White)');
  await expect(page.locator('.hand.bottom')).toHaveClass(/\bwhite\b/);
  await expect(page.locator('[data-square]').first()).toHaveAttribute('data-square', 'a9');
});

test('between two players Rematch keeps the board and Swap sides turns it round', async ({ page }) => {
  await mateByTwoPlayers(page);
  const topLeft = page.locator('[data-square]').first();
  await expect(topLeft).toHaveAttribute('data-square', 'a9');
  await page.getByTestId('result').getByTestId('rematch').click();
  await expect(page.getByTestId('status')).toHaveText('White to move');
  expect(await plies(page)).toBe(0);
  await expect(topLeft).toHaveAttribute('data-square', 'a9');
  await expect(page.locator('.hand.bottom')).toHaveClass(/\bwhite\b/);
  const game = scriptedGames().find((g) => g.variant === 'mansindam' && !g.fen)!;
  for (const uci of game.moves) await playUci(page, uci);
  await page.getByTestId('result').getByTestId('swap-sides').click();
  await expect(page.getByTestId('status')).toHaveText('White to move');
  expect(await plies(page)).toBe(0);
  // The other player's pieces are at the bottom now.
  await expect(topLeft).toHaveAttribute('data-square', 'i1');
  await expect(page.locator('.hand.bottom')).toHaveClass(/\bblack\b/);
});

test('on a 320 px phone the result card fits and its buttons are a finger\'s size', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await mateByTwoPlayers(page);
  const card = page.getByTestId('result');
  const buttons = card.locator('button');
  await expect(buttons).toHaveCount(4);
  for (const box of await buttons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
    expect(box.height).toBeGreaterThanOrEqual(40);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
