// Touch targets: every button and hand slot is a finger's size (40 px tall)
// on a 320 px phone, without the page scrolling sideways or the board
// getting smaller.
import { expect, Page, test } from '@playwright/test';
import { openGame, playUci, scriptedGames } from './helpers';

/** The height of every visible button, role=button, link styled as a button and hand slot. */
async function targets(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, [role="button"], a.button, [data-hand]')]
      .map((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const visible = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
        const what =
          el.getAttribute('data-testid') ??
          (el.hasAttribute('data-hand') ? `${el.getAttribute('data-hand')} ${el.getAttribute('data-piece')}` : null) ??
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
        return { what, height: Math.round(box.height * 10) / 10, visible };
      })
      .filter((t) => t.visible),
  );
}

async function expectTall(page: Page, where: string, atLeast = 40) {
  const all = await targets(page);
  expect(all.length, `no targets found ${where}`).toBeGreaterThan(5);
  const small = all.filter((t) => t.height < atLeast);
  console.log(`${where}: ${all.length} targets, the smallest ${Math.min(...all.map((t) => t.height))} px tall`);
  expect(small, `targets under ${atLeast} px ${where}`).toEqual([]);
}

test('every button and hand slot is at least 40 px tall on a 320 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  for (const variant of ['mansindam', 'pandemonium']) {
    await openGame(page, { variant, white: 'human', black: 'human' });
    // Some moves, so that the move list has buttons.
    const game = scriptedGames().find((g) => g.variant === variant && !g.fen)!;
    for (const uci of game.moves.slice(0, 2)) await playUci(page, uci);
    await expectTall(page, `on the ${variant} page`);
  }
  await page.getByTestId('new-game').click();
  await expect(page.getByTestId('start-game')).toBeVisible();
  await expectTall(page, 'in the New game dialog');
  // The other opponent shows the clock's fields, the computer the levels.
  await page.getByTestId('opponent-computer').click();
  await expectTall(page, 'in the New game dialog, against the computer');
  await page.keyboard.press('Escape');
  await page.getByTestId('settings').click();
  await expect(page.getByTestId('settings-close')).toBeVisible();
  await expectTall(page, 'in the Settings dialog');
  await page.getByTestId('settings-close').click();
  // A game to look at has step buttons.
  await openGame(page, { variant: 'mansindam', mode: 'view', moves: 'e3e4,e7e6' });
  await expectTall(page, 'in a game to look at');
});

test('the touch-target check finds a small button', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await openGame(page, { variant: 'mansindam' });
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.textContent = 'tiny';
    b.style.height = '20px';
    document.querySelector('.toolbar')!.append(b);
  });
  const small = (await targets(page)).filter((t) => t.height < 40);
  expect(small).toEqual([{ what: 'button. "tiny"', height: 20, visible: true }]);
});

test('at 320 px nothing scrolls sideways, the board fills the width, pieces stay round', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await openGame(page, { variant: 'pandemonium', fen: 'rnbekebnr/2+a1+u1+f2/p1p1p1p1p/9/9/9/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[PVvp] w - - 0 1' });
  // Every piece, on the board (beside the coordinates too) and in the
  // (taller than wide) hand slots, is as wide as it is tall.
  const shapes = await page.evaluate(() =>
    [...document.querySelectorAll('.sq .piece, .hand-slot .piece')].map((p) => {
      const r = p.getBoundingClientRect();
      return { where: p.parentElement!.getAttribute('data-square') ?? p.parentElement!.getAttribute('data-piece'), ratio: Math.round((r.width / r.height) * 100) / 100 };
    }),
  );
  expect(shapes.length).toBeGreaterThan(40);
  expect(shapes.filter((s) => s.ratio !== 1)).toEqual([]);
  const box = await page.locator('.board-wrap').boundingBox();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The board and its coordinates are as wide as the page allows (8 px
  // margins), as before.
  expect(box!.width).toBeGreaterThanOrEqual(303);
  // Both hands and the board are on the first screen.
  const bottom = await page.locator('.hand.bottom').boundingBox();
  expect(bottom!.y + bottom!.height).toBeLessThanOrEqual(568);
});
