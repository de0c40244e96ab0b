import { expect, Page, test } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frameReport, openGame, OWN_WORK_LIMIT_MS, ownWorkReport, playUci, REVIEW_WAIT_MS, timeOwnWork, watchFrames } from './helpers';

const artifacts = join(__dirname, '..', 'artifacts');
// Mansindam: 2. … Cg5?? leaves the Cardinal to Black's Queen (the game the
// engine's own review test marks, src/ai/review.rs).
const BLUNDER = 'e3e4,e7e6,c1g5';
const LONG_GAME = readFileSync(join(__dirname, '..', 'review-game.txt'), 'utf8').trim();

/** Opens a link on the analysis board and waits for its panel. */
async function analyse(page: Page, params: Record<string, string>) {
  await openGame(page, { variant: 'mansindam', mode: 'analysis', ...params });
  await expect(page.getByTestId('analysis')).toBeVisible();
}

/** Records CSP violations from the first script on. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    (window as any).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
}

const depth = async (page: Page) =>
  Number((await page.getByTestId('engine-status').textContent())?.match(/Depth (\d+)/)?.[1] ?? 0);

const lines = (page: Page) => page.locator('[data-testid="engine-lines"] [data-testid="line"]');

/** The moves of the tree, in the order shown, with their plies. */
const treeMoves = (page: Page) => page.locator('[data-testid="tree"] .move');

test('a link opens the analysis board: the bar beside the board, three lines deepening, under the CSP', async ({ page }) => {
  await watchPolicy(page);
  await analyse(page, { moves: BLUNDER });
  // The study code came later than the first paint, from this site.
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => new URL(s.src || location.href).pathname));
  expect(scripts.some((s) => /\/study[-.]/.test(s))).toBe(true);

  await expect(page.getByTestId('engine')).toHaveAttribute('aria-checked', 'true');
  await expect(lines(page)).toHaveCount(3);
  const first = await depth(page);
  await expect.poll(() => depth(page), { timeout: 20_000 }).toBeGreaterThan(Math.max(first, 6));
  // From White's view: Black is winning a piece.
  await expect(lines(page).first()).toHaveAttribute('data-eval', /^-\d/);
  const bar = page.getByTestId('eval-bar');
  await expect(bar).toHaveAttribute('data-eval', /^-\d/);
  expect(Number(await bar.getAttribute('data-share'))).toBeLessThan(400);
  await expect(bar).toHaveAttribute('aria-label', /^Evaluation: -\d/);
  // Beside the board on a wide screen, as tall as the board.
  const b = (await bar.boundingBox())!;
  const board = (await page.locator('.board').boundingBox())!;
  expect(b.height).toBeGreaterThan(board.height * 0.9);
  expect(b.width).toBeLessThan(40);
  expect(b.x + b.width <= board.x + 1 || b.x >= board.x + board.width - 1).toBe(true);
  // Each line is numbered from the position: Black's move 2.
  await expect(lines(page).first().locator('.move-number').first()).toHaveText('2…');

  // Off: no lines; on again: they come back.
  await page.getByTestId('engine').click();
  await expect(page.getByTestId('engine')).toHaveAttribute('aria-checked', 'false');
  await expect(lines(page)).toHaveCount(0);
  await expect(page.getByTestId('engine-status')).toHaveText('Turn the engine on to see its lines.');
  await page.getByTestId('engine').click();
  await expect(lines(page)).toHaveCount(3);
  expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
});

