// Premove, as on lichess: while the computer thinks, the player taps (or
// drags) one of their moves; its squares are marked and nothing moves until
// the computer's reply, after which it is played at once if it is legal,
// and dropped silently if not. Escape, a tap elsewhere and the right button
// give it up.
import { expect, Page, test } from '@playwright/test';
import { drag, handSlot, openGame, playUci, plies, square } from './helpers';

/**
 * Lets a test hold what the worker says, so that the computer's reply comes
 * exactly when the test wants it, however quick the search: once armed with
 * `holdAfter(page, n)`, the worker's next `n` messages go through and the
 * ones after wait until `release()`. (The page is not changed: the Worker
 * constructor is wrapped before the page's script runs. The page renders
 * when it has time, so two quick messages may be read before the first is
 * drawn: messages are counted, not the page watched.)
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as any;
    w.held = null;
    w.pass = null;
    const deliverOrHold = (deliver: () => void) => {
      if (w.held) return w.held.push(deliver);
      if (w.pass === 0) {
        w.held = [deliver];
        w.pass = null;
        return;
      }
      if (w.pass !== null) w.pass -= 1;
      deliver();
    };
    w.release = (pass: number | null) => {
      const queue = w.held ?? [];
      w.held = null;
      for (const deliver of queue) deliver();
      w.pass = pass;
      return queue.length;
    };
    const Native = window.Worker;
    class HeldWorker extends Native {
      set onmessage(handler: ((e: MessageEvent) => void) | null) {
        super.onmessage = handler && ((e: MessageEvent) => deliverOrHold(() => handler.call(this, e)));
      }
      get onmessage() {
        return super.onmessage;
      }
    }
    w.Worker = HeldWorker;
  });
});

/** The worker's next `pass` messages go through; the ones after are held. */
async function holdAfter(page: Page, pass: number) {
  await page.evaluate((pass) => ((window as any).pass = pass), pass);
}

/** How many worker messages are being held (the computer's reply among them). */
async function held(page: Page): Promise<number> {
  return page.evaluate(() => ((window as any).held ?? []).length);
}

/** Lets the held messages through; with `pass`, holds again after that many more. */
async function release(page: Page, pass: number | null = null) {
  await page.evaluate((pass) => (window as any).release(pass), pass);
}

const status = (page: Page) => page.getByTestId('status');

/** The squares marked as a premove, by name. */
async function premoveMarks(page: Page): Promise<string[]> {
  return page.locator('.sq.premove').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!).sort());
}

test('a premove set while the level-6 computer thinks is played as soon as it replies', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'computer', level: '6' });
  await playUci(page, 'e3e4');
  await expect(status(page)).toHaveAttribute('data-thinking', 'true');
  // The player's pieces can be picked up while the computer thinks: d3,
  // then d4. Nothing moves; both squares carry the premove mark (and not
  // the last move's or the selection's).
  await square(page, 'd3').click();
  await expect(square(page, 'd3')).toHaveClass(/selected/);
  await expect(page.locator('.sq.dest')).toHaveCount(0);
  await square(page, 'd4').click();
  await expect.poll(() => premoveMarks(page)).toEqual(['d3', 'd4']);
  await expect(page.locator('.sq.selected')).toHaveCount(0);
  await expect(square(page, 'd3')).toHaveAttribute('aria-label', 'd3, White Pawn');
  await expect(square(page, 'd4')).toHaveAttribute('aria-label', 'd4, empty');
  await expect(page.getByTestId('announce')).toHaveText('Premove: d3–d4');
  // Still the computer's turn: the premove was set while it thinks.
  await expect(status(page)).toHaveAttribute('data-thinking', 'true');
  expect(await plies(page)).toBe(1);
  // (The computer's next reply, after the premove, is held so that ply 3
  // stays: its reply and the answer to the premove go through.)
  await holdAfter(page, 2);
  // The reply comes (ply 2) and the premove follows without another tap (ply 3).
  await expect(status(page)).toHaveAttribute('data-plies', '3', { timeout: 15_000 });
  const moves = page.locator('[data-testid="moves"] .move[data-ply]');
  await expect(moves).toHaveCount(3);
  await expect(moves.nth(2)).toHaveText('Pd4');
  await expect(square(page, 'd4')).toHaveAttribute('aria-label', 'd4, White Pawn');
  await expect(page.locator('.sq.premove')).toHaveCount(0);
  // d3–d4 is now the last move, marked so.
  await expect(square(page, 'd4')).toHaveClass(/last/);
});

// White: King e1, Rooks h8 and b1; Black: King a9 alone, nothing in hand.
// After h8–a8+ Black's one legal move is Kxa8 (b8 and b9 are covered by the
// Rooks): a premove of the Rook on a8 can never be played.
const FORCED = 'k8/7R1/9/9/9/9/9/9/1R2K4[] w - - 0 1';

