import { expect, Page, test } from '@playwright/test';
import { openGame, playUci, square } from './helpers';

/** The DevTools target id of the game's worker (undefined when none runs). */
async function workerId(page: Page): Promise<string | undefined> {
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  return targetInfos.find((t: { type: string; url: string }) => t.type === 'worker' && t.url.includes('worker-loader.js'))
    ?.targetId;
}

/** Sends a DevTools protocol command to the game's worker. */
async function toWorker(page: Page, method: string, params: object = {}) {
  const targetId = await workerId(page);
  expect(targetId).toBeTruthy();
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: targetId!, flatten: false });
  await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method, params }) });
}

/** Stops whatever the game's worker is running (as a crashed or killed
 * worker would: the page hears nothing). */
const stopWorker = (page: Page) => toWorker(page, 'Runtime.terminateExecution');

/** Makes the worker fail as a Rust panic does: compiled to wasm, a panic
 * ends in an uncaught `RuntimeError: unreachable`, which the page hears as
 * the worker's error event. */
const panicWorker = (page: Page) =>
  toWorker(page, 'Runtime.evaluate', {
    expression: "setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable') }, 0)",
  });

test('a worker stopped in the middle of a search is replaced and the game goes on', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'computer', level: '6' });
  await playUci(page, 'e3e4');
  await expect(page.getByTestId('status')).toHaveAttribute('data-thinking', 'true');
  await stopWorker(page);
  // The page notices the silence, starts a new worker with the same game,
  // and the computer answers.
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '2', { timeout: 30_000 });
  await expect(page.getByTestId('status')).toHaveText('Your move (White)');
  await expect(square(page, 'e4')).toHaveAttribute('aria-label', 'e4, White Pawn');
  await expect(page.getByTestId('error')).toHaveCount(0);
  await playUci(page, 'd3d4');
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '4', { timeout: 15_000 });
});

test('a worker that panics is replaced at once, with the game as it was', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', white: 'human', black: 'computer', level: '6' });
  await playUci(page, 'e4e5');
  await expect(page.getByTestId('status')).toHaveAttribute('data-thinking', 'true');
  const first = await workerId(page);
  const started = Date.now();
  await panicWorker(page);
  // The error event replaces the worker (the 10 s watchdog is not what did).
  await expect.poll(() => workerId(page), { timeout: 9_000 }).not.toBe(first);
  expect(Date.now() - started).toBeLessThan(9_000);
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '2', { timeout: 30_000 });
  await expect(page.getByTestId('status')).toHaveText('Your move (White)');
  await expect(page.getByTestId('error')).toHaveCount(0);
  await playUci(page, 'c3c4');
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '4', { timeout: 15_000 });
});
