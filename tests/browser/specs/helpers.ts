import { expect, FrameLocator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** A page, or the game inside an iframe. */
export type Root = Page | FrameLocator;

export interface ScriptedGame {
  variant: string;
  fen: string | null;
  moves: string[];
  status: string;
}

/** The short games of games.txt (also checked natively by `cargo test`). */
export function scriptedGames(): ScriptedGame[] {
  const text = readFileSync(join(__dirname, '..', 'games.txt'), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [variant, fen, moves, status] = l.split('|').map((f) => f.trim());
      return { variant, fen: fen === 'start' ? null : fen, moves: moves.split(/\s+/), status };
    });
}

/** Opens the game with URL parameters and waits until the worker's first snapshot is shown. */
export async function openGame(page: Page, params: Record<string, string>, path = '/') {
  const query = new URLSearchParams(params).toString();
  await page.goto(`${path}?${query}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

/** Starts a game for two players with a clock from the New game dialog. */
export async function startClockGame(page: Page, minutes: number, increment: number) {
  await page.getByTestId('new-game').click();
  await page.getByTestId('opponent-human').click();
  await page.getByTestId('clock-minutes').fill(String(minutes));
  await page.getByTestId('clock-increment').fill(String(increment));
  await page.getByTestId('start-game').click();
}

export function square(root: Root, name: string) {
  return root.locator(`[data-square="${name}"]`);
}

export function handSlot(root: Root, side: 'white' | 'black', letter: string) {
  return root.locator(`[data-hand="${side}"][data-piece="${letter}"]`);
}

export async function plies(root: Root): Promise<number> {
  return Number(await root.getByTestId('status').getAttribute('data-plies'));
}

/**
 * Plays a UCI move (`e3e4`, `a6a7+`, `P@e5`) by tapping, answering the
 * promotion dialog if one comes (`+`: promote), and waits for the worker's answer.
 */
export async function playUci(root: Root, uci: string) {
  const status = root.getByTestId('status');
  const before = await plies(root);
  const side = (await status.getAttribute('data-to-move')) as 'white' | 'black';
  const drop = uci.match(/^([A-Z])@([a-i][1-9])$/);
  if (drop) {
    await handSlot(root, side, drop[1]).click();
    await square(root, drop[2]).click();
  } else {
    const m = uci.match(/^([a-i][1-9])([a-i][1-9])(\+?)$/);
    if (!m) throw new Error(`not a move: ${uci}`);
    await square(root, m[1]).click();
    await square(root, m[2]).click();
    const dialog = root.getByTestId('promotion');
    await expect
      .poll(async () => (await plies(root)) > before || (await dialog.isVisible()))
      .toBe(true);
    if (await dialog.isVisible()) {
      await root.getByTestId(m[3] ? 'promote-yes' : 'promote-no').click();
    }
  }
  // The worker has played it (and the computer may already have answered).
  await expect.poll(() => plies(root)).toBeGreaterThan(before);
}

/** Drags with the mouse (pointer events) from one element's centre to another's. */
export async function drag(page: Page, from: ReturnType<Root['locator']>, to: ReturnType<Root['locator']>) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: element not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/**
 * The colour the page shows at a point (page coordinates), read from a
 * screenshot of that one pixel: [r, g, b].
 */
export async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  // A PNG of one pixel: the IHDR chunk says the colour type, the IDAT
  // chunks hold one filtered scanline (a filter byte, then the pixel).
  let at = 8;
  let channels = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') channels = ({ 2: 3, 6: 4 } as Record<number, number>)[body[9]];
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  if (!channels) throw new Error('pixel: not an 8-bit RGB or RGBA PNG');
  const row = inflateSync(Buffer.concat(data));
  // Every filter leaves the first pixel of the first scanline as it is.
  return [row[1], row[2], row[3]];
}

/**
 * Times the page's own work: each message from a worker, from the moment its
 * handler starts until the page has drawn what it changed (the handler and
 * the render it schedules, which Yew runs as microtasks right after it). On a
 * machine busy with other processes, frame gaps and long tasks grow with the
 * others' load; this stays what our code costs. Call before the page loads.
 */
export async function timeOwnWork(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__ownWork = [];
    const property = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage')!;
    Object.defineProperty(Worker.prototype, 'onmessage', {
      configurable: true,
      get() {
        return property.get!.call(this);
      },
      set(handler: ((e: MessageEvent) => void) | null) {
        const timed =
          handler &&
          function (this: Worker, e: MessageEvent) {
            const started = performance.now();
            try {
              handler.call(this, e);
            } finally {
              queueMicrotask(() => w.__ownWork.push(performance.now() - started));
            }
          };
        property.set!.call(this, timed);
      },
    });
  });
}

/** The page's own work since `timeOwnWork`: how many handlers ran, the longest. */
export async function ownWorkReport(page: Page) {
  return page.evaluate(() => {
    const work: number[] = (window as any).__ownWork;
    return { handlers: work.length, longest: Math.max(0, ...work), total: work.reduce((a, b) => a + b, 0) };
  });
}

/** The longest the page's own handling of one message may take: a search
 * or a review run on the page's thread would take seconds. */
export const OWN_WORK_LIMIT_MS = 150;

/** How long a test waits for a review to end: its layout or its marks are
 * what those tests judge; its speed is reported by the budget step
 * (tests/browser/budget.mjs, against a 60 s target). On a machine busy with
 * another browser, a 21-position review once took over 30 s. */
export const REVIEW_WAIT_MS = 90_000;

/** Starts recording the gaps between animation frames (and long tasks, where reported). */
export async function watchFrames(page: import('@playwright/test').Page) {
  await page.evaluate(() => {
    const w = window as any;
    w.__gaps = [];
    w.__longTasks = [];
    let last = performance.now();
    const tick = (t: number) => {
      w.__gaps.push(t - last);
      last = t;
      if (!w.__stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
    } catch {
      // No long task timing here: the frame gaps still tell.
    }
  });
}

export async function frameReport(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const w = window as any;
    w.__stopFrames = true;
    const gaps: number[] = w.__gaps.slice(1);
    const sorted = [...gaps].sort((a, b) => a - b);
    // The gap that 99 % of the frames came within.
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
    return { frames: gaps.length, maxGap: Math.max(...gaps), p99, longTasks: w.__longTasks as number[], slow: gaps.map((g, i) => [i, Math.round(g)]).filter(([, g]) => g > 40) };
  });
}

// Accessibility: axe-core's default rules on the page as it is now.
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (its default rules: WCAG 2.x A/AA and best practices) on the
 * page as it is now. axe is evaluated through the DevTools protocol, which the
 * page's Content-Security-Policy does not govern, so the page keeps its policy.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => ({ target: n.target })),
    }));
  });
}

/** One line per rule broken: its id, what it asks for, where (the first three places). */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
      return `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}: ${where}`;
    })
    .join('\n');
}

export async function expectNoViolations(page: Page) {
  // A dialog fades in (0.12 s) and a pressed button's colour eases: axe
  // measures contrast as it is on screen, so let the finite animations end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await axeViolations(page);
  expect(violations, `axe-core found:\n${describeViolations(violations)}`).toEqual([]);
}

// Touch: a finger's gestures, sent through the DevTools protocol as a
// phone's touch screen sends them (Chromium turns them into pointer events).
type Point = { x: number; y: number };

/** The centre of an element on the screen. */
export async function centre(locator: import('@playwright/test').Locator): Promise<Point> {
  const b = (await locator.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** A finger put down at `from`, held `holdMs`, moved to `to` in `steps`, lifted. */
async function touchPath(page: Page, from: Point, to: Point, holdMs: number, steps: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  if (holdMs > 0) await page.waitForTimeout(holdMs);
  for (let i = 1; i <= steps; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A quick drag with a finger. */
export const touchDrag = (page: Page, from: Point, to: Point) => touchPath(page, from, to, 0, 8);

/** A finger held still for 0.8 s (longer than a long press), then moved. */
export const touchHold = (page: Page, from: Point, to: Point) => touchPath(page, from, to, 800, 6);