test('a premove that the reply made illegal is dropped: the marks go and the player is to move', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', white: 'human', black: 'computer', level: '6', fen: FORCED });
  // The answer to the player's move goes through, the reply is held.
  await holdAfter(page, 1);
  await square(page, 'h8').click();
  await square(page, 'a8').click();
  // (The Rook may promote there: it stays a Rook.)
  const dialog = page.getByTestId('promotion');
  await expect.poll(async () => (await plies(page)) === 1 || (await dialog.isVisible())).toBe(true);
  if (await dialog.isVisible()) await page.getByTestId('promote-no').click();
  await expect(status(page)).toHaveAttribute('data-thinking', 'true');
  await expect(status(page)).toHaveAttribute('data-plies', '1');
  // The Rook on a8 is premoved to a5.
  await square(page, 'a8').click();
  await square(page, 'a5').click();
  await expect.poll(() => premoveMarks(page)).toEqual(['a5', 'a8']);
  await expect(square(page, 'a8')).toHaveAttribute('aria-label', 'a8, White Rook');
  // The computer has answered (held until now): Kxa8.
  await expect.poll(() => held(page)).toBeGreaterThan(0);
  await release(page);
  await expect(status(page)).toHaveAttribute('data-plies', '2');
  await expect(square(page, 'a8')).toHaveAttribute('aria-label', 'a8, Black King');
  await expect(page.locator('.sq.premove')).toHaveCount(0);
  await expect(status(page)).toHaveText('Your move (White)');
  await expect(status(page)).toHaveAttribute('data-thinking', 'false');
  // Nothing was played for the player, and nothing is on its way.
  await page.waitForTimeout(500);
  expect(await plies(page)).toBe(2);
  await expect(square(page, 'a5')).toHaveAttribute('aria-label', 'a5, empty');
  // The player moves as usual.
  await playUci(page, 'e1d1');
});

test('Escape, a tap on an empty square and the right button give a premove up', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'computer', level: '6' });
  await holdAfter(page, 1);
  await playUci(page, 'e3e4');
  await expect(status(page)).toHaveAttribute('data-thinking', 'true');
  // Escape.
  await square(page, 'd3').click();
  await square(page, 'd4').click();
  await expect.poll(() => premoveMarks(page)).toEqual(['d3', 'd4']);
  await page.keyboard.press('Escape');
  await expect(page.locator('.sq.premove')).toHaveCount(0);
  // A tap on an empty square with nothing picked up.
  await square(page, 'c3').click();
  await square(page, 'c4').click();
  await expect.poll(() => premoveMarks(page)).toEqual(['c3', 'c4']);
  await square(page, 'e5').click();
  await expect(page.locator('.sq.premove')).toHaveCount(0);
  await expect(page.locator('.sq.selected')).toHaveCount(0);
  // The right button (it draws a circle too).
  await drag(page, square(page, 'f3'), square(page, 'f4'));
  await expect.poll(() => premoveMarks(page)).toEqual(['f3', 'f4']);
  await square(page, 'h5').click({ button: 'right' });
  await expect(page.locator('.sq.premove')).toHaveCount(0);
  await expect(square(page, 'f3')).toHaveAttribute('aria-label', 'f3, White Pawn');
  // The reply comes: nothing else is played, it is the player's turn.
  await expect.poll(() => held(page)).toBeGreaterThan(0);
  await release(page);
  await expect(status(page)).toHaveAttribute('data-plies', '2');
  await expect(status(page)).toHaveText('Your move (White)');
  await page.waitForTimeout(500);
  expect(await plies(page)).toBe(2);
});

test('a premove from the hand is played when the reply leaves its square empty', async ({ page }) => {
  // Black's King has moves to spare; the player drops the Rook in hand.
  await openGame(page, {
    variant: 'pandemonium',
    white: 'human',
    black: 'computer',
    level: '1',
    fen: '4k4/9/9/9/9/9/9/9/4K4[R] w - - 0 1',
  });
  await holdAfter(page, 1);
  await square(page, 'e1').click();
  await square(page, 'd1').click();
  await expect(status(page)).toHaveAttribute('data-thinking', 'true');
  await handSlot(page, 'white', 'R').click();
  await expect(handSlot(page, 'white', 'R')).toHaveClass(/selected/);
  await square(page, 'a5').click();
  await expect(handSlot(page, 'white', 'R')).toHaveClass(/premove/);
  await expect.poll(() => premoveMarks(page)).toEqual(['a5']);
  await expect(page.getByTestId('announce')).toHaveText('Premove: R@a5');
  await expect.poll(() => held(page)).toBeGreaterThan(0);
  await release(page, 1);
  await expect(status(page)).toHaveAttribute('data-plies', '3');
  await expect(square(page, 'a5')).toHaveAttribute('aria-label', 'a5, White Rook');
  await expect(handSlot(page, 'white', 'R')).toHaveAttribute('data-count', '0');
});
