import { expect, test } from '@playwright/test';
import { openGame, playUci, plies, square } from './helpers';

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
  await expect(page.locator('.sq .piece.kanji').first()).toBeVisible();
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

test('the promotion chooser opens over its square under the Content-Security-Policy', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await openGame(page, {
    variant: 'pandemonium',
    mode: 'local',
    fen: 'rnbekebnr/4+u4/p1p1p1p1p/2P6/9/9/9/4+U4/RNBEKEBNR[FA] w - - 0 1',
  });
  for (const flipped of [false, true]) {
    if (flipped) await page.getByTestId('flip').click();
    await square(page, 'c6').click();
    await square(page, 'c7').click();
    const chooser = await page.getByTestId('promotion').boundingBox();
    const c7 = await square(page, 'c7').boundingBox();
    if (!chooser || !c7) throw new Error('chooser or c7 not shown');
    // Same column as c7, and c7 under one of its two tiles.
    expect(Math.abs(chooser.x - c7.x)).toBeLessThan(2);
    expect(chooser.y).toBeLessThanOrEqual(c7.y + 1);
    expect(chooser.y + chooser.height).toBeGreaterThanOrEqual(c7.y + c7.height - 1);
    await page.keyboard.press('Escape');
  }
  expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
});
