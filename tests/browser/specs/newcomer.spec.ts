import { expect, Locator, Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { centre, handSlot, openGame, playUci, plies, REVIEW_WAIT_MS, square, touchHold } from './helpers';

// What a new player met on a phone (390×844, touch) and a desktop
// (1280×800), one test per defect (issue 64), each written to fail before
// its fix.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const twoPlayers = { white: 'human', black: 'human' };

/** A 100-ply game of Mansindam (also reviewed by analysis.spec.ts). */
const LONG_GAME = readFileSync(join(__dirname, '..', 'review-game.txt'), 'utf8').trim();

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'on screen').not.toBeNull();
  return b!;
}

/** The element's box in page coordinates (scrolling included), rounded. */
const place = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return [Math.round(r.x), Math.round(r.y + window.scrollY), Math.round(r.width), Math.round(r.height)];
  });

/** Whether the element is wholly inside its scrolling container's visible part. */
const inScrolledView = (locator: Locator) =>
  locator.evaluate((el) => {
    let box = el.parentElement;
    while (box && getComputedStyle(box).overflowY === 'visible') box = box.parentElement;
    if (!box) return false;
    const a = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  });

const inViewport = async (page: Page, locator: Locator) => {
  const b = await box(locator);
  const v = page.viewportSize()!;
  return b.y >= 0 && b.y + b.height <= v.height && b.x >= 0 && b.x + b.width <= v.width;
};

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('1. a tap that opens the promotion chooser does not answer it', async ({ page }) => {
    await openGame(page, { variant: 'pandemonium', ...twoPlayers, fen: '3k5/9/9/2P6/9/9/9/9/4K4[] w - - 0 1' });
    await square(page, 'c6').tap();
    await square(page, 'c7').tap();
    const chooser = page.getByTestId('promotion');
    await expect(chooser).toBeVisible();
    // The tap's own click came and went: still asking, nothing played.
    await page.waitForTimeout(400);
    await expect(chooser).toBeVisible();
    expect(await plies(page)).toBe(0);
    await page.getByTestId('promote-no').tap();
    await expect.poll(() => plies(page)).toBe(1);
    await expect(square(page, 'c7')).toHaveAttribute('aria-label', 'c7, White Pawn');
  });

  test('9g. a finger held on one\'s own piece draws an arrow and moves nothing', async ({ page }) => {
    await openGame(page, { variant: 'mansindam', ...twoPlayers });
    await touchHold(page, await centre(square(page, 'e3')), await centre(square(page, 'e5')));
    await expect(page.locator('[data-testid="drawn"] line')).toHaveCount(1);
    await page.waitForTimeout(300);
    expect(await plies(page)).toBe(0);
    await expect(square(page, 'e3')).toHaveAttribute('aria-label', 'e3, White Pawn');
    await expect(page.locator('.sq.dest')).toHaveCount(0);
  });
});

test('2. the move list follows play to the current move, on a desktop and a phone', async ({ page }) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // 60 moves on, two players: the last one is the current one.
    const moves = LONG_GAME.split(',').slice(0, 60).join(',');
    await openGame(page, { variant: 'mansindam', ...twoPlayers, moves });
    const current = page.locator('[data-testid="moves"] .move.current');
    await expect(current).toHaveAttribute('data-ply', '60');
    expect(await inScrolledView(current), `move 60 in view at ${size.width} px`).toBe(true);
    await playUci(page, LONG_GAME.split(',')[60]);
    await expect(current).toHaveAttribute('data-ply', '61');
    expect(await inScrolledView(current), `move 61 in view at ${size.width} px`).toBe(true);
    // Back to the start with Home, and the list goes with it (the keys
    // step through the moves when the board's cursor does not have them).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('data-ply', '1');
    expect(await inScrolledView(current), `move 1 in view at ${size.width} px`).toBe(true);
  }
});

test('3. the player\'s hand stays where it was when the game ends and after a review', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // A long game (the move list at its full height), then the result card.
  await openGame(page, { variant: 'mansindam', ...twoPlayers, moves: LONG_GAME.split(',').slice(0, 60).join(',') });
  const hand = page.locator('.hand.bottom');
  const before = await place(hand);
  await page.getByTestId('resign').click();
  await page.getByTestId('answer-yes').click();
  await expect(page.getByTestId('result')).toBeVisible();
  expect(await place(hand)).toEqual(before);
  expect(await inViewport(page, hand)).toBe(true);
  // The analysis board, before and after its review.
  await openGame(page, { mode: 'analysis', variant: 'mansindam', moves: LONG_GAME.split(',').slice(0, 20).join(',') });
  await expect(page.getByTestId('analysis')).toBeVisible();
  const reviewed = await place(hand);
  await page.getByTestId('review').click();
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: REVIEW_WAIT_MS });
  expect(await place(hand)).toEqual(reviewed);
  expect(await inViewport(page, hand)).toBe(true);
});

