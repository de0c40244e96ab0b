// How the page is laid out on a phone and a desktop: what a player sees
// without reading (the game's name, the coordinates around the board).
import { expect, test } from '@playwright/test';
import { openGame, playUci } from './helpers';

test('the game\'s name is shown whole in the top bar at 320 and 390 px, beside its buttons', async ({ page }) => {
  const names: Record<string, Record<string, string>> = {
    en: { mansindam: 'Mansindam', pandemonium: 'Pandemonium' },
    ko: { mansindam: '만신담', pandemonium: '수라장' },
  };
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 });
    for (const lang of ['en', 'ko']) {
      for (const variant of ['mansindam', 'pandemonium']) {
        await openGame(page, { variant, lang });
        const title = page.locator('.topbar h1');
        await expect(title).toHaveText(names[lang][variant]);
        const fit = await title.evaluate((h) => {
          const buttons = document.querySelector('.topbar-buttons')!.getBoundingClientRect();
          return {
            cut: h.scrollWidth > h.clientWidth,
            overlap: h.getBoundingClientRect().right > buttons.left,
            inside: h.getBoundingClientRect().left >= 0,
          };
        });
        expect(fit, `${variant} in ${lang} at ${width} px`).toEqual({ cut: false, overlap: false, inside: true });
      }
    }
  }
  // On a phone the New game button says it as shortly as its language
  // does (Korean has no shorter name that means the same); its name for
  // speech and screen readers is what it shows.
  await expect(page.getByTestId('new-game')).toHaveAccessibleName('새 게임');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('new-game')).toHaveAccessibleName('새 게임');
});

test('the coordinates stand outside the board, along its left and bottom edges, at every size', async ({ page }) => {
  for (const [width, height] of [[320, 640], [390, 844], [1280, 800]]) {
    await page.setViewportSize({ width, height });
    for (const orient of ['white', 'black']) {
      await openGame(page, { variant: 'pandemonium', orient });
      const seen = await page.evaluate(() => {
        const board = document.querySelector('.board')!.getBoundingClientRect();
        const label = (el: Element) => getComputedStyle(el, '::before').content.replace(/"/g, '');
        const pieces = [...document.querySelectorAll('.sq .piece')].map((p) => p.getBoundingClientRect());
        const hidden = (r: DOMRect) =>
          pieces.some((p) => r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom);
        const ranks = [...document.querySelectorAll('.coord.rank')].map((el) => {
          const r = el.getBoundingClientRect();
          return { text: label(el), outside: r.right <= board.left && r.left >= 0, hidden: hidden(r) };
        });
        const files = [...document.querySelectorAll('.coord.file')].map((el) => {
          const r = el.getBoundingClientRect();
          return { text: label(el), outside: r.top >= board.bottom && r.bottom <= window.innerHeight + window.scrollY, hidden: hidden(r) };
        });
        return {
          ranks: ranks.map((r) => r.text).join(''),
          files: files.map((f) => f.text).join(''),
          misplaced: [...ranks, ...files].filter((c) => !c.outside || c.hidden).map((c) => c.text),
        };
      });
      const white = orient === 'white';
      expect(seen, `${width} px, ${orient} at the bottom`).toEqual({
        ranks: white ? '987654321' : '123456789',
        files: white ? 'abcdefghi' : 'ihgfedcba',
        misplaced: [],
      });
    }
  }
});

test('each hand says who plays it, with the computer\'s level, on a phone as on a desktop', async ({ page }) => {
  for (const [width, height] of [[320, 640], [1280, 800]]) {
    await page.setViewportSize({ width, height });
    await openGame(page, { variant: 'pandemonium', mode: 'ai', level: '2', orient: 'black' });
    await expect(page.getByTestId('player-black')).toHaveText('You');
    await expect(page.getByTestId('player-white')).toHaveText('ComputerLevel 2');
    await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
    await expect(page.getByTestId('player-white')).toHaveText('White');
    await expect(page.getByTestId('player-black')).toHaveText('Black');
    await openGame(page, { variant: 'mansindam', mode: 'ai', level: '5', lang: 'ko' });
    await expect(page.getByTestId('player-white')).toHaveText('당신');
    await expect(page.getByTestId('player-black')).toHaveText('컴퓨터5단계');
    // Shown whole, inside the hand.
    for (const side of ['white', 'black']) {
      const fit = await page.getByTestId(`player-${side}`).evaluate((el) => {
        const hand = el.closest('.hand')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return {
          visible: r.width > 0 && getComputedStyle(el).visibility === 'visible',
          inside: r.left >= hand.left && r.right <= hand.right && r.top >= hand.top && r.bottom <= hand.bottom,
          cut: el.scrollWidth > el.clientWidth,
        };
      });
      expect(fit, `${side} at ${width} px`).toEqual({ visible: true, inside: true, cut: false });
    }
  }
});

test('looking back takes the status line\'s place: it does not say "Your move", and nothing below it moves', async ({ page }) => {
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    await page.setViewportSize({ width, height });
    await openGame(page, { variant: 'mansindam', white: 'human', black: 'human', moves: 'e3e4,e7e6,d3d4' });
    const places = () =>
      page.evaluate(() =>
        ['.board', '[data-testid="flip"]', '.hand.top', '[data-testid="moves"]'].map((s) => {
          const r = document.querySelector(s)!.getBoundingClientRect();
          return [s, Math.round(r.x), Math.round(r.y + window.scrollY), Math.round(r.width), Math.round(r.height)];
        }),
      );
    const live = await places();
    const status = page.getByTestId('status');
    await expect(status).toHaveText('Black to move');
    await page.locator('[data-testid="moves"] .move[data-ply="1"]').click();
    await expect(status).toHaveText('Move 1 of 3Back to the game');
    await expect(status.getByTestId('live')).toBeVisible();
    expect(await places(), `at ${width} px`).toEqual(live);
    await status.getByTestId('live').click();
    await expect(status).toHaveText('Black to move');
    expect(await places()).toEqual(live);
  }
});

