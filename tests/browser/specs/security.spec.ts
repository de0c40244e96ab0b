import { expect, test } from '@playwright/test';
import { openGame, playUci, plies } from './helpers';

test('the page plays under its Content-Security-Policy without a violation', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await openGame(page, { variant: 'pandemonium', mode: 'ai', level: '1', pieces: 'traditional' });
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]{43}='/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain("'unsafe-eval'");
  // The worker, the computer's reply, the traditional pieces, sound, the dialogs.
  await playUci(page, 'e4e5');
  await expect.poll(() => plies(page)).toBe(2);
  await expect(page.locator('.piece.kanji').first()).toBeVisible();
  for (const dialog of ['rules', 'record', 'share']) {
    await page.getByTestId(dialog).click();
    await expect(page.locator('.dialog')).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await page.getByTestId('hint').click();
  await expect(page.getByTestId('hint-text')).toBeVisible();
  expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
  // A script that found its way into the page would not run.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = '(window as any).injected = true'.replace(' as any', '');
    document.body.append(s);
  });
  expect(await page.evaluate(() => (window as any).injected)).toBeUndefined();
  expect(await page.evaluate(() => (window as any).violations)).toEqual(['script-src-elem inline']);
});