test('4. the New game dialog shows Start without scrolling; dialogs close by a button at the top, Escape and the backdrop', async ({ page }) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await openGame(page, { variant: 'mansindam' });
    await page.getByTestId('new-game').click();
    await page.getByTestId('opponent-computer').click();
    expect(await inViewport(page, page.getByTestId('start-game')), `Start at ${size.width} px`).toBe(true);
    // Close at the top, in view.
    const close = page.getByTestId('dialog-close');
    expect(await inViewport(page, close), `close at ${size.width} px`).toBe(true);
    await close.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The rules, the longest dialog: its close button is in view at once.
    await page.getByTestId('rules').click();
    await expect(page.getByTestId('rules-help')).toBeVisible();
    expect(await inViewport(page, page.getByTestId('dialog-close')), `rules' close at ${size.width} px`).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('settings').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(4, size.height - 4);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('5. a typed illegal move is named beside the field, which keeps the text', async ({ page }) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await openGame(page, { variant: 'mansindam', ...twoPlayers });
    const input = page.getByTestId('move-input');
    await input.fill('e3e9');
    await input.press('Enter');
    const error = page.getByTestId('move-error');
    await expect(error).toContainText('e3e9');
    await expect(input).toHaveValue('e3e9');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    // Beside the field (just below it), and nothing over the board.
    const [i, e] = [await box(input), await box(error)];
    expect(Math.abs(e.y - (i.y + i.height))).toBeLessThan(12);
    await expect(page.getByTestId('error')).toHaveCount(0);
    // Corrected, it is played and the field empties.
    await input.fill('e3e4');
    await input.press('Enter');
    await expect.poll(() => plies(page)).toBe(1);
    await expect(input).toHaveValue('');
    await expect(error).toHaveCount(0);
  }
});

test('6. the computer thinking moves nothing on the page; the hint does not push the moves down', async ({ page }) => {
  for (const [size, lang] of [[{ width: 320, height: 640 }, 'en'], [PHONE, 'ko'], [DESKTOP, 'en'], [DESKTOP, 'ko']] as const) {
    await page.setViewportSize(size);
    await openGame(page, { variant: 'mansindam', level: '6', moves: 'e3e4,e7e6', lang });
    const watched = ['flip', 'take-back', 'resign', 'move-input'].map((id) => page.getByTestId(id));
    const before = await Promise.all(watched.map(place));
    const status = await place(page.getByTestId('status'));
    await square(page, 'd3').click();
    await square(page, 'd4').click();
    await expect(page.locator('.app')).toHaveAttribute('data-thinking', 'true');
    expect(await place(page.getByTestId('status')), `status at ${size.width} px, ${lang}`).toEqual(status);
    expect(await Promise.all(watched.map(place)), `buttons at ${size.width} px`).toEqual(before);
    await expect(page.locator('.app')).toHaveAttribute('data-thinking', 'false', { timeout: 30_000 });
    const moves = await place(page.locator('.moves'));
    const table = await place(page.locator('.table'));
    await page.getByTestId('hint').click();
    await expect(page.getByTestId('hint-text')).toHaveAttribute('data-move', /.+/, { timeout: 30_000 });
    // Beside the board the hint comes below the moves and moves nothing; on
    // a phone it comes right under the board, where the player looks (the
    // buttons and moves below make room), and the board stays.
    if (size.width >= 900) {
      expect((await place(page.locator('.moves')))[1], `moves at ${size.width} px`).toBe(moves[1]);
    } else {
      expect(await place(page.locator('.table')), `the board at ${size.width} px`).toEqual(table);
    }
  }
});

test('7. step keys on the analysis board: no console error, and the page does not scroll', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await openGame(page, { mode: 'analysis', variant: 'mansindam', moves: LONG_GAME.split(',').slice(0, 30).join(',') });
  await expect(page.getByTestId('analysis')).toBeVisible();
  const current = page.locator('[data-testid="tree"] .move.current');
  for (const [key, ply] of [['Home', null], ['ArrowRight', '1'], ['ArrowDown', '30'], ['ArrowUp', null], ['End', '30'], ['ArrowLeft', '29']] as const) {
    await page.keyboard.press(key);
    if (ply) await expect(current, `after ${key}`).toHaveAttribute('data-ply', ply);
    else await expect(current, `after ${key}`).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY), `after ${key}`).toBe(0);
  }
  expect(errors.filter((e) => e.includes('preventDefault'))).toEqual([]);
});

