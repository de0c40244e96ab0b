import { expect, Page, test } from '@playwright/test';
import { cpSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { playUci, plies } from './helpers';

const site = join(__dirname, '..', '.site');

/** Opens the game and waits until the service worker serves the page. */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  }
}

test('after one visit the game loads and plays with no network', async ({ page, context }) => {
  await openControlled(page, '/sub/path/?variant=pandemonium&mode=ai&level=1');
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await playUci(page, 'e4e5');
    // The computer answers: the worker and its wasm came from the cache.
    await expect.poll(() => plies(page)).toBe(2);
    // A shared link opens offline too, and so do the traditional pieces.
    await page.goto('/sub/path/?variant=mansindam&moves=e3e4&mode=local&pieces=traditional');
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(page.locator('h1')).toHaveText('Mansindam');
    await expect(page.locator('.sq .piece.kanji').first()).toBeVisible();
    const sprite = await page.evaluate(async () => (await fetch('pieces/kanji.svg')).status);
    expect(sprite).toBe(200);
    // The puzzles too: their bundle and their set were kept.
    await page.goto('/sub/path/?mode=puzzle&variant=pandemonium');
    await expect(page.getByTestId('status')).toHaveAttribute('data-phase', 'solving');
    await expect(page.getByTestId('puzzle-about')).toContainText('Puzzle p');
  } finally {
    await context.setOffline(false);
  }
});

test('a new deploy waits for a reload, then replaces the old files cleanly', async ({ page }) => {
  // A copy of the site that is "deployed" again while the page is open.
  const dir = join(site, 'deploy');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(site, 'sub', 'path'), dir, { recursive: true });
  await openControlled(page, '/deploy/?variant=mansindam&mode=local');
  const sw = join(dir, 'sw.js');
  const version = readFileSync(sw, 'utf8').match(/const BUILD = "([0-9a-f]{16})";/)![1];
  expect(await page.evaluate(() => caches.keys())).toEqual([`pantheon-${version}`]);
  const worker = await page.locator('meta[name="pantheon-build"]').getAttribute('content');
  await playUci(page, 'e3e4');

  // The new deploy: another site (a new page and worker) and so a new
  // service worker.
  writeFileSync(sw, readFileSync(sw, 'utf8').replaceAll(version, 'next').replaceAll(worker!, 'next'));
  const index = join(dir, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace(`content="${worker}"`, 'content="next"'));
  // (A static server says "not modified" when the file's time, in whole
  // seconds, is not later than the copy the browser has: move it on.)
  const later = new Date(Date.now() + 5_000);
  utimesSync(sw, later, later);
  utimesSync(index, later, later);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        await registration.update();
        return !!(registration.installing || registration.waiting);
      }),
    )
    .toBe(true);

  // The old page goes on with its own files until the player reloads.
  await expect(page.getByTestId('update')).toBeVisible();
  await playUci(page, 'e7e6');
  await page.getByTestId('reload').click();
  await expect(page.locator('meta[name="pantheon-build"]')).toHaveAttribute('content', 'next');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  // The game goes on where it was, and only the new build's cache is left.
  await expect.poll(() => plies(page)).toBe(2);
  await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(['pantheon-next']);
  await expect(page.getByTestId('update')).toHaveCount(0);
});

test('the page offers itself for a home screen', async ({ page }) => {
  await page.goto('/sub/path/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(`/sub/path/${href}`)).json();
  expect(manifest).toMatchObject({ start_url: './', scope: './', display: 'standalone' });
  for (const icon of manifest.icons) {
    const response = await page.request.get(`/sub/path/${icon.src}`);
    expect(response.status(), icon.src).toBe(200);
  }
});