test('the lines follow the board at once: no line of another position is ever shown', async ({ page }) => {
  await analyse(page, { moves: 'e3e4,e7e6' });
  await expect(lines(page)).toHaveCount(3);
  await expect(lines(page).first().locator('.move-number').first()).toHaveText('2.');
  const before = await lines(page).allTextContents();
  // Every frame from now on: the move shown on the board, and the first
  // number of each line beside it.
  await page.evaluate(() => {
    const w = window as any;
    w.__seen = [];
    const look = () => {
      const ply = document.querySelector('[data-testid="tree"] .move.current')?.getAttribute('data-ply') ?? '0';
      const numbers = [...document.querySelectorAll('[data-testid="line"]')].map(
        (l) => l.querySelector('.move-number')?.textContent,
      );
      w.__seen.push([Number(ply), numbers]);
      if (!w.__stopLook) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // Choosing a line plays its first move, and the lines are Black's now.
  await lines(page).first().click();
  await expect(treeMoves(page)).toHaveCount(3);
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveAttribute('data-ply', '3');
  await expect(lines(page)).toHaveCount(3);
  await expect(lines(page).first().locator('.move-number').first()).toHaveText('2…');
  expect(await lines(page).allTextContents()).not.toEqual(before);
  // Again: White's move 3.
  await lines(page).first().click();
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveAttribute('data-ply', '4');
  await expect(lines(page)).toHaveCount(3);
  await expect(lines(page).first().locator('.move-number').first()).toHaveText('3.');
  const seen: [number, string[]][] = await page.evaluate(() => {
    (window as any).__stopLook = true;
    return (window as any).__seen;
  });
  // In no frame did the lines belong to another position than the board's.
  const expected: Record<number, string> = { 2: '2.', 3: '2…', 4: '3.' };
  const stale = seen.filter(([ply, numbers]) => numbers.some((n) => n !== expected[ply]));
  expect(stale).toEqual([]);
  expect(seen.filter(([ply, numbers]) => ply === 4 && numbers.length === 3).length).toBeGreaterThan(0);
});

test('moves branch into variations, shown in brackets; steps and keys walk the tree', async ({ page }) => {
  await analyse(page, { moves: BLUNDER });
  await expect(treeMoves(page)).toHaveText(['Pe4', 'Pe6', 'Cg5']);
  // Back one move and play another: a variation beside Cg5.
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveAttribute('data-ply', '2');
  await playUci(page, 'd3d4');
  await expect(page.getByTestId('variation')).toHaveCount(1);
  await expect(page.getByTestId('variation')).toHaveText('2.Pd4');
  await expect(page.getByTestId('variation')).toHaveAttribute('aria-label', 'Variation');
  // The variation goes on: Black answers inside it.
  await playUci(page, 'e6e5');
  await expect(page.getByTestId('variation').locator('.move')).toHaveText(['Pd4', 'Pe5']);
  // The brackets come from the style sheet (lichess writes them so).
  const brackets = await page.getByTestId('variation').evaluate((e) => [
    getComputedStyle(e, '::before').content,
    getComputedStyle(e, '::after').content,
  ]);
  expect(brackets).toEqual(['"("', '") "']);
  // Home, then End follows the main line; the step buttons do the same.
  await page.keyboard.press('Home');
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveText('Cg5');
  await page.getByTestId('step-back').click();
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveText('Pe6');
  // Choosing a move of the variation shows its position.
  await page.getByTestId('variation').locator('.move').last().click();
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveText('Pe5');
  await expect(page.locator('[data-square="e5"] .piece')).toHaveCount(1);
  await expect(page.locator('[data-square="g5"] .piece')).toHaveCount(0);
});

test('a review marks the blunder, draws the better move, and survives a reload', async ({ page }) => {
  await analyse(page, { moves: BLUNDER });
  await page.getByTestId('review').click();
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: REVIEW_WAIT_MS });
  await expect(page.getByTestId('review-progress')).toHaveCount(0);
  const cg5 = page.locator('[data-testid="tree"] .move[data-ply="3"]');
  await expect(cg5).toHaveAttribute('data-mark', 'blunder');
  await expect(cg5).toHaveText('Cg5??');
  await expect(cg5).toHaveAttribute('aria-label', 'Cg5, Blunder');
  await expect(page.locator('[data-testid="tree"] .move[data-mark="blunder"]')).toHaveCount(1);
  // White: one blunder; Black none.
  const row = page.locator('[data-testid="review-summary"] tr[data-mark="blunder"] td');
  await expect(row).toHaveText(['1', '0']);
  // On Cg5 the better move is an arrow on the board and named below the graph.
  await cg5.click();
  await expect(page.getByTestId('better')).toHaveText(/^.+ was best$/);
  const arrow = page.locator('[data-testid="better-arrow"] line');
  await expect(arrow).toHaveCount(1);
  // The graph: one column per position, the one shown marked; a click jumps.
  const graph = page.getByTestId('graph');
  await expect(graph.locator('rect.pick')).toHaveCount(4);
  await expect(graph.getByTestId('graph-at')).toHaveAttribute('x1', '300');
  await graph.locator('rect.pick[data-ply="1"]').click();
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveAttribute('data-ply', '1');
  await expect(graph.getByTestId('graph-at')).toHaveAttribute('x1', '100');
  await graph.locator('rect.pick[data-ply="0"]').click();
  await expect(page.locator('[data-testid="tree"] .move.current')).toHaveCount(0);
  await expect(graph.getByTestId('graph-at')).toHaveAttribute('x1', '0');
  await expect(page.getByTestId('better-arrow')).toHaveCount(0);
  // Saved with the game: a reload shows it without reviewing again.
  await page.reload();
  await expect(page.getByTestId('analysis')).toBeVisible();
  await expect(page.getByTestId('review-summary')).toBeVisible();
  await expect(page.getByTestId('review-progress')).toHaveCount(0);
  await expect(page.locator('[data-testid="tree"] .move[data-ply="3"]')).toHaveAttribute('data-mark', 'blunder');
});

test('the record of a reviewed game has the evaluations and marks, and reads back', async ({ page }) => {
  await analyse(page, { moves: BLUNDER });
  await page.getByTestId('review').click();
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: REVIEW_WAIT_MS });
  await page.getByTestId('record').click();
  const pgn = await page.getByTestId('pgn').inputValue();
  const moves = pgn.slice(pgn.indexOf('\n\n')).replace(/\s+/g, ' ').trim();
  expect(pgn).toMatch(/^\[Event "/);
  expect(pgn).toContain('[Variant "Mansindam"]');
  // lichess's way: `{ [%eval -2.5] }` after each move, `??` on the blunder
  // and, in words, what it was and what was best.
  expect(moves).toMatch(/^1\. Pe4\S* \{ \[%eval -?[\d.]+\][^}]*\} 1\.\.\. Pe6\S* \{ \[%eval -?[\d.]+\][^}]*\} 2\. Cg5\?\? \{ \[%eval -[\d.]+\] Blunder\. \S+ was best\. \} \*$/);
  await page.keyboard.press('Escape');
  // Our own reader takes it back.
  await openGame(page, { variant: 'pandemonium', mode: 'local' });
  await page.getByTestId('record').click();
  await page.getByTestId('paste').fill(pgn);
  await page.getByTestId('load').click();
  await expect(page.locator('h1')).toHaveText('Mansindam');
  await expect(page.locator('[data-testid="moves"] .move[data-ply]')).toHaveText(['Pe4', 'Pe6', 'Cg5']);
  // Pasted on an analysis board, it is analysed there.
  await analyse(page, { variant: 'pandemonium', moves: 'e4e5' });
  await page.getByTestId('record').click();
  await page.getByTestId('paste').fill(pgn);
  await page.getByTestId('load').click();
  await expect(page.getByTestId('paste')).toHaveCount(0);
  await expect(page.getByTestId('analysis')).toBeVisible();
  // With the review made of it before.
  await expect(treeMoves(page)).toHaveText([/^Pe4/, /^Pe6/, 'Cg5??']);
  await expect(lines(page)).toHaveCount(3);
});

