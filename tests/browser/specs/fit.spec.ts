// What the player needs stays on the screen, and nothing moves under their
// eyes: the side panel beside the board, the step keys at either end of the
// moves, the hint and the result on a phone, the move list's rows, the
// typed-move error, the Rules dialog's header.
import { expect, Locator, Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openGame, playUci } from './helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const twoPlayers = { white: 'human', black: 'human' };
const LONG_GAME = readFileSync(join(__dirname, '..', 'review-game.txt'), 'utf8').trim().split(',');
const moves24 = LONG_GAME.slice(0, 24).join(',');

/** Where an element is on the page (not in the viewport): scrolling does not move it. */
async function onPage(locator: Locator) {
  const box = (await locator.boundingBox())!;
  const scrollY = await locator.page().evaluate(() => window.scrollY);
  return { x: box.x, y: box.y + scrollY, width: box.width, height: box.height };
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('at 1280×800 the page never grows past the board: a 24-move game resigned, and reviewed', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await openGame(page, { variant: 'mansindam', ...twoPlayers, moves: moves24 });
  await page.getByTestId('resign').click();
  await page.getByTestId('answer-yes').click();
  await expect(page.getByTestId('result')).toBeVisible();
  expect(await pageHeight(page)).toBeLessThanOrEqual(DESKTOP.height);
  // The result card and the list's result line are in view; the list
  // scrolls inside the panel to show it.
  await expect(page.getByTestId('result')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('move-result')).toBeInViewport({ ratio: 1 });
  const list = (await page.locator('.moves').boundingBox())!;
  const line = (await page.getByTestId('move-result').boundingBox())!;
  expect(line.y + line.height).toBeLessThanOrEqual(list.y + list.height);

  await openGame(page, { mode: 'analysis', variant: 'mansindam', moves: moves24 });
  await page.getByTestId('engine').click();
  await page.getByTestId('review').click();
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: 90_000 });
  expect(await pageHeight(page)).toBeLessThanOrEqual(DESKTOP.height);
  const panel = (await page.getByTestId('analysis').boundingBox())!;
  expect(panel.y + panel.height).toBeLessThanOrEqual(DESKTOP.height);
});

test('step keys at either end of the moves never scroll the page', async ({ page }) => {
  for (const [size, params, keys] of [
    [{ width: 700, height: 700 }, { mode: 'analysis' }, ['End', 'End', 'ArrowDown', 'Home', 'Home', 'ArrowUp']],
    [PHONE, twoPlayers, ['End', 'End', 'ArrowRight', 'Home', 'Home', 'ArrowLeft']],
  ] as const) {
    await page.setViewportSize(size);
    await openGame(page, { variant: 'mansindam', ...params, moves: moves24 });
    // The page is taller than the window: a key's default would scroll it.
    expect(await pageHeight(page)).toBeGreaterThan(size.height);
    for (const focus of ['board', 'page']) {
      if (focus === 'board') await page.locator('[data-square="e5"]').focus();
      else await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (const key of keys) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => window.scrollY), `${key} with the ${focus} focused at ${size.width} px`).toBe(0);
      }
    }
  }
});

test('on a phone the hint shows right under the board, and the result above the buttons', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openGame(page, { variant: 'mansindam', level: '1', moves: 'e3e4,e7e6' });
  await page.getByTestId('hint').click();
  const hint = page.getByTestId('hint-text');
  await expect(hint).toHaveAttribute('data-move', /.+/, { timeout: 30_000 });
  await expect(hint).toBeInViewport({ ratio: 1 });
  const table = (await page.locator('.table').boundingBox())!;
  const box = (await hint.boundingBox())!;
  expect(box.y).toBeGreaterThan(table.y + table.height);
  expect(box.y - (table.y + table.height)).toBeLessThan(24);

  await openGame(page, { variant: 'mansindam', ...twoPlayers, moves: moves24 });
  await page.getByTestId('resign').click();
  await page.getByTestId('answer-yes').click();
  await expect(page.getByTestId('result')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('rematch')).toBeInViewport({ ratio: 1 });
  // The list follows to its end: the result line is inside the list's view.
  const list = (await page.locator('.moves').boundingBox())!;
  const line = (await page.getByTestId('move-result').boundingBox())!;
  expect(line.y + line.height).toBeLessThanOrEqual(list.y + list.height);
});

test('move numbers stand level with their moves, and the list does not jump for an error or a step back', async ({ page }) => {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await openGame(page, { variant: 'mansindam', ...twoPlayers, moves: moves24 });
    const row = page.locator('[data-testid="moves"] li').first();
    const number = (await row.locator('.move-number').boundingBox())!;
    const move = (await row.locator('.move').first().boundingBox())!;
    expect(Math.abs(number.y + number.height / 2 - (move.y + move.height / 2)), `at ${size.width} px`).toBeLessThan(2);
    const list = page.locator('.moves');
    const before = await onPage(list);
    const input = page.getByTestId('move-input');
    await input.fill('hello');
    await input.press('Enter');
    await expect(page.getByTestId('move-error')).toHaveText(
      "'hello' is not a move (write e3e4, c6c7+, P@e5 or SAN such as Pe4)",
    );
    expect(await onPage(list), `the list with an error at ${size.width} px`).toEqual(before);
    await input.fill('');
    await page.keyboard.press('Escape');
    await page.locator('.move[data-ply="20"]').click();
    await expect(page.getByTestId('viewing')).toBeVisible();
    expect(await onPage(list), `the list looking back at ${size.width} px`).toEqual(before);
    const status = (await page.getByTestId('status').boundingBox())!;
    expect(status.height, `the status line looking back at ${size.width} px`).toBe(42);
  }
});

test('the Rules dialog\'s pieces scroll under its header, never over it', async ({ page }) => {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await openGame(page, { variant: 'mansindam', ...twoPlayers });
    await page.getByTestId('rules').click();
    await expect(page.getByTestId('rules-help')).toBeVisible();
    const dialog = page.locator('.dialog');
    const head = page.locator('.dialog-head');
    const tile = page.locator('.rule-tile').nth(3);
    // Scroll so that the tile is halfway under the header.
    await dialog.evaluate((d, [tileIndex]) => {
      const header = d.querySelector('.dialog-head')!.getBoundingClientRect();
      const piece = d.querySelectorAll('.rule-tile')[tileIndex].getBoundingClientRect();
      d.scrollTop += piece.top - (header.top + header.height / 2) + piece.height / 2;
    }, [3]);
    const h = (await head.boundingBox())!;
    const t = (await tile.boundingBox())!;
    expect(t.y, 'the tile is under the header').toBeLessThan(h.y + h.height);
    const onTop = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x, y)?.closest('.dialog-head'),
      [t.x + t.width / 2, h.y + h.height / 2],
    );
    expect(onTop, `the header is on top at ${size.width} px`).toBe(true);
    await page.keyboard.press('Escape');
  }
});

test('a typed word that is no move says so with the forms a move takes, in Korean too', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers, lang: 'ko' });
  const input = page.getByTestId('move-input');
  await input.fill('hello');
  await input.press('Enter');
  await expect(page.getByTestId('move-error')).toHaveText(
    "'hello'는 수가 아닙니다 (e3e4, c6c7+, P@e5 또는 Pe4 같은 SAN으로 쓰세요)",
  );
  await playUci(page, 'e3e4');
});
