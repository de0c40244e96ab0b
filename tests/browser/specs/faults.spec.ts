import { expect, test } from '@playwright/test';
import { openGame, playUci, square } from './helpers';

/** Stops whatever the game's worker is running, through the DevTools
 * protocol (as a crashed or killed worker would: the page hears nothing). */
async function stopWorker(page: import('@playwright/test').Page) {
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find((t: { type: string; url: string }) => t.type === 'worker' && t.url.includes('worker-loader.js'));
  expect(worker).toBeTruthy();
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker!.targetId, flatten: false });
  await cdp.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({ id: 1, method: 'Runtime.terminateExecution' }),
  });
}

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
