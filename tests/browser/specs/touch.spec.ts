import { expect, test } from '@playwright/test';
import { centre, handSlot, openGame, square, touchDrag, touchHold } from './helpers';

// A phone: touch input. Chromium turns touches into pointer events, which the
// page handles like the mouse's; `touch-action: none` keeps the page from
// scrolling instead.
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

test('tap-tap and drag with a finger, on the board and from the hand', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', fen: '4k4/9/9/9/9/9/9/9/4K4[RPb] w - - 0 1', white: 'human', black: 'human' });
  await handSlot(page, 'white', 'R').tap();
  await square(page, 'e5').tap();
  await expect(square(page, 'e5')).toHaveAttribute('aria-label', 'e5, White Rook');
  await touchDrag(page, await centre(square(page, 'e9')), await centre(square(page, 'd9')));
  await expect(square(page, 'd9')).toHaveAttribute('aria-label', 'd9, Black King');
  await touchDrag(page, await centre(handSlot(page, 'white', 'P')), await centre(square(page, 'c4')));
  await expect(square(page, 'c4')).toHaveAttribute('aria-label', 'c4, White Pawn');
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '3');
});

test('a finger held on a square draws: a circle where it stays, an arrow where it goes', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  const hold = (from: { x: number; y: number }, to: { x: number; y: number }) => touchHold(page, from, to);
  await hold(await centre(square(page, 'e5')), await centre(square(page, 'e5')));
  await expect(page.locator('[data-testid="drawn"] circle')).toHaveCount(1);
  await hold(await centre(square(page, 'c5')), await centre(square(page, 'c6')));
  await expect(page.locator('[data-testid="drawn"] line')).toHaveCount(1);
  await expect(page.locator('[data-testid="drawn"] circle')).toHaveCount(1);
  // A tap clears them, and a quick touch that moves draws nothing.
  await square(page, 'a5').tap();
  await expect(page.getByTestId('drawn')).toHaveCount(0);
  await touchDrag(page, await centre(square(page, 'g5')), await centre(square(page, 'g6')));
  await page.waitForTimeout(700);
  await expect(page.getByTestId('drawn')).toHaveCount(0);
});
