// The marks on the board are bold enough to see at a glance, as on lichess:
// the last move's two squares and the pieces a selected piece can take.
import { expect, Page, test } from '@playwright/test';
import { openGame, pixel, playUci, square } from './helpers';

/** The colour 5 px inside a square's top-left corner, where no piece is. */
async function corner(page: Page, name: string) {
  const box = (await square(page, name).boundingBox())!;
  return pixel(page, box.x + 5, box.y + 5);
}

const distance = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0);

test('the last move\'s squares stand out from their neighbours of the same colour', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  await playUci(page, 'e3e4');
  // e3 and c3 are dark squares, e4 and c4 light ones; c3 and c4 are not
  // part of the move.
  for (const [moved, other] of [['e3', 'c3'], ['e4', 'c4']]) {
    const d = distance(await corner(page, moved), await corner(page, other));
    expect(d, `${moved} against ${other}`).toBeGreaterThanOrEqual(100);
  }
});

test('a piece that can be taken is marked around it, not only under it', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', white: 'human', black: 'human', fen: '3k5/9/9/9/p8/9/9/9/R3K4[] w - - 0 1' });
  const before = await corner(page, 'a5');
  await square(page, 'a1').click();
  await expect(square(page, 'a5')).toHaveClass(/capture/);
  // The corners of the square, outside the piece, are marked.
  expect(distance(await corner(page, 'a5'), before)).toBeGreaterThanOrEqual(100);
  // As strongly as an empty square the rook can go to is marked at its centre.
  const dot = (await square(page, 'a3').boundingBox())!;
  const empty = await pixel(page, dot.x + dot.width / 2, dot.y + dot.height / 2);
  const plain = await corner(page, 'a3');
  expect(distance(empty, plain)).toBeGreaterThanOrEqual(100);
});
