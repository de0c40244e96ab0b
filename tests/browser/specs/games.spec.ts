import { expect, test } from '@playwright/test';
import { openGame, playUci, scriptedGames, square } from './helpers';

// Two players on one device play a short game to checkmate by clicks (one
// of them through the promotion chooser).
for (const game of scriptedGames()) {
  test(`${game.variant}${game.fen ? ` from ${game.fen}` : ""}: a whole game by clicks ends "${game.status}"`, async ({ page }) => {
    await page.addInitScript(() => {
      (window as any).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
    const params: Record<string, string> = { variant: game.variant, white: 'human', black: 'human' };
    if (game.fen) params.fen = game.fen;
    await openGame(page, params);
    for (const uci of game.moves) {
      await playUci(page, uci);
    }
    await expect(page.getByTestId('status')).toHaveText(game.status);
    await expect(page.getByTestId('result')).toBeVisible();
    await expect(page.getByTestId('result')).toContainText('Checkmate');
    // The mated King is highlighted; nothing moves any more.
    await expect(page.locator('.sq.check')).toHaveCount(1);
    await expect(page.getByTestId('resign')).toBeDisabled();
    // Played under the page's Content-Security-Policy (promotions included)
    // without a violation.
    expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
  });
}

test('mansindam: the scripted mate promotes the Cardinal to a Rhino by itself', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', white: 'human', black: 'human' });
  for (const uci of ['c1a2', 'd9b8', 'b3b4', 'g9f8']) await playUci(page, uci);
  await square(page, 'a2').click();
  await square(page, 'f7').click();
  await expect(page.getByTestId('promotion')).toHaveCount(0);
  await expect(square(page, 'f7')).toHaveAttribute('aria-label', 'f7, White Rhino');
  await expect(square(page, 'f7').locator('.piece.promoted')).toHaveCount(1);
});
