import { expect, Page, test } from '@playwright/test';
import { playUci, plies, square } from './helpers';
import { SITE } from '../playwright.config';

const PANDEMONIUM_START = 'rnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/9/4V4/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[] w - - 0 1';

async function open(page: Page, query: string) {
  await page.goto(`/?${query}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

/** The position on the board as FEN, read from the Record dialog. */
async function fen(page: Page): Promise<string> {
  await page.getByTestId('record').click();
  const value = await page.getByTestId('fen').inputValue();
  await page.keyboard.press('Escape');
  return value;
}

test('every parameter of a link is followed', async ({ page }) => {
  await open(page, 'variant=pandemonium&moves=e4e5,c7c6&orient=black&mode=ai&level=2&pieces=traditional&lang=ko');
  await expect(page.locator('.app')).toHaveAttribute('data-lang', 'ko');
  await expect(page.locator('h1')).toHaveText('수라장');
  // The player has Black at the bottom; the computer (White) answers the two moves.
  await expect(page.locator('.hand.bottom [data-hand="black"]').first()).toBeAttached();
  await expect.poll(() => plies(page)).toBe(3);
  await expect(page.getByTestId('status')).toHaveAttribute('data-to-move', 'black');
  await expect(page.locator('.sq .piece.kanji').first()).toBeVisible();
  // The computer plays at the link's level (the record names it).
  await page.getByTestId('record').click();
  await expect(page.getByTestId('pgn')).toHaveValue(/\[White "Computer \(level 2\)"\]/);
  await page.keyboard.press('Escape');
  // The game is now played and saved: the address bar no longer restarts it.
  expect(new URL(page.url()).search).toBe('?pieces=traditional&lang=ko');
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect.poll(() => plies(page)).toBe(3);
});

test('a link with a start position, two players', async ({ page }) => {
  const start = PANDEMONIUM_START.replace('/4V4/P1P1P1P1P/', '/2P1V4/P3P1P1P/').replace(' w ', ' b ');
  await open(page, `variant=pandemonium&fen=${encodeURIComponent(start)}&mode=local&orient=white`);
  expect(await fen(page)).toBe(start);
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await playUci(page, 'c7c6');
  await expect(page.getByTestId('status')).toHaveText('White to move');
  await expect(page.locator('.hand.bottom [data-hand="white"]').first()).toBeAttached();
});

test('a malformed link: each bad parameter named, and the standard start', async ({ page }) => {
  await open(page, 'variant=chess&level=99&orient=up&mode=watch&pieces=%3Cb%3Ebold%3C%2Fb%3E&embed=maybe');
  const problems = page.getByTestId('link-problems');
  await expect(problems.locator('li')).toHaveText([
    '“variant=chess” in the link was ignored: use one of mansindam, pandemonium.',
    '“level=99” in the link was ignored: use a level from 1 to 6.',
    '“orient=up” in the link was ignored: use one of white, black.',
    '“mode=watch” in the link was ignored: use one of ai, local, view, analysis, editor, diagram, builder, puzzle.',
    '“pieces=<b>bold</b>” in the link was ignored: use one of international, traditional, figurine.',
    '“embed=maybe” in the link was ignored: use one of 1, 0.',
  ]);
  // What the link said is text, never markup.
  await expect(page.locator('.link-problems b')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveText('Mansindam');
  await expect(page.getByTestId('status')).toHaveText('Your move (White)');
  await problems.getByRole('button').click();
  await expect(problems).toHaveCount(0);
  await playUci(page, 'e3e4');
});

test('a link whose position or moves cannot be used says so and starts what it can', async ({ page }) => {
  await open(page, 'variant=pandemonium&fen=not/a/fen&mode=local');
  await expect(page.getByTestId('error')).toContainText("The link's position could not be used (");
  expect(await fen(page)).toBe(PANDEMONIUM_START);

  await open(page, 'variant=pandemonium&moves=e4e5,c7c6,e5e9,c6c5&mode=local');
  await expect(page.getByTestId('error').locator('span')).toHaveText(
    "The link's moves stop at one that cannot be played (move 3: e5e9 is not a legal move in this position); " +
      'the game goes on from the position before it.',
  );
  expect(await plies(page)).toBe(2);
});

test('Share gives a link that opens the same game, seen the same way', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, 'variant=pandemonium&mode=local');
  for (const uci of ['e4e5', 'c7c6', 'c3c4']) await playUci(page, uci);
  await page.getByTestId('flip').click();
  await page.getByTestId('settings').click();
  await page.getByTestId('pieces-traditional').click();
  await page.getByTestId('settings-close').click();
  const before = await fen(page);

  await page.getByTestId('share').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toBe(`${SITE}/?variant=pandemonium&moves=e4e5,c7c6,c3c4&mode=local&orient=black&pieces=traditional`);
  // Copied at once.
  await expect(page.getByTestId('copy-share-link')).toHaveText('Copied ✓');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.locator('.app[data-ready="true"]')).toBeVisible();
  expect(await fen(other)).toBe(before);
  await expect(other.locator('.hand.bottom [data-hand="black"]').first()).toBeAttached();
  await expect(other.locator('.sq .piece.kanji').first()).toBeVisible();
});

test('the replay viewer steps through a game and takes no moves', async ({ page }) => {
  await open(page, 'mode=view&variant=mansindam&moves=c1a2,d9b8,b3b4');
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-plies', '3');
  await expect(page.getByTestId('take-back')).toHaveCount(0);
  await expect(page.getByTestId('move-input')).toHaveCount(0);
  await page.getByTestId('step-first').click();
  await expect(status).toHaveAttribute('data-plies', '0');
  await expect(square(page, 'a2')).toHaveAttribute('aria-label', 'a2, empty');
  await expect(page.getByTestId('step-back')).toBeDisabled();
  await page.getByTestId('step-forward').click();
  await expect(status).toHaveAttribute('data-plies', '1');
  await expect(square(page, 'a2')).toHaveAttribute('aria-label', /^a2, White /);
  await page.getByTestId('step-last').click();
  await expect(status).toHaveAttribute('data-plies', '3');
  await expect(page.getByTestId('step-forward')).toBeDisabled();
  // A tap on a piece of the side to move selects nothing.
  await square(page, 'b8').click();
  await expect(page.locator('.sq.selected')).toHaveCount(0);
  // A game to look at is not saved over the player's own.
  expect(await page.evaluate(() => localStorage.getItem('pantheon.game.v2'))).toBeNull();
});

test('a level alone starts a game against the computer at that level; with two players it is refused', async ({ page }) => {
  // A saved game at the default level first.
  await open(page, '');
  await playUci(page, 'e3e4');
  await expect.poll(() => plies(page)).toBe(2);
  await open(page, 'level=1');
  expect(await plies(page)).toBe(0);
  await page.getByTestId('record').click();
  await expect(page.getByTestId('pgn')).toHaveValue(/\[Black "Computer \(level 1\)"\]/);
  await page.keyboard.press('Escape');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-link')).toHaveValue(/[?&]level=1(&|$)/);
  await page.keyboard.press('Escape');
  // A level where no computer plays is named, with the reason.
  await open(page, 'mode=local&level=2');
  await expect(page.getByTestId('link-problems')).toHaveText(
    /“level=2” in the link was ignored: a level is for a game against the computer \(mode=ai\)\./,
  );
});
