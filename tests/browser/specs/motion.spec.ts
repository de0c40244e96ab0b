// Motion: a move slides from its square and a drop grows in where it lands
// (200 ms, as on lichess), so that the computer's reply is seen; nothing
// moves with prefers-reduced-motion, or when the player dragged the piece.
import { expect, Page, test } from '@playwright/test';
import { drag, handSlot, openGame, playUci, plies, square } from './helpers';

// Every animation the page starts is recorded and paused at once, so that
// the test can look at it frame by frame however slow the machine is.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const recorded: { square: string | null; animation: Animation }[] = [];
    (window as any).recorded = recorded;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: any[]) {
      const animation = animate.apply(this, args as any);
      animation.pause();
      recorded.push({ square: this.closest('[data-square]')?.getAttribute('data-square') ?? null, animation });
      return animation;
    } as any;
  });
});

/** The recorded animations: the square of each animated piece. */
async function animated(page: Page) {
  return page.evaluate(() => (window as any).recorded.map((r: any) => r.square));
}

/** The animated piece's offset and opacity at a time of its animation (ms). */
async function frame(page: Page, index: number, time: number) {
  return page.evaluate(
    ([index, time]) => {
      const { animation } = (window as any).recorded[index];
      animation.currentTime = time;
      const style = getComputedStyle(animation.effect.target);
      const m = new DOMMatrixReadOnly(style.transform === 'none' ? undefined : style.transform);
      return { x: Math.round(m.m41), y: Math.round(m.m42), scale: Math.round(m.m11 * 100) / 100, opacity: Number(style.opacity) };
    },
    [index, time],
  );
}

test('a tapped move slides from its square to its destination in 200 ms', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await square(page, 'e3').click();
  await square(page, 'e4').click();
  await expect.poll(() => plies(page)).toBe(1);
  expect(await animated(page)).toEqual(['e4']);
  const side = (await square(page, 'e4').boundingBox())!.height;
  const start = await frame(page, 0, 0);
  const middle = await frame(page, 0, 100);
  const end = await frame(page, 0, 200);
  // From e3, one square below, to e4: the offset shrinks over time.
  expect(start.x).toBe(0);
  expect(Math.abs(start.y - side)).toBeLessThanOrEqual(1);
  expect(middle.y).toBeGreaterThan(0);
  expect(middle.y).toBeLessThan(start.y);
  expect(end).toEqual({ x: 0, y: 0, scale: 1, opacity: 1 });
});

test('a drop grows in where it lands', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', white: 'human', black: 'human', fen: '3k5/9/9/9/9/9/9/9/4K4[R] w - - 0 1' });
  await handSlot(page, 'white', 'R').click();
  await square(page, 'e5').click();
  await expect.poll(() => plies(page)).toBe(1);
  expect(await animated(page)).toEqual(['e5']);
  expect(await frame(page, 0, 0)).toMatchObject({ scale: 0.5, opacity: 0 });
  expect(await frame(page, 0, 200)).toEqual({ x: 0, y: 0, scale: 1, opacity: 1 });
});

test('the computer\'s reply slides, even when it comes in the same render as the player\'s move', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', white: 'human', black: 'computer', level: '1', fen: '3k5/9/9/9/9/9/9/9/4K4[R] w - - 0 1' });
  // A slow machine (here a CPU slowed 30 times) draws the drop and the
  // reply in one render: the reply must slide all the same.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
  await handSlot(page, 'white', 'R').click();
  await square(page, 'e5').click();
  await expect.poll(() => plies(page)).toBe(2);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The king's reply is the last animation; it starts away from its new
  // square (the drop before it may or may not have been drawn on its own).
  const squares: string[] = await animated(page);
  const reply = await page.locator('[data-square].last:has(.piece)').getAttribute('data-square');
  expect(squares.at(-1)).toBe(reply);
  const start = await frame(page, squares.length - 1, 0);
  expect(Math.abs(start.x) + Math.abs(start.y)).toBeGreaterThan(10);
  expect(await frame(page, squares.length - 1, 200)).toEqual({ x: 0, y: 0, scale: 1, opacity: 1 });
});

test('nothing moves with prefers-reduced-motion, nor a piece the player dragged', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await playUci(page, 'e3e4');
  expect(await animated(page)).toEqual([]);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await drag(page, square(page, 'e7'), square(page, 'e6'));
  await expect.poll(() => plies(page)).toBe(2);
  expect(await animated(page)).toEqual([]);
  // The next tapped move slides again.
  await playUci(page, 'd3d4');
  expect(await animated(page)).toEqual(['d4']);
});
