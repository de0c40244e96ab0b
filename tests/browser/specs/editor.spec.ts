import { expect, Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { handSlot, openGame, playUci, square } from './helpers';

const artifacts = join(__dirname, '..', 'artifacts');

/** Opens the board editor from a link and waits for its first verdict. */
async function edit(page: Page, params: Record<string, string>) {
  await openGame(page, { mode: 'editor', ...params });
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(verdict(page)).not.toHaveText(/Checking|확인하는/);
}

const verdict = (page: Page) => page.getByTestId('editor-verdict');
const fen = (page: Page) => page.getByTestId('editor-fen');

/** Chooses a palette piece (`white`, `K`) and taps squares with it. */
async function place(page: Page, side: string, letter: string, ...squares: string[]) {
  const brush = page.getByTestId(`brush-${side}-${letter}`);
  if ((await brush.getAttribute('aria-pressed')) !== 'true') await brush.click();
  await expect(brush).toHaveAttribute('aria-pressed', 'true');
  for (const s of squares) {
    const before = await fen(page).inputValue();
    await square(page, s).click();
    await expect(fen(page)).not.toHaveValue(before);
  }
}

test('pieces are placed, removed and counted in hand; the FEN and the verdict follow, under the CSP', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await edit(page, { variant: 'mansindam' });
  await expect(verdict(page)).toHaveText('A legal position, White to move.');
  await expect(fen(page)).toHaveValue('rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1');
  // The verdict sits in the status line's place, beside the board.
  const board = (await page.locator('.board').boundingBox())!;
  const v = (await verdict(page).boundingBox())!;
  expect(v.x).toBeGreaterThan(board.x + board.width);

  await page.getByTestId('editor-clear').click();
  await expect(fen(page)).toHaveValue('9/9/9/9/9/9/9/9/9[] w - - 0 1');
  await expect(verdict(page)).toHaveText('White has no King');
  await expect(verdict(page)).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('editor-play')).toBeDisabled();

  await place(page, 'white', 'K', 'e1');
  await place(page, 'black', 'K', 'e9');
  await expect(verdict(page)).toHaveText('A legal position, White to move.');
  await expect(page.getByTestId('editor-play')).toBeEnabled();
  // Dragged from the palette with the mouse: a White Queen onto d5.
  const from = (await page.getByTestId('brush-white-Q').boundingBox())!;
  const to = (await square(page, 'd5').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(fen(page)).toHaveValue('4k4/9/9/9/3Q5/9/9/9/4K4[] w - - 0 1');
  await expect(page.getByTestId('brush-white-Q')).toHaveAttribute('aria-pressed', 'true');
  await square(page, 'd5').click();
  await expect(fen(page)).toHaveValue('4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1');
  // A promoted piece from the palette: a Black Tiger (promoted Rook).
  await place(page, 'black', 'T', 'a8');
  await expect(fen(page)).toHaveValue('4k4/+r8/9/9/9/9/9/9/4K4[] w - - 0 1');
  // Tapped again, it comes off.
  await square(page, 'a8').click();
  await expect(fen(page)).toHaveValue('4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1');

  // Two Pawns into White's hand and one back out; a Rook into Black's.
  await page.getByTestId('hand-white-P-plus').click();
  await expect(page.getByTestId('hand-white-P')).toHaveAttribute('data-count', '1');
  await page.getByTestId('hand-white-P-plus').click();
  await expect(page.getByTestId('hand-white-P')).toHaveAttribute('data-count', '2');
  await page.getByTestId('hand-white-P-minus').click();
  await page.getByTestId('hand-black-R-plus').click();
  await page.getByTestId('to-move-black').click();
  await expect(fen(page)).toHaveValue('4k4/9/9/9/9/9/9/9/4K4[Pr] b - - 0 1');
  await expect(verdict(page)).toHaveText('A legal position, Black to move.');
  // The board's hands show the counts as a game's would.
  await expect(handSlot(page, 'white', 'P').locator('.count')).toHaveText('1');
  await expect(handSlot(page, 'black', 'R').locator('.count')).toHaveText('1');
  await expect(page.getByTestId('hand-black-P-minus')).toBeDisabled();

  // A King taken off: the position cannot leave the editor.
  await square(page, 'e1').click();
  await expect(verdict(page)).toHaveText('White has no King');
  for (const id of ['editor-play', 'editor-local', 'editor-analyse', 'editor-share']) {
    await expect(page.getByTestId(id)).toBeDisabled();
  }
  expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
});

