import { expect, Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED } from '../playwright.config';
import { openGame, playUci, square } from './helpers';

const artifacts = join(__dirname, '..', 'artifacts');

/** Opens the builder from a game's Share dialog. */
async function build(page: Page) {
  await openGame(page, { variant: 'mansindam', mode: 'local' });
  await playUci(page, 'e3e4');
  await playUci(page, 'e7e6');
  await page.getByTestId('share').click();
  await page.getByTestId('open-builder').click();
  await expect(page.getByTestId('builder')).toBeVisible();
}

const snippet = (page: Page) => page.getByTestId('embed-snippet').inputValue();

/** The address in a snippet (as the browser reads the attribute). */
function srcOf(html: string): string {
  const m = html.match(/^<iframe src="([^"]+)" width="(\d+)" height="(\d+)" title="[^"]+" loading="lazy" style="border:0;max-width:100%"><\/iframe>$/);
  expect(m, html).not.toBeNull();
  return m![1].replaceAll('&amp;', '&');
}

/** Pastes a snippet into a plain page on another origin (one with no
 * style of its own) and returns its frame. */
async function host(page: Page, html: string) {
  await page.goto(`${EMBED}/a-blog-post`, { waitUntil: 'load' }).catch(() => {});
  await page.evaluate((h) => {
    document.head.innerHTML = '<title>My post</title>';
    document.body.innerHTML = `<h1>My post</h1><p>Look at this:</p>${h}<p>The end.</p>`;
  }, html);
  return page.frameLocator('iframe');
}

test('the builder shows the frame it writes, and its snippet plays in a post on another origin', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await build(page);
  // Play on against the computer at a level, Black at the bottom, figures, in Korean, large.
  await page.getByTestId('builder-level').selectOption('2');
  await page.getByTestId('builder-bottom-black').click();
  await page.getByTestId('builder-pieces-figurine').click();
  await page.getByTestId('builder-lang-ko').click();
  await page.getByTestId('builder-size-560').click();
  const html = await snippet(page);
  const src = srcOf(html);
  expect(new URL(src).searchParams.toString()).toBe(
    new URLSearchParams({
      variant: 'mansindam',
      fen: 'rnbakqcnm/9/pppp1pppp/4p4/9/4P4/PPPP1PPPP/9/MNCQKABNR[] w - - 2 2',
      mode: 'ai',
      level: '2',
      orient: 'black',
      pieces: 'figurine',
      lang: 'ko',
      theme: 'wood',
      embed: '1',
    }).toString(),
  );
  expect(html).toContain('width="560" height="660"');
  // The preview is that frame.
  const preview = page.getByTestId('builder-preview');
  await expect(preview).toHaveAttribute('src', src);
  await expect(preview).toHaveAttribute('width', '560');
  // Copied as it is shown.
  await page.getByTestId('copy-embed-snippet').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

  // Pasted into a plain page on another origin: the game plays there.
  const frame = await host(page, html);
  await expect(frame.locator('.app.embed[data-ready="true"]')).toBeVisible();
  await expect(frame.locator('.app')).toHaveAttribute('data-lang', 'ko');
  await expect(square(frame, 'e4').locator('.piece.figurine.white')).toBeVisible();
  // White to move with Black at the bottom: the computer (White) plays.
  await expect(frame.getByTestId('status')).toHaveAttribute('data-plies', '1', { timeout: 20_000 });
  const box = (await page.locator('iframe').boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([560, 660]);
});

test('a game to step through and a still diagram, each pasted into a post', async ({ page }) => {
  await build(page);
  await page.getByTestId('show-game').click();
  let html = await snippet(page);
  expect(srcOf(html)).toContain('moves=e3e4,e7e6&mode=view');
  await expect(page.getByTestId('builder-level')).toHaveCount(0);
  let frame = await host(page, html);
  await expect(frame.locator('.app.embed.viewer[data-ready="true"]')).toBeVisible();
  await expect(frame.getByTestId('status')).toHaveAttribute('data-plies', '2');

  await page.goBack();
  await expect(page.getByTestId('builder')).toBeVisible();
  await page.getByTestId('show-diagram').click();
  await page.getByTestId('builder-theme-slate').click();
  await page.getByTestId('builder-pieces-traditional').click();
  html = await snippet(page);
  const src = srcOf(html);
  expect(new URL(src).pathname).toBe('/diagram.html');
  expect(new URL(src).searchParams.get('last')).toBe('e7e6');
  // The preview draws the diagram.
  await expect(page.frameLocator('[data-testid="builder-preview"]').getByTestId('diagram')).toBeVisible();
  // Its own page, outside a frame, offers the downloads.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('open-diagram').click()]);
  await expect(tab.getByTestId('download-png')).toBeVisible();
  expect(new URL(tab.url()).searchParams.get('embed')).toBeNull();
  await tab.close();
  frame = await host(page, html);
  await expect(frame.getByTestId('diagram')).toHaveAttribute('alt', 'Mansindam diagram, White to move');
});

test('the builder at 320 px, in Korean, and its way back to the game', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openGame(page, { variant: 'pandemonium', moves: 'a3a4', mode: 'builder', lang: 'ko' });
  await expect(page.getByTestId('builder')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  // The preview fits the column.
  const preview = (await page.getByTestId('builder-preview').boundingBox())!;
  expect(preview.x + preview.width).toBeLessThanOrEqual(320);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'builder-320-ko.png'), fullPage: true });
  await page.getByTestId('builder-back').click();
  await expect(page.locator('.app.viewer[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '1');
});
