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
  await expect(page.getByTestId('result')).toContainText("Black's clock ran out.");
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

test('a byoyomi clock runs into its periods: a period overrun is lost, a move in time starts a new one', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await page.getByTestId('new-game').click();
  await page.getByTestId('opponent-human').click();
  // The quick choice fills the fields; the fields then make the clock.
  await page.getByTestId('clock-preset-5+0b10x3').click();
  await expect(page.getByTestId('clock-byoyomi')).toHaveValue('10');
  await expect(page.getByTestId('clock-periods')).toHaveValue('3');
  await page.getByTestId('clock-minutes').fill('1');
  await page.getByTestId('clock-periods').fill('2');
  await expect(page.getByTestId('clock-preset-5+0b10x3')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('start-game').click();
  const white = page.getByTestId('clock-white');
  const black = page.getByTestId('clock-black');
  await expect(white.locator('.clock-time')).toHaveText('1:00');
  await expect(page.getByTestId('periods-white')).toHaveText('2×10 s');
  await page.clock.install();
  // The main time is spent: the first period runs, with the warning.
  await page.clock.runFor(65_000);
  await expect(white).toHaveClass(/byoyomi/);
  await expect(white).toHaveClass(/low/);
  await expect(white.locator('.clock-time')).toHaveText(/^0:0[45]\.\d$/);
  await expect(page.getByTestId('periods-white')).toHaveText('2×10 s');
  // The first period runs out: one is lost, the next starts afresh.
  await page.clock.runFor(10_000);
  await expect(page.getByTestId('periods-white')).toHaveText('1×10 s');
  await expect(page.getByTestId('status')).toHaveText('White to move');
  // A move in time: White's next turn will have a whole period.
  await playUci(page, 'e3e4');
  await expect(white.locator('.clock-time')).toHaveText('0:10');
  await expect(white).not.toHaveClass(/low/);
  await expect(page.getByTestId('periods-black')).toHaveText('2×10 s');
  await playUci(page, 'e7e6');
  // White's last period runs out: the game is lost on time.
  await page.clock.runFor(10_500);
  await expect(page.getByTestId('status')).toHaveText('Black wins by time');
  await expect(page.getByTestId('move-result')).toContainText('0-1');
});

test('against the computer the clock runs for both, and the computer keeps to its time', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await page.getByTestId('new-game').click();
  await page.getByTestId('opponent-computer').click();
  await page.getByTestId('level-6').click();
  // Two seconds a move, no main time (five periods, for the test's own
  // moves): level 6 would often think longer if it were not told its time.
  await page.getByTestId('clock-minutes').fill('0');
  await page.getByTestId('clock-byoyomi').fill('2');
  await page.getByTestId('clock-periods').fill('5');
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('periods-black')).toHaveText('5×2 s');
  for (const [uci, ply] of [['e3e4', 2], ['d3d4', 4]] as const) {
    await playUci(page, uci);
    await expect.poll(() => plies(page), { timeout: 10_000 }).toBe(ply);
    await expect(page.getByTestId('status')).toHaveText('Your move (White)');
    await expect(page.getByTestId('periods-black')).toHaveText('5×2 s');
  }
  // The computer's clock ran while it thought, and stands now.
  await expect(page.getByTestId('clock-black')).not.toHaveClass(/running/);
  await expect(page.getByTestId('clock-white')).toHaveClass(/running/);
});
