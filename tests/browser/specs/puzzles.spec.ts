import { expect, Page, Request, test } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openGame, playUci, plies, square } from './helpers';

const artifacts = join(__dirname, '..', 'artifacts');

type Puzzle = { id: string; variant: string; fen: string; moves: string[]; rating: number; themes: string[] };

/** The committed set, as the page reads it. */
const set: Puzzle[] = readFileSync(join(__dirname, '..', '..', '..', 'static', 'puzzles.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [id, variant, fen, moves, rating, themes] = line.split('\t');
    return { id, variant, fen, moves: moves.split(' '), rating: Number(rating), themes: themes.split(',') };
  });

/** The first puzzle of a game with at least `solverMoves` moves of the
 * solver, whose first answer moves a piece on the board (not a drop). */
function pick(variant: string, solverMoves: number): Puzzle {
  const p = set.find((p) => p.variant === variant && p.moves.length >= 2 * solverMoves && !p.moves[1].includes('@'));
  expect(p, `a ${variant} puzzle with ${solverMoves} moves`).toBeDefined();
  return p!;
}

const status = (page: Page) => page.getByTestId('status');
const to = (uci: string) => uci.replace('+', '').slice(-2);

/** Taps a solver's move that is not the solution's: the piece the solution
 * moves, to another square it may go to (or another piece's move). */
async function playWrong(page: Page, right: string) {
  const before = await plies(page);
  const from = right.slice(0, 2);
  await square(page, from).click();
  const targets = page.locator('.sq.dest, .sq.capture');
  let names = await targets.evaluateAll((els) => els.map((e) => e.getAttribute('data-square')));
  names = names.filter((n) => n !== to(right));
  expect(names.length, `another move of the piece on ${from}`).toBeGreaterThan(0);
  await square(page, names[0]!).click();
  const dialog = page.getByTestId('promotion');
  await expect.poll(async () => (await plies(page)) > before || (await dialog.isVisible())).toBe(true);
  if (await dialog.isVisible()) await page.getByTestId('promote-yes').click();
  await expect.poll(() => plies(page)).toBeGreaterThan(before);
}

test('a puzzle of the set is solved by taps: the opponent moves first, a wrong move is marked and taken back, the replies come by themselves; under the CSP', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  const p = pick('mansindam', 2);
  const solver = p.fen.split(' ')[1] === 'w' ? 'Black' : 'White';
  await openGame(page, { mode: 'puzzle', puzzle: p.id });
  await expect(status(page)).toHaveAttribute('data-phase', 'solving');
  await expect(status(page)).toHaveText(`${solver} to move: find the best move.`);
  await expect(page.getByTestId('puzzle-about')).toHaveText(`Puzzle ${p.id} · rated ${p.rating}`);
  // The opponent's move is on the board, marked as the last move; the
  // solver's side is at the bottom.
  await expect(square(page, to(p.moves[0]))).toHaveClass(/\blast\b/);
  const a1 = (await square(page, 'a1').boundingBox())!;
  const a9 = (await square(page, 'a9').boundingBox())!;
  expect(a1.y > a9.y).toBe(solver === 'White');
  // The status line sits above the panel, beside the board.
  const board = (await page.locator('.board').boundingBox())!;
  expect((await status(page).boundingBox())!.x).toBeGreaterThan(board.x + board.width);
  // The themes tell the answer: not shown before it is over.
  await expect(page.getByTestId('puzzle-themes')).toHaveCount(0);

  await playWrong(page, p.moves[1]);
  await expect(status(page)).toHaveAttribute('data-phase', 'wrong');
  await expect(status(page)).toContainText('is not the move. Try another.');
  await expect(page.getByTestId('puzzle-rating')).toContainText('(-');
  // Taken back by itself.
  await expect.poll(() => plies(page)).toBe(1);
  await expect(status(page)).toContainText('is not the move');

  for (let i = 1; i < p.moves.length; i += 2) {
    await playUci(page, p.moves[i]);
    if (i + 1 < p.moves.length) {
      await expect(status(page)).toHaveText('✓ Right! Keep going.');
      await expect.poll(() => plies(page)).toBe(i + 2);
      await expect(square(page, to(p.moves[i + 1]))).toHaveClass(/\blast\b/);
    }
  }
  await expect(status(page)).toHaveAttribute('data-phase', 'solved');
  await expect(status(page)).toHaveText('✓ Solved!');
  await expect(page.getByTestId('puzzle-themes')).toBeVisible();
  await expect(page.getByTestId('puzzle-record')).toHaveText('Streak 0 · best 0 · solved 0');
  const rating = await page.getByTestId('puzzle-rating').textContent();
  expect(rating).toMatch(/^Your puzzle rating: \d+ \(-\d+\)$/);

  // Next: another puzzle; the record stays after a reload.
  await page.getByTestId('puzzle-next').click();
  await expect(page.getByTestId('puzzle-about')).not.toHaveText(`Puzzle ${p.id} · rated ${p.rating}`);
  await expect(status(page)).toHaveAttribute('data-phase', 'solving');
  await page.reload();
  await expect(page.getByTestId('puzzle-rating')).toHaveText(rating!.replace(/ \(.*\)$/, ''));
  expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
});