test('Analyse from a game, and back to it', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', moves: 'e3e4,e7e6', mode: 'local' });
  await expect(page.getByTestId('analysis')).toHaveCount(0);
  await page.getByTestId('analyse').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('mode')).toBe('analysis');
  await expect(treeMoves(page)).toHaveText(['Pe4', 'Pe6']);
  // Explore: the game itself is not changed by it.
  await playUci(page, 'd3d4');
  await expect(treeMoves(page)).toHaveCount(3);
  await page.getByTestId('back-to-game').click();
  await expect(page.getByTestId('analysis')).toHaveCount(0);
  await expect(page.locator('[data-testid="moves"] .move[data-ply]')).toHaveText(['Pe4', 'Pe6']);
  await expect(page.getByTestId('status')).toHaveText('White to move');
  expect(new URL(page.url()).searchParams.get('mode')).toBeNull();
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('[data-testid="moves"] .move[data-ply]')).toHaveText(['Pe4', 'Pe6']);
});

test('embedded: the bar and the best line fit a 400×480 frame', async ({ page }) => {
  mkdirSync(artifacts, { recursive: true });
  await page.setViewportSize({ width: 400, height: 480 });
  await openGame(page, { variant: 'mansindam', moves: BLUNDER, mode: 'analysis', embed: '1' });
  const line = page.getByTestId('embed-line');
  await expect(line.locator('.line-eval')).toHaveText(/^-\d/, { timeout: 20_000 });
  await expect(line.locator('.status-text')).toHaveText(/^2…\S+ 3\.\S+/);
  // On its own line, across the frame, below the board.
  const text = (await line.locator('.status-text').boundingBox())!;
  const board = (await page.locator('.board').boundingBox())!;
  expect(text.y).toBeGreaterThan(board.y + board.height);
  expect(text.width).toBeGreaterThan(150);
  await expect(page.getByTestId('eval-bar')).toBeVisible();
  await expect(page.getByTestId('analysis')).toHaveCount(0);
  const fits = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  expect(fits).toEqual({ x: 0, y: 0 });
  // The reader's saved game is not touched.
  expect(await page.evaluate(() => localStorage.getItem('pantheon.game.v2'))).toBeNull();
  await page.screenshot({ path: join(artifacts, 'analysis-embed-400x480.png') });
});