test.describe('the diagram page', () => {
  const fenAfter = 'rnbakqcnm/9/ppppppppp/9/9/4P4/PPPP1PPPP/9/MNCQKABNR[] b - - 1 1';

  test('8. draws the position after the link\'s moves, and Play keeps them', async ({ page }) => {
    await page.goto('/diagram.html?variant=mansindam&moves=e3e4');
    const img = page.getByTestId('diagram');
    await expect(img).toHaveAttribute('data-fen', fenAfter);
    await expect(img).toHaveAttribute('alt', /Black to move/);
    const play = new URL((await page.getByTestId('play-from-here').getAttribute('href'))!, page.url());
    expect(play.searchParams.get('moves')).toBe('e3e4');
    // A move that is not legal is named, and the start is drawn.
    await page.goto('/diagram.html?variant=mansindam&moves=e3e4,e4e9');
    await expect(page.locator('.problem')).toContainText('e4e9');
  });

  test('8. mode=diagram on the game page costs what diagram.html costs', async ({ page }) => {
    const cost = async (url: string) => {
      const files: string[] = [];
      page.on('request', (r) => files.push(new URL(r.url()).pathname));
      await page.goto(url);
      await expect(page.getByTestId('diagram')).toBeVisible();
      page.removeAllListeners('request');
      return files;
    };
    const direct = await cost('/diagram.html?variant=mansindam&moves=e3e4');
    const routed = await cost('/?mode=diagram&variant=mansindam&moves=e3e4');
    // The game page itself, then what the diagram page fetches: no app, no worker.
    expect(routed.filter((f) => /app|worker|study/.test(f))).toEqual([]);
    expect(routed.filter((f) => f.endsWith('.wasm'))).toEqual(direct.filter((f) => f.endsWith('.wasm')));
    await expect(page.getByTestId('diagram')).toHaveAttribute('data-fen', fenAfter);
  });
});

test.describe('small things', () => {
  test('9a. the editor\'s hand buttons are at least 40 px each way', async ({ page }) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await openGame(page, { mode: 'editor', variant: 'pandemonium' });
      await expect(page.getByTestId('editor')).toBeVisible();
      for (const id of ['hand-white-P-plus', 'hand-black-P-plus']) {
        await page.getByTestId(id).click();
        for (const b of [id, id.replace('plus', 'minus')]) {
          const r = await box(page.getByTestId(b));
          expect(Math.min(r.width, r.height), `${b} at ${size.width} px`).toBeGreaterThanOrEqual(40);
        }
      }
    }
  });

  test('9b. the result names who resigned', async ({ page }) => {
    await openGame(page, { variant: 'mansindam', ...twoPlayers, moves: 'e3e4' });
    await page.getByTestId('resign').click();
    await page.getByTestId('answer-yes').click();
    await expect(page.getByTestId('result')).toContainText('Black resigned.');
    await openGame(page, { variant: 'mansindam', moves: 'e3e4,e7e6' });
    await page.getByTestId('resign').click();
    await page.getByTestId('answer-yes').click();
    await expect(page.getByTestId('result')).toContainText('You resigned.');
  });

  test('9c. Korean: one word for a new game and one for campmate', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openGame(page, { variant: 'mansindam', lang: 'ko' });
    await expect(page.getByTestId('new-game')).toHaveText(/^(새 게임)+$/);
    await page.getByTestId('new-game').click();
    await expect(page.getByRole('dialog')).toHaveAttribute('aria-label', '새 게임');
    await expect(page.getByTestId('variant-mansindam')).toContainText('입옥');
    await page.keyboard.press('Escape');
    await openGame(page, { mode: 'puzzle', lang: 'ko' });
    await expect(page.locator('[data-testid="puzzle-theme"] option[value="campmate"]')).toHaveText('입옥');
  });

  test('9d. a puzzle from move 14 numbers its moves from 14', async ({ page }) => {
    const tsv = readFileSync(join(__dirname, '..', '..', '..', 'static', 'puzzles.tsv'), 'utf8').trim().split('\n').slice(1);
    const row = tsv.map((l) => l.split('\t')).find(([, , fen]) => fen.split(' ')[1] === 'w' && Number(fen.split(' ')[5]) > 3)!;
    const [id, , fen] = row;
    const n = Number(fen.split(' ')[5]);
    await openGame(page, { mode: 'puzzle', puzzle: id });
    await expect(page.getByTestId('status')).toHaveAttribute('data-phase', 'solving');
    await expect(page.locator('[data-testid="moves"] .move-number').first()).toHaveText(`${n}.`);
  });

  test('9e. the repetition question defaults to taking the move back', async ({ page }) => {
    await openGame(page, {
      variant: 'pandemonium',
      fen: '4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1',
      moves: 'e1d1,e9d9,d1e1,d9e9,e1d1,e9d9,d1e1',
      ...twoPlayers,
    });
    await square(page, 'd9').click();
    await square(page, 'e9').click();
    await expect(page.getByTestId('repetition-warning')).toBeVisible();
    const no = page.getByTestId('answer-no');
    await expect(no).toHaveClass(/primary/);
    await expect(page.getByTestId('answer-yes')).not.toHaveClass(/primary/);
    await expect(no).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('repetition-warning')).toHaveCount(0);
    expect(await plies(page)).toBe(7);
  });

  test('9f. the review\'s average loss has its unit', async ({ page }) => {
    await openGame(page, { mode: 'analysis', variant: 'mansindam', moves: 'e3e4,e7e6,c1g5' });
    await page.getByTestId('review').click();
    const row = page.locator('[data-testid="review-summary"] tr[data-mark="loss"]');
    await expect(row.locator('th')).toHaveText('Average loss (pawns)', { timeout: 30_000 });
    await expect(row.locator('td')).toHaveText([/^\d+\.\d\d$/, /^\d+\.\d\d$/]);
  });
});
