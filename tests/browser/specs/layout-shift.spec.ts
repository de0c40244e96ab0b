// Layout shift: the page does not jump while it loads. index.html paints the
// game's layout before the app runs, the app's first render is the same, and
// the hands and board keep their places when the worker's first snapshot
// comes.
import { expect, Page, test } from '@playwright/test';
import { openGame } from './helpers';

declare global {
  interface Window {
    __shifts: { value: number; at: number; sources: string[] }[];
  }
}

/**
 * Records every layout shift from the start of the navigation (before any of
 * the page's scripts run), with the elements that moved.
 */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.__shifts = [];
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      const classes = [...node.classList].map((c) => `.${c}`).join('');
      const data = [...node.attributes].filter((a) => a.name.startsWith('data-'))[0];
      return `${node.tagName.toLowerCase()}${classes}${data ? `[${data.name}=${data.value}]` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) {
        if (e.hadRecentInput) continue;
        window.__shifts.push({
          value: e.value,
          at: Math.round(e.startTime),
          sources: (e.sources ?? []).map((s: any) => name(s.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The cumulative layout shift: the largest session window (gaps under 1 s, at most 5 s), as browsers report it. */
function cls(shifts: { value: number; at: number }[]): number {
  let best = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.at - last > 1000 || s.at - first > 5000) {
      current = 0;
      first = s.at;
    }
    current += s.value;
    last = s.at;
    best = Math.max(best, current);
  }
  return best;
}

for (const [name, width, height, params] of [
  ['desktop', 1280, 800, {}],
  ['desktop, Pandemonium', 1280, 800, { variant: 'pandemonium' }],
  ['narrow desktop', 1000, 700, {}],
  ['phone', 390, 844, {}],
  ['small phone', 320, 568, {}],
  ['small phone, Korean', 320, 568, { lang: 'ko' }],
  ['embedded', 400, 480, { embed: '1' }],
] as [string, number, number, Record<string, string>][]) {
  test(`the page does not shift while it loads: ${name} (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await recordShifts(page);
    await openGame(page, { variant: 'mansindam', ...params });
    await page.waitForTimeout(1000);
    const shifts = await page.evaluate(() => window.__shifts);
    const total = shifts.reduce((n, s) => n + s.value, 0);
    const report = shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ')}`).join('\n');
    console.log(`CLS ${name}: ${cls(shifts).toFixed(4)} (all shifts ${total.toFixed(4)})${report ? `\n${report}` : ""}`);
    expect(total, `layout shifts:\n${report}`).toBeLessThan(0.05);
  });
}

test('the shift measurement sees a shift', async ({ page }) => {
  // The check can fail: pushing the board down once the game is on it counts.
  await recordShifts(page);
  await openGame(page, { variant: 'mansindam' });
  await page.waitForTimeout(200);
  await page.evaluate(() => {
    (document.querySelector('.table') as HTMLElement).style.marginTop = '120px';
  });
  await page.waitForTimeout(300);
  const shifts = await page.evaluate(() => window.__shifts);
  expect(cls(shifts)).toBeGreaterThan(0.05);
  expect(shifts.flatMap((s) => s.sources).join(' ')).toContain('board');
});

/**
 * Where the title, the status line, the board and both hands are on screen:
 * x, y, width, height; for the title its left, top and height (its text
 * becomes the game's name), for the hands their left, width and outer edge
 * (beside a full-height board they are as long as their slots).
 */
async function layoutBoxes(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      ['h1', '.status', '.hand.top', '.board', '.hand.bottom'].map((sel) => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        const box =
          r &&
          {
            h1: [r.x, r.y, r.height],
            '.hand.top': [r.x, r.width, r.top],
            '.hand.bottom': [r.x, r.width, r.bottom],
          }[sel] || (r && [r.x, r.y, r.width, r.height]);
        return [sel, box ? box.map((v) => Math.round(v * 10) / 10) : null];
      }),
    ),
  );
}

for (const [width, height] of [
  [1280, 800],
  [1000, 700],
  [390, 844],
  [320, 568],
]) {
  test(`the first paint, before the app runs, has the game's layout (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    // The page's wasm never comes: what shows is index.html as it is painted first.
    await page.route(/\/app-[0-9a-f]+_bg\.wasm$/, (route) => route.abort());
    await page.goto('/?variant=mansindam');
    await expect(page.locator('.app:not([data-ready]) .board.skeleton')).toBeVisible();
    await page.waitForTimeout(300);
    const shell = await layoutBoxes(page);
    await page.unroute(/\/app-[0-9a-f]+_bg\.wasm$/);
    await openGame(page, { variant: 'mansindam' });
    const game = await layoutBoxes(page);
    expect(Object.values(shell).every((box) => box !== null), JSON.stringify(shell)).toBe(true);
    expect(shell).toEqual(game);
  });
}
