// Arrows and circles the player draws over the board, as on lichess: a
// right-button drag draws an arrow, a right click a circle; drawing the same
// again takes it away, and a click or a new position clears them all.
import { expect, Locator, Page, test } from '@playwright/test';
import { openGame, playUci, square } from './helpers';

async function rightDrag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up({ button: 'right' });
}

/** The shapes drawn, in hundredths of a square from the board's top left. */
async function shapes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="drawn"] line, [data-testid="drawn"] circle')].map((el) =>
      el.tagName === 'line'
        ? `arrow ${el.getAttribute('x1')},${el.getAttribute('y1')} → ${el.getAttribute('x2')},${el.getAttribute('y2')}`
        : `circle ${el.getAttribute('cx')},${el.getAttribute('cy')}`,
    ),
  );
}

test('a right-drag draws an arrow and a right click a circle; again takes them away; a click or a move clears them', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  // e3 is the fifth file and the seventh row from the top: its centre is at
  // (450, 650); the arrow stops 30 short of e5's centre (450, 450).
  await rightDrag(page, square(page, 'e3'), square(page, 'e5'));
  expect(await shapes(page)).toEqual(['arrow 450,650 → 450,480']);
  await square(page, 'c6').click({ button: 'right' });
  expect(await shapes(page)).toEqual(['arrow 450,650 → 450,480', 'circle 250,350']);
  await square(page, 'c6').click({ button: 'right' });
  await rightDrag(page, square(page, 'e3'), square(page, 'e5'));
  expect(await shapes(page)).toEqual([]);
  // No menu of the browser's over the board.
  const menu = await square(page, 'c6').evaluate((el) => !el.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
  expect(menu).toBe(true);

  // A click anywhere on the board clears the drawings, and so does a move.
  await rightDrag(page, square(page, 'b3'), square(page, 'b5'));
  await square(page, 'a1').click({ button: 'right' });
  expect(await shapes(page)).toHaveLength(2);
  await square(page, 'e5').click();
  expect(await shapes(page)).toEqual([]);
  await rightDrag(page, square(page, 'b3'), square(page, 'b5'));
  expect(await shapes(page)).toHaveLength(1);
  await playUci(page, 'e3e4');
  expect(await shapes(page)).toEqual([]);
  // Flipped, the same squares are drawn where they are on screen.
  await page.getByTestId('flip').click();
  await rightDrag(page, square(page, 'e3'), square(page, 'e5'));
  expect(await shapes(page)).toEqual(['arrow 450,250 → 450,420']);
});
