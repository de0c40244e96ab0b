import { expect, Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED } from '../playwright.config';
import { playUci, plies, scriptedGames } from './helpers';

const artifacts = join(__dirname, '..', 'artifacts');
const FEN = 'rnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/9/2P1V4/P3P1P1P/2+F1+U1+A2/RNBEKEBNR[] b - - 0 1';

/** The blog page on another origin with the compact game in a 400×480 iframe. */
async function blog(page: Page, query = '') {
  await page.goto(`${EMBED}/compact.html${query ? `?${query}` : ''}`);
  const game = page.frameLocator('#game');
  await expect(game.locator('.app.embed[data-ready="true"]')).toBeVisible();
  return game;
}

const events = (page: Page) => page.evaluate(() => (window as any).events as any[]);
const send = (page: Page, command: object) => page.evaluate((c) => (window as any).send(c), command);

test('the embedded game tells the page around it each move and takes its commands', async ({ page }) => {
  const game = await blog(page, 'mode=ai&level=1');
  await expect.poll(() => events(page)).toContainEqual(
    expect.objectContaining({ source: 'pantheon', type: 'ready', variant: 'pandemonium', ply: 0 }),
  );
  await playUci(game, 'e4e5');
  // The player's move, then the computer's.
  await expect.poll(async () => (await events(page)).filter((e) => e.type === 'move').length).toBe(2);
  const [mine, reply] = (await events(page)).filter((e) => e.type === 'move');
  expect(mine).toMatchObject({ ply: 1, uci: 'e4e5', san: expect.any(String), variant: 'pandemonium' });
  expect(reply.ply).toBe(2);
  expect(reply.fen).toMatch(/ w - /);

  await send(page, { type: 'flip' });
  await expect(game.locator('.hand.bottom [data-hand="black"]').first()).toBeAttached();

  await send(page, { type: 'setPosition', fen: FEN });
  await expect.poll(() => events(page)).toContainEqual({
    source: 'pantheon', type: 'position', variant: 'pandemonium', fen: FEN, ply: 0,
  });
  // Black (the computer) is to move in that position, and moves.
  await expect.poll(() => plies(game)).toBe(1);

  // A command that cannot be carried out is answered, and the game stays.
  const before = (await events(page)).length;
  // (One at a time: the worker answers the first, the page the second.)
  await send(page, { type: 'setPosition', fen: 'nonsense' });
  await expect.poll(async () => (await events(page)).slice(before).map((e) => e.type)).toEqual(['error']);
  await send(page, { type: 'dance' });
  await expect.poll(async () => (await events(page)).slice(before).map((e) => e.type)).toEqual(['error', 'error']);
  await send(page, { type: 'setPosition', moves: 5 });
  await expect.poll(async () => (await events(page)).slice(before).map((e) => e.type)).toEqual(['error', 'error', 'error']);
  const [badFen, badType, badMoves] = (await events(page)).slice(before);
  expect(badFen.message).toBe("the board has 1 rank; it needs 9, separated by '/'");
  expect(badType.message).toBe('unknown command type "dance" (the commands are setPosition and flip)');
  expect(badMoves.message).toBe('unreadable command: "moves" must be a list of moves (strings)');
  expect(await plies(game)).toBe(1);
  // Messages that are not commands (no type) are not for the game.
  await send(page, { hello: 'world' });
  await page.waitForTimeout(200);
  expect((await events(page)).length).toBe(before + 3);
});

test('the end of an embedded game is told once', async ({ page }) => {
  const game = await blog(page, 'mode=local');
  const scripted = scriptedGames().find((g) => g.variant === 'pandemonium')!;
  for (const uci of scripted.moves) await playUci(game, uci);
  await expect.poll(async () => (await events(page)).filter((e) => e.type === 'gameOver')).toEqual([
    { source: 'pantheon', type: 'gameOver', winner: 'white', reason: 'checkmate', result: '1-0' },
  ]);
});

test('the compact layout fits a 400×480 frame and links to the full game', async ({ page }) => {
  mkdirSync(artifacts, { recursive: true });
  const game = await blog(page, 'mode=local');
  await playUci(game, 'e4e5');
  const frame = page.frame({ url: /sub\/path/ })!;
  const fits = await frame.evaluate(() => ({
    overflowX: document.documentElement.scrollWidth - window.innerWidth,
    overflowY: document.documentElement.scrollHeight - window.innerHeight,
    board: document.querySelector('.board')!.getBoundingClientRect().width,
    bar: document.querySelector('.embed-bar')!.getBoundingClientRect().bottom,
    height: window.innerHeight,
  }));
  expect(fits.overflowX).toBeLessThanOrEqual(0);
  expect(fits.overflowY).toBeLessThanOrEqual(0);
  expect(fits.board).toBeGreaterThanOrEqual(300);
  expect(fits.bar).toBeLessThanOrEqual(fits.height);
  await expect(game.getByTestId('new-game')).toHaveCount(0);
  const full = game.getByTestId('open-full');
  await expect(full).toHaveAttribute('target', '_blank');
  await expect(full).toHaveAttribute(
    'href',
    'http://127.0.0.1:8737/sub/path/?variant=pandemonium&moves=e4e5&mode=local',
  );
  await page.locator('#game').screenshot({ path: join(artifacts, 'embed-400x480.png') });
  // The embedded game is the post's, not the reader's saved game.
  expect(await frame.evaluate(() => localStorage.getItem('pantheon.game.v2'))).toBeNull();
});

test('a replay in a frame: step buttons, no moves', async ({ page }) => {
  const moves = scriptedGames().find((g) => g.variant === 'pandemonium')!.moves;
  const game = await blog(page, `mode=view&moves=${moves.join(',')}`);
  const status = game.getByTestId('status');
  await expect(status).toHaveAttribute('data-plies', String(moves.length));
  await game.getByTestId('step-first').click();
  await expect(status).toHaveAttribute('data-plies', '0');
  await game.getByTestId('step-forward').click();
  await game.getByTestId('step-forward').click();
  await expect(status).toHaveAttribute('data-plies', '2');
  await expect(game.getByTestId('take-back')).toHaveCount(0);
  await page.locator('#game').screenshot({ path: join(artifacts, 'embed-replay-400x480.png') });
});

test('the example page for blog authors works as it says', async ({ page }) => {
  await page.goto('/embed-example.html');
  const game = page.frameLocator('#game');
  await expect(game.locator('.app.embed[data-ready="true"]')).toBeVisible();
  await expect(page.locator('#log')).toContainText('ready {"variant":"pandemonium"');
  await page.locator('#set').click();
  await expect(page.locator('#log')).toContainText('position {"variant":"pandemonium","fen":"' + FEN);
  await page.locator('#flip').click();
  await expect(game.locator('.hand.bottom [data-hand="black"]').first()).toBeAttached();
});

test('a message in the embedded replay viewer uses the frame\'s width', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 480 });
  await page.goto('/?embed=1&mode=view&variant=mansindam&moves=c1a2,zz9');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  const toast = page.getByTestId('error');
  await expect(toast).toContainText('cannot be played');
  const box = await toast.boundingBox();
  if (!box) throw new Error('no message shown');
  // Not a narrow column: nearly the frame's width, and well under its height.
  expect(box.width).toBeGreaterThan(360);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(400);
  expect(box.height).toBeLessThan(200);
});