test('on a 320 px phone the bar, the lines and the review fit without scrolling sideways; Korean texts', async ({ page }) => {
  mkdirSync(artifacts, { recursive: true });
  await page.setViewportSize({ width: 320, height: 640 });
  await analyse(page, { moves: BLUNDER, lang: 'ko' });
  await expect(page.getByTestId('engine')).toHaveText('엔진');
  await expect(page.getByTestId('review')).toHaveText('대국 복기');
  await page.getByTestId('review').click();
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: REVIEW_WAIT_MS });
  await expect(page.locator('[data-testid="tree"] .move[data-ply="3"]')).toHaveAttribute('aria-label', 'Cg5, 큰 실수');
  await expect(page.getByTestId('review-summary').locator('tr[data-mark="blunder"] th')).toHaveText('큰 실수??');
  for (const id of ['eval-bar', 'engine-lines', 'graph', 'review-summary']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x, id).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, id).toBeLessThanOrEqual(320);
  }
  // Across the top of the board on a phone.
  const bar = (await page.getByTestId('eval-bar').boundingBox())!;
  const board = (await page.locator('.board').boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(board.y + 1);
  expect(bar.width).toBeGreaterThan(board.width * 0.9);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  await page.screenshot({ path: join(artifacts, 'analysis-review-320.png'), fullPage: true });
});

test('a 100-ply game is reviewed while the page stays responsive', async ({ page }, info) => {
  test.setTimeout(180_000);
  await timeOwnWork(page);
  await analyse(page, { moves: LONG_GAME });
  await expect(treeMoves(page)).toHaveCount(100);
  await page.getByTestId('engine').click();
  await watchFrames(page);
  const started = Date.now();
  await page.getByTestId('review').click();
  await expect(page.getByTestId('review-progress')).toBeVisible();
  // Cancel stops it; the button comes back.
  await page.getByTestId('review-cancel').click();
  await expect(page.getByTestId('review')).toHaveText('Review the game');
  await page.getByTestId('review').click();
  const again = Date.now();
  await expect(page.getByTestId('review-progress').locator('progress')).toHaveAttribute('max', '101');
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: 150_000 });
  const ms = Date.now() - again;
  const report = await frameReport(page);
  const own = await ownWorkReport(page);
  const summary = `review of 100 plies in ${ms} ms (cancel and restart after ${again - started} ms); the page's own work: ${own.handlers} messages, longest ${own.longest.toFixed(1)} ms, ${own.total.toFixed(1)} ms in all; ${report.frames} frames, 99 % within ${report.p99.toFixed(1)} ms, longest gap ${report.maxGap.toFixed(1)} ms; long tasks ${JSON.stringify(report.longTasks)}; gaps over 40 ms ${JSON.stringify(report.slow)}`;
  info.annotations.push({ type: 'measured', description: summary });
  console.log(summary);
  await expect(page.getByTestId('graph').locator('rect.pick')).toHaveCount(101);
  // How long it took is the machine's as much as ours: the budget step
  // reports it against its target.
  // Frames keep coming over the review (their raw gaps, which a busy
  // machine lengthens, are reported above and by the budget step)...
  expect(report.frames).toBeGreaterThan(100);
  // ...and the page's own handling of each of the review's messages (a
  // progress step, the marks, the graph) stays short: the review runs in
  // the worker.
  expect(own.handlers).toBeGreaterThan(100);
  expect(own.longest).toBeLessThan(OWN_WORK_LIMIT_MS);
});