test('beside the board the result card comes below the buttons, which stay where they were when the game ends', async ({ page }) => {
  for (const [width, height] of [[1280, 800]]) {
    await page.setViewportSize({ width, height });
    await openGame(page, { variant: 'pandemonium', white: 'human', black: 'human', fen: '3k5/9/9/2P6/9/9/9/9/4K4[R] w - - 0 1', moves: 'c6c7+,d9c9' });
    const place = (testid: string) =>
      page.getByTestId(testid).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [Math.round(r.x), Math.round(r.y + window.scrollY)];
      });
    const before = await Promise.all(['flip', 'rules', 'share'].map(place));
    await playUci(page, 'R@a9');
    await expect(page.getByTestId('result')).toBeVisible();
    expect(await Promise.all(['flip', 'rules', 'share'].map(place)), `at ${width} px`).toEqual(before);
    const [, cardTop] = await place('result');
    expect(cardTop).toBeGreaterThan(before[2][1]);
  }
});

test('on a phone the result card comes right under the board, in view, when the game ends', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, { variant: 'pandemonium', white: 'human', black: 'human', fen: '3k5/9/9/2P6/9/9/9/9/4K4[R] w - - 0 1', moves: 'c6c7+,d9c9' });
  await playUci(page, 'R@a9');
  const card = page.getByTestId('result');
  await expect(card).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('rematch')).toBeInViewport({ ratio: 1 });
  const table = (await page.locator('.table').boundingBox())!;
  const box = (await card.boundingBox())!;
  const flip = (await page.getByTestId('flip').boundingBox())!;
  expect(box.y).toBeGreaterThan(table.y + table.height);
  expect(box.y).toBeLessThan(flip.y);
});
