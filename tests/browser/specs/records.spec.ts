import { expect, test } from '@playwright/test';
import { openGame, playUci, square } from './helpers';

const twoPlayers = { white: 'human', black: 'human' };

test('the record dialog shows FEN and PGN, copies them, and plays on from a pasted one', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openGame(page, { variant: 'pandemonium', ...twoPlayers });
  for (const uci of ['e4e5', 'e6e5', 'c3c4']) await playUci(page, uci);
  await page.getByTestId('record').click();
  const fen = page.getByTestId('fen');
  await expect(fen).toHaveValue('rnbekebnr/2+a1+u1+f2/p1p1p1p1p/9/4v4/2P6/P3P1P1P/2+F1+U1+A2/RNBEKEBNR[v] b - - 1 2');
  const pgn = page.getByTestId('pgn');
  await expect(pgn).toHaveValue(/\[Variant "Pandemonium"\]/);
  await expect(pgn).toHaveValue(/1\. Ve5 Vxe5 2\. Pc4 \*/);
  await expect(pgn).toHaveValue(/\[White "Player"\]/);
  await page.getByTestId('copy-pgn').click();
  await expect(page.getByTestId('copy-pgn')).toHaveText('Copied ✓');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('2. Pc4');
  await page.getByTestId('copy-fen').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await fen.inputValue());

  // A Mansindam record pasted: it becomes the game, moves and all.
  const record = '[Variant "Mansindam"]\n[Result "*"]\n\n1. Pe4 Pe6 2. Nd2 *\n';
  await page.getByTestId('paste').fill(record);
  await page.getByTestId('load').click();
  await expect(page.getByTestId('record')).toBeVisible();
  await expect(page.locator('h1')).toHaveText('Mansindam');
  await expect(page.locator('[data-testid="moves"] .move[data-ply]')).toHaveText(['Pe4', 'Pe6', 'Nd2']);
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', 'd2, White Knight');

  // A FEN pasted starts from that position.
  await page.getByTestId('record').click();
  await page.getByTestId('paste').fill('4k4/9/4K4/9/9/9/9/9/R8[] w - - 0 1');
  await page.getByTestId('load').click();
  await expect(page.getByTestId('fen')).toHaveCount(0);
  await expect(square(page, 'a1')).toHaveAttribute('aria-label', 'a1, White Rook');
  await playUci(page, 'a1a9');
  await expect(page.getByTestId('status')).toHaveText('White wins by checkmate');
});

test('a malformed FEN or PGN is named, and the game on the board is untouched', async ({ page }) => {
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  await playUci(page, 'e3e4');
  await page.getByTestId('record').click();
  const cases: [string, RegExp][] = [
    ['rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNRR[] w - - 0 1', /FEN: rank 1 has 10 files; it needs 9/],
    ['1. Pe4 Pe6 2. Kz9', /PGN: line 1: move 3 \(Kz9\)/],
    ['[Variant "Chess"]\n\n1. e4', /PGN: line 1: unknown variant "Chess"/],
    ['rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[x] w - - 0 1', /FEN: /],
  ];
  for (const [text, message] of cases) {
    await page.getByTestId('paste').fill(text);
    await page.getByTestId('load').click();
    await expect(page.getByTestId('load-error')).toHaveText(message);
    await expect(page.getByTestId('load-error')).toContainText('the game on the board stays as it was');
  }
  await page.getByTestId('record').press('Escape');
  await expect(page.getByTestId('paste')).toHaveCount(0);
  await expect(page.locator('[data-testid="moves"] .move[data-ply]')).toHaveText(['Pe4']);
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await playUci(page, 'e7e6');
});