test('what the rules forbid is said in plain words, in Korean too, and a bad FEN leaves the position', async ({ page }) => {
  await edit(page, { variant: 'mansindam', fen: '4k4/9/9/9/9/9/4P4/4P4/4K4[] w - - 0 1' });
  await expect(verdict(page)).toHaveText(
    'White has two Pawns on file e; a Mansindam side has at most one unpromoted Pawn on a file',
  );
  await expect(page.getByTestId('editor-play')).toBeDisabled();
  // The side not to move in check.
  await fen(page).fill('4k4/4R4/9/9/9/9/9/9/4K4[] w - - 0 1');
  await fen(page).press('Enter');
  await expect(verdict(page)).toHaveText("Black is in check but it is not Black's move");
  await page.getByTestId('to-move-black').click();
  await expect(verdict(page)).toHaveText('A legal position, Black to move.');
  // The King in check is marked on the board.
  await expect(square(page, 'e9')).toHaveClass(/check/);

  // A FEN that cannot be read: named, and the position stays.
  await fen(page).fill('4k4/9/9/9 w');
  await fen(page).press('Enter');
  await expect(page.getByTestId('editor-fen-error')).toHaveText("The board has 4 ranks; it needs 9, separated by '/'");
  await expect(verdict(page)).toHaveText('A legal position, Black to move.');
  await expect(fen(page)).toHaveValue('4k4/4R4/9/9/9/9/9/9/4K4[] b - - 0 1');

  // A Mansindam King that has camped: the game is over there.
  await fen(page).fill('K8/9/9/9/9/9/9/9/8k[] b - - 0 1');
  await fen(page).press('Enter');
  await expect(verdict(page)).toHaveText('The game is already over here: White wins by campmate.');
  await expect(page.getByTestId('editor-analyse')).toBeDisabled();

  // A link's FEN that cannot be read: the start position, and why.
  await edit(page, { variant: 'mansindam', fen: '4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1 extra' });
  await expect(page.getByTestId('editor-fen-error')).toHaveText("The end field 'extra' is not valid");
  await expect(fen(page)).toHaveValue('rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1');

  await edit(page, { variant: 'pandemonium', fen: '4k4/9/9/9/9/9/9/9/3KK4[] w - - 0 1', lang: 'ko' });
  await expect(verdict(page)).toHaveText('백의 왕이 2개입니다. 한 쪽에 꼭 하나여야 합니다');
  await expect(page.getByTestId('editor-play')).toHaveText('컴퓨터와 두기');
  await expect(page.getByTestId('editor-play')).toBeDisabled();
});

test('from a legal position: play the computer, a friend, analyse, share', async ({ page }) => {
  const position = '4k4/9/9/9/9/9/9/9/4K4[Pr] b - - 0 1';
  await edit(page, { variant: 'mansindam', fen: position });
  await page.getByTestId('editor-play').click();
  // (The page keeps a game it was sent, and takes it out of the address.)
  await page.waitForURL((url) => !url.searchParams.has('mode') || url.searchParams.get('mode') === 'ai');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('editor')).toHaveCount(0);
  // The computer (Black, to move) answers in the position set up.
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '1', { timeout: 20_000 });
  await expect(square(page, 'e1').locator('.piece')).toHaveText('K');

  await edit(page, { variant: 'mansindam', fen: position });
  await page.getByTestId('editor-local').click();
  await page.waitForURL((url) => url.searchParams.get('mode') !== 'editor');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('status')).toHaveText('Black to move');

  await edit(page, { variant: 'mansindam', fen: position });
  await page.getByTestId('editor-analyse').click();
  await expect(page.getByTestId('analysis')).toBeVisible();
  await expect(page).toHaveURL(/mode=analysis/);

  await edit(page, { variant: 'mansindam', fen: position });
  await page.getByTestId('editor-share').click();
  const link = await page.getByTestId('share-link').inputValue();
  const query = new URL(link).searchParams;
  expect([query.get('variant'), query.get('fen'), query.get('mode')]).toEqual(['mansindam', position, null]);
  // The shared link opens the same position.
  await page.goto(link);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await page.getByTestId('record').click();
  await expect(page.getByTestId('pgn')).toHaveValue(new RegExp(`\\[FEN "${position.replace(/[[\]]/g, '\\$&')}"\\]`));
});

test('the New game dialog opens the editor on the position shown; another game is a choice away', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', mode: 'local' });
  await playUci(page, 'e3e4');
  await page.getByTestId('new-game').click();
  await page.getByTestId('open-editor').click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(fen(page)).toHaveValue(/ b - - \d+ 1$/);
  await expect(verdict(page)).toHaveText('A legal position, Black to move.');
  await expect(page).toHaveURL(/mode=editor/);
  // The game played is still the saved one: the editor did not replace it.
  await page.getByTestId('editor-game').selectOption('pandemonium');
  await expect(verdict(page)).toHaveText('A legal position, White to move.');
  await expect(page.getByTestId('brush-white-W')).toBeVisible();
  await expect(page.getByTestId('hand-black-V')).toBeVisible();
  await page.goto('/');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '1');
});

test('the editor on a phone: everything reachable at 320 px, in Korean', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await edit(page, { variant: 'pandemonium', lang: 'ko' });
  await expect(verdict(page)).toHaveText('둘 수 있는 국면입니다. 백 차례.');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  // Each hand kind's buttons are at least 24 px each way.
  for (const id of ['hand-white-V-plus', 'hand-black-P-plus']) {
    const b = (await page.getByTestId(id).boundingBox())!;
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(24);
  }
  await place(page, 'black', 'W', 'e5');
  await expect(fen(page)).toHaveValue(/\/4\+e4\//);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'editor-320-ko.png'), fullPage: true });
});