test('the solution can be shown; filters choose the game and the theme; a bad record is named', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pantheon.puzzles.v1', 'puzzles 1\nrating lots\n'));
  await openGame(page, { mode: 'puzzle', lang: 'ko' });
  await expect(page.getByTestId('puzzle-damaged')).toHaveText(
    '저장된 퍼즐 기록을 읽을 수 없어 새로 시작합니다: rating 값 “lots”이(가) 숫자가 아닙니다.',
  );
  await page.getByTestId('puzzle-game').selectOption('pandemonium');
  await page.getByTestId('puzzle-theme').selectOption('mate');
  await expect(status(page)).toHaveAttribute('data-phase', 'solving');
  const id = (await page.getByTestId('puzzle-about').textContent())!.match(/퍼즐 (p\d+)/)![1];
  const p = set.find((q) => q.id === id)!;
  expect(p.variant).toBe('pandemonium');
  expect(p.themes).toContain('mate');
  await page.getByTestId('puzzle-solution').click();
  await expect(status(page)).toHaveAttribute('data-phase', 'failed');
  await expect.poll(() => plies(page), { timeout: 15_000 }).toBe(p.moves.length);
  await expect(page.getByTestId('puzzle-retry')).toBeEnabled();
  await expect(page.getByTestId('puzzle-themes')).toContainText('수 외통');
  await page.getByTestId('puzzle-retry').click();
  await expect.poll(() => plies(page)).toBe(1);
  await expect(status(page)).toHaveAttribute('data-phase', 'solving');
});

test('a puzzle in a post: the link brings its own line, no set is fetched, and it fits 400×480', async ({ page }) => {
  const p = pick('pandemonium', 1);
  const fetched: string[] = [];
  page.on('request', (r: Request) => fetched.push(new URL(r.url()).pathname));
  await page.setViewportSize({ width: 400, height: 480 });
  await openGame(page, {
    embed: '1',
    mode: 'puzzle',
    variant: p.variant,
    fen: p.fen,
    solution: p.moves.join(','),
  });
  await expect(status(page)).toHaveAttribute('data-phase', 'solving');
  const box = (await page.locator('.board').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(400);
  expect(box.y + box.height).toBeLessThanOrEqual(480);
  for (let i = 1; i < p.moves.length; i += 2) {
    await playUci(page, p.moves[i]);
    if (i + 1 < p.moves.length) await expect.poll(() => plies(page)).toBe(i + 2);
  }
  await expect(status(page)).toHaveAttribute('data-phase', 'solved');
  await expect(page.getByTestId('puzzle-next')).toHaveCount(0);
  expect(fetched.filter((f) => f.endsWith('puzzles.tsv'))).toEqual([]);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'puzzle-embed-400x480.png') });
});

test('the New game dialog leads to the puzzles of the game chosen there', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', mode: 'local' });
  await page.getByTestId('new-game').click();
  await page.getByTestId('variant-pandemonium').click();
  await page.getByTestId('open-puzzles').click();
  await expect(page).toHaveURL(/\?variant=pandemonium&mode=puzzle&lang=en$/);
  await expect(status(page)).toHaveAttribute('data-phase', 'solving');
  await expect(page.getByTestId('puzzle-about')).toContainText('Puzzle p');
  await expect(page.getByTestId('puzzle-game')).toHaveValue('pandemonium');
});

test('on a phone: 320 px, Korean, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await openGame(page, { mode: 'puzzle', lang: 'ko', puzzle: pick('mansindam', 1).id });
  await expect(status(page)).toHaveAttribute('data-phase', 'solving');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'puzzle-320-ko.png'), fullPage: true });
});

test('Share gives the puzzle by its name, and the builder puts its line in a frame', async ({ page }) => {
  const p = pick('mansindam', 1);
  await openGame(page, { mode: 'puzzle', puzzle: p.id });
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-link')).toHaveValue(new RegExp(`\\?mode=puzzle(&orient=black)?&puzzle=${p.id}$`));
  await page.getByTestId('open-builder').click();
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(page.getByTestId('show-puzzle')).toHaveAttribute('aria-pressed', 'true');
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  expect(snippet).toContain('mode=puzzle');
  expect(snippet).toContain(`solution=${p.moves.join(',')}`);
  const frame = page.frameLocator('[data-testid="builder-preview"]');
  await expect(frame.getByTestId('status')).toHaveAttribute('data-phase', 'solving');
});
