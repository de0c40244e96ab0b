import { expect, test } from '@playwright/test';
import { drag, handSlot, openGame, playUci, plies, square } from './helpers';

const twoPlayers = { white: 'human', black: 'human' };

test('the board names every square and piece, and every hand slot', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', ...twoPlayers });
  await expect(page.locator('[data-square]')).toHaveCount(81);
  await expect(square(page, 'e1')).toHaveAttribute('aria-label', 'e1, White King');
  await expect(square(page, 'c2')).toHaveAttribute('aria-label', 'c2, White Queen');
  await expect(square(page, 'e6')).toHaveAttribute('aria-label', 'e6, Black Van');
  await expect(square(page, 'e5')).toHaveAttribute('aria-label', 'e5, empty');
  // Pandemonium's nine hand kinds, in the engine's order, for both sides.
  for (const side of ['white', 'black']) {
    const letters = await page.locator(`[data-hand="${side}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-piece')));
    expect(letters).toEqual(['P', 'N', 'B', 'R', 'F', 'E', 'A', 'U', 'V']);
  }
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  const letters = await page.locator('[data-hand="white"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-piece')));
  expect(letters).toEqual(['P', 'N', 'B', 'R', 'C', 'M', 'Q', 'A']);
});

test('tap-tap shows the legal destinations, and an illegal attempt does nothing', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  await square(page, 'e3').click();
  await expect(square(page, 'e3')).toHaveClass(/selected/);
  await expect(page.locator('.sq.dest')).toHaveCount(1);
  await expect(square(page, 'e4')).toHaveClass(/dest/);
  await square(page, 'e6').click(); // not a legal destination
  await expect(page.locator('.sq.selected')).toHaveCount(0);
  // An opponent's piece cannot be picked up.
  await square(page, 'e7').click();
  await expect(page.locator('.sq.selected')).toHaveCount(0);
  expect(await plies(page)).toBe(0);
  await playUci(page, 'e3e4');
  await expect(square(page, 'e4')).toHaveAttribute('aria-label', 'e4, White Pawn');
  await expect(square(page, 'e3')).toHaveClass(/last/);
  await expect(square(page, 'e4')).toHaveClass(/last/);
  await expect(page.getByTestId('status')).toHaveText('Black to move');
});

test('a board move by dragging', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  await drag(page, square(page, 'b1'), square(page, 'c3'));
  // b1 Knight to c3 is blocked by the Pawn: nothing happens.
  expect(await plies(page)).toBe(0);
  await drag(page, square(page, 'b1'), square(page, 'd2'));
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', 'd2, White Knight');
});

test('drops from the hand by tap-tap and by drag', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', fen: '4k4/9/9/9/9/9/9/9/4K4[RPPb] w - - 0 1', ...twoPlayers });
  await expect(handSlot(page, 'white', 'P')).toHaveAttribute('data-count', '2');
  await expect(handSlot(page, 'white', 'P').locator('.count')).toHaveText('2');
  await expect(handSlot(page, 'black', 'B')).toHaveAttribute('data-count', '1');
  // Tap-tap: the Rook onto e5, giving check.
  await handSlot(page, 'white', 'R').click();
  await expect(page.locator('.sq.dest')).toHaveCount(79);
  await square(page, 'e5').click();
  await expect(square(page, 'e5')).toHaveAttribute('aria-label', 'e5, White Rook');
  await expect(handSlot(page, 'white', 'R')).toHaveAttribute('data-count', '0');
  await expect(square(page, 'e9')).toHaveClass(/check/);
  await expect(page.getByTestId('status')).toHaveText('Black to move — check!');
  await playUci(page, 'e9d9');
  // Drag: a Pawn from the hand onto c4.
  await drag(page, handSlot(page, 'white', 'P'), square(page, 'c4'));
  await expect(square(page, 'c4')).toHaveAttribute('aria-label', 'c4, White Pawn');
  await expect(handSlot(page, 'white', 'P')).toHaveAttribute('data-count', '1');
  // Black drops by drag too.
  await drag(page, handSlot(page, 'black', 'B'), square(page, 'a1'));
  await expect(square(page, 'a1')).toHaveAttribute('aria-label', 'a1, Black Bishop');
});

for (const accept of [true, false]) {
  test(`pandemonium: promotion ${accept ? 'accepted' : 'declined'} in the dialog`, async ({ page }) => {
    await openGame(page, { variant: 'pandemonium', fen: '4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1', ...twoPlayers });
    await square(page, 'a6').click();
    await square(page, 'a7').click();
    const dialog = page.getByTestId('promotion');
    await expect(dialog).toBeVisible();
    // Promoting is offered as a red Guard, declining as the Pawn.
    await expect(page.getByTestId('promote-yes').locator('.piece.promoted')).toHaveText('G');
    await expect(page.getByTestId('promote-no').locator('.piece')).toHaveText('P');
    await page.getByTestId(accept ? 'promote-yes' : 'promote-no').click();
    await expect(dialog).toHaveCount(0);
    await expect(square(page, 'a7')).toHaveAttribute('aria-label', accept ? 'a7, White Guard' : 'a7, White Pawn');
    await expect(page.locator('[data-testid="moves"] .move').first()).toHaveText(accept ? 'Pa7=G' : 'Pa7');
  });
}

test('a tap beside the promotion question, or Escape, takes the move back', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', fen: '4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1', ...twoPlayers });
  await square(page, 'a6').click();
  await square(page, 'a7').click();
  await expect(page.getByTestId('promotion')).toBeVisible();
  await square(page, 'e5').click();
  await expect(page.getByTestId('promotion')).toHaveCount(0);
  expect(await plies(page)).toBe(0);
  await expect(square(page, 'a6')).toHaveAttribute('aria-label', 'a6, White Pawn');
  await square(page, 'a6').click();
  await square(page, 'a7').click();
  await expect(page.getByTestId('promotion')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('promotion')).toHaveCount(0);
  await page.getByTestId('new-game').click();
  await expect(page.getByTestId('start-game')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('start-game')).toHaveCount(0);
  expect(await plies(page)).toBe(0);
});

test('mansindam promotes by itself, without a dialog', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', fen: '4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1', ...twoPlayers });
  await drag(page, square(page, 'a6'), square(page, 'a7'));
  await expect(square(page, 'a7')).toHaveAttribute('aria-label', 'a7, White Guard');
  await expect(page.getByTestId('promotion')).toHaveCount(0);
  await expect(square(page, 'a7').locator('.piece.promoted')).toHaveCount(1);
});

test('pandemonium: a move that would lose by repetition is announced and can be taken back', async ({ page }) => {
  // Both Kings have shuffled; Black's d9-e9 would make the start position occur a third time.
  await openGame(page, {
    variant: 'pandemonium',
    fen: '4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1',
    moves: 'e1d1,e9d9,d1e1,d9e9,e1d1,e9d9,d1e1',
    ...twoPlayers,
  });
  await square(page, 'd9').click();
  await square(page, 'e9').click();
  await expect(page.getByTestId('repetition-warning')).toContainText('White wins by repetition');
  await page.getByTestId('answer-no').click();
  await expect(page.getByTestId('repetition-warning')).toHaveCount(0);
  expect(await plies(page)).toBe(7);
  await expect(square(page, 'd9')).toHaveAttribute('aria-label', 'd9, Black King');
  await square(page, 'd9').click();
  await square(page, 'e9').click();
  await page.getByTestId('answer-yes').click();
  await expect(page.getByTestId('status')).toHaveText('White wins by repetition');
});

test('resign, take back and a new game for two players from the dialog', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  await playUci(page, 'e3e4');
  await page.getByTestId('resign').click();
  await page.getByTestId('answer-yes').click();
  await expect(page.getByTestId('status')).toHaveText('White wins by resignation');
  // A game that has ended is taken back only once reopened.
  await expect(page.getByTestId('take-back')).toBeDisabled();
  await page.getByTestId('reopen').click();
  await page.getByTestId('take-back').click();
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await page.getByTestId('take-back').click();
  await expect(page.getByTestId('status')).toHaveText('White to move');
  await page.getByTestId('new-game').click();
  await page.getByTestId('variant-pandemonium').click();
  await page.getByTestId('opponent-human').click();
  await page.getByTestId('side-black').click();
  await page.getByTestId('start-game').click();
  await expect(page.locator('h1')).toHaveText('Pandemonium');
  await expect(square(page, 'c2')).toHaveAttribute('aria-label', 'c2, White Queen');
  // Black was chosen for the bottom; Flip turns the board around.
  const topLeft = page.locator('[data-square]').first();
  await expect(topLeft).toHaveAttribute('data-square', 'i1');
  await page.getByTestId('flip').click();
  await expect(topLeft).toHaveAttribute('data-square', 'a9');
});

test('bad URL parameters are reported and a game is still there to play', async ({ page }) => {
  // A parameter the page cannot use is named above the board; a FEN or a
  // move the engine refuses is told by the engine.
  for (const [params, message] of [
    [{ variant: 'chess' }, 'link-problems'],
    [{ variant: 'mansindam', fen: 'rnbakqcnm/9/ppp[' }, 'error'],
    [{ variant: 'pandemonium', moves: 'e4e5,zz9,P@' }, 'error'],
  ] as const) {
    await openGame(page, params as Record<string, string>);
    await expect(page.getByTestId(message)).toBeVisible();
    await expect(page.locator('[data-square]')).toHaveCount(81);
    await page.getByTestId(message).getByRole('button').click();
    await expect(page.getByTestId(message)).toHaveCount(0);
    await expect(page.getByTestId('status')).toHaveText(/^Your move \(White\)$|^White to move$|^Black to move$/);
  }
});
