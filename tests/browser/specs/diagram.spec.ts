import { expect, Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { openGame, pixel, square } from './helpers';

/** Counts the workers the page starts, from the first script on. */
async function countWorkers(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.workersStarted = 0;
    const Real = w.Worker;
    w.Worker = class extends Real {
      constructor(...args: any[]) {
        super(...args);
        w.workersStarted += 1;
      }
    };
  });
}

const FEN = 'rnbakqcnm/9/pppp1pppp/9/9/4P4/PPPP1PPPP/9/MNCQKABNR[P] w - - 0 3';

test('a diagram link is a still picture: no worker, the whole of it under 150 KB gzip', async ({ page }) => {
  await countWorkers(page);
  // What the picture page fetches, as a static host would send it (gzip).
  const bodies: Record<string, number> = {};
  page.on('response', async (r) => {
    const path = new URL(r.url()).pathname;
    if (r.request().resourceType() !== 'document' || path.endsWith('diagram.html')) {
      bodies[path] = gzipSync(await r.body().catch(() => Buffer.alloc(0)), { level: 9 }).length;
    }
  });
  await page.goto(`/diagram.html?${new URLSearchParams({ variant: 'mansindam', fen: FEN, pieces: 'traditional', embed: '1', last: 'e7e6', arrows: 'c1g5', marks: 'e6' })}`);
  const img = page.getByTestId('diagram');
  await expect(img).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await img.evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight])).toEqual([466, 566]);
  await expect(img).toHaveAttribute('alt', 'Mansindam diagram, White to move');
  // In a frame: the picture alone, no buttons.
  await expect(page.getByTestId('download-svg')).toHaveCount(0);
  expect(await page.evaluate(() => (window as any).workersStarted)).toBe(0);
  const paths = Object.keys(bodies);
  expect(paths.some((p) => /worker|study|app-/.test(p))).toBe(false);
  expect(paths).toContain('/pieces/kanji.svg');
  const total = Object.values(bodies).reduce((a, b) => a + b, 0);
  console.log(`diagram page: ${total} bytes gzip in ${paths.length} files`);
  expect(total).toBeLessThan(150_000);
});

test("the game's page sends a diagram link to the diagram page, query and all", async ({ page }) => {
  await countWorkers(page);
  await page.goto(`/?mode=diagram&embed=1&variant=pandemonium&orient=black&theme=slate`);
  await page.waitForURL(/\/diagram\.html\?mode=diagram&embed=1&variant=pandemonium&orient=black&theme=slate$/);
  await expect(page.getByTestId('diagram')).toHaveAttribute('alt', 'Pandemonium diagram, White to move');
  expect(await page.evaluate(() => (window as any).workersStarted)).toBe(0);
});

test('downloads: the SVG stands alone, the PNG is twice its size', async ({ page }) => {
  await page.goto(`/diagram.html?${new URLSearchParams({ variant: 'mansindam', fen: FEN, pieces: 'figurine' })}`);
  await expect(page.getByTestId('diagram')).toBeVisible();

  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-svg').click()]);
  expect(svgDownload.suggestedFilename()).toBe('mansindam.svg');
  const svg = readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 466 566"/);
  // Its figures are in the file itself: nothing refers outside it.
  expect(svg).toContain('<symbol id="f-RBN"');
  expect(svg).not.toMatch(/href="[^#]/);
  // A browser reads it as an image of that size.
  const size = await page.evaluate(async (text) => {
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, svg);
  expect(size).toEqual([466, 566]);

  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-png').click()]);
  expect(pngDownload.suggestedFilename()).toBe('mansindam.png');
  const png = readFileSync((await pngDownload.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([932, 1132]);
  // Not blank: the board's squares are in it (a light square's colour at a8's middle).
  const pixel = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    // a8 (light): its top-left quarter, away from pieces.
    return [...g.getImageData(2 * (26 + 6), 2 * (58 + 48 + 6), 1, 1).data];
  }, png.toString('base64'));
  expect(pixel).toEqual([0xef, 0xdf, 0xc2, 255]);

  // The way to play it opens the game on the position.
  await page.getByTestId('play-from-here').click();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(square(page, 'e4').locator('.piece')).toBeVisible();
});

test('a position that cannot be read is named, in the reader\'s language', async ({ page }) => {
  await page.goto('/diagram.html?variant=mansindam&fen=9/9%20w&lang=ko');
  await expect(page.getByRole('alert')).toHaveText("이 그림의 국면을 읽을 수 없습니다(판이 2줄입니다. '/'로 나눈 9줄이어야 합니다).");
  await expect(page.getByTestId('diagram')).toHaveCount(0);
  await page.goto('/diagram.html?variant=mansindam&marks=z9');
  await expect(page.getByRole('alert')).toContainText("marks");
  await expect(page.getByTestId('diagram')).toBeVisible();
});

test('the figurine set: chosen in the settings, drawn from its sprite, fetched only then', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await openGame(page, { variant: 'pandemonium', mode: 'local' });
  await expect(square(page, 'e1').locator('.piece')).toBeVisible();
  expect(fetched.filter((p) => p.includes('figurine'))).toEqual([]);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('pieces-figurine').click();
  await page.keyboard.press('Escape');
  const king = square(page, 'e1').locator('.piece.figurine use');
  await expect(king).toHaveAttribute('href', 'pieces/figurine.svg#f-K');
  // c2's promoted Ferz is a Queen.
  await expect(square(page, 'c2').locator('.piece.figurine.promoted use')).toHaveAttribute('href', 'pieces/figurine.svg#f-RB');
  await expect.poll(() => fetched.filter((p) => p.endsWith('/pieces/figurine.svg')).length).toBeGreaterThan(0);
  // The figure is drawn: e1's middle is no longer the dark square's colour
  // but the King's light body.
  const box = (await square(page, 'e1').boundingBox())!;
  await expect
    .poll(() => pixel(page, box.x + box.width / 2, box.y + box.height * 0.62))
    .toEqual([0xfb, 0xf6, 0xec]);
  await page.reload();
  await expect(square(page, 'e1').locator('.piece.figurine')).toBeVisible();
});
