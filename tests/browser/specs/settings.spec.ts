import { expect, test } from '@playwright/test';
import { handSlot, openGame, playUci, square } from './helpers';

const twoPlayers = { white: 'human', black: 'human' };

test('Korean from the browser, English by the switch, and the choice is kept', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ko-KR' });
  const page = await context.newPage();
  await openGame(page, { variant: 'mansindam', ...twoPlayers });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.locator('h1')).toHaveText('만신담');
  await expect(page).toHaveTitle('만신담 & 수라장');
  await expect(page.getByTestId('status')).toHaveText('백 차례');
  await expect(square(page, 'e1')).toHaveAttribute('aria-label', 'e1, 백 옥장');
  await expect(handSlot(page, 'black', 'C')).toHaveAttribute('aria-label', 'C, 흑 보유 말: 예하 0개');
  await playUci(page, 'e3e4');
  await expect(page.getByTestId('status')).toHaveText('흑 차례');
  await expect(page.getByTestId('new-game')).toHaveAccessibleName('새 게임');

  // The switch shows the other language's name; the choice survives a reload.
  await page.getByTestId('language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  // (The game goes on where it was; the language stays English.)
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await expect(page.getByTestId('language')).toHaveAccessibleName('한국어');
  await context.close();
});

test('?lang=ko overrides the browser, and the game ends in Korean', async ({ page }) => {
  await openGame(page, {
    variant: 'mansindam',
    fen: '4k4/9/4K4/9/9/9/9/9/R8[] w - - 0 1',
    lang: 'ko',
    ...twoPlayers,
  });
  // Refusals come in Korean too, with what is wrong and where.
  await page.getByTestId('move-input').fill('e1e5');
  await page.getByTestId('move-input').press('Enter');
  await expect(page.getByTestId('move-error')).toHaveText(/^e1e5는 이 국면에서 둘 수 없는 수입니다/);
  await page.getByTestId('record').click();
  await page.getByTestId('paste').fill('4k4/9/9/9/9/9/9/9/4K4[] x - - 0 1');
  await page.getByTestId('load').click();
  await expect(page.getByTestId('load-error')).toContainText("FEN: 둘 차례는 'w' 또는 'b'여야 합니다 ('x'가 아님)");
  await page.getByTestId('paste').press('Escape');
  await playUci(page, 'a1a9');
  await expect(page.getByTestId('status')).toHaveText('백 승리: 외통수');
  await expect(page.getByTestId('result')).toContainText('백 승리');
  await expect(page.getByTestId('result')).toContainText('왕이 장군을 받았고 피할 수 없습니다.');
});

test('the traditional piece set, a second board theme, kept across a reload', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', ...twoPlayers });
  await expect(page.locator('.piece.kanji')).toHaveCount(0);
  await page.getByTestId('settings').click();
  await page.getByTestId('pieces-traditional').click();
  await page.getByTestId('theme-slate').click();
  await page.getByTestId('settings-close').click();
  await expect(page.locator('.app')).toHaveClass(/theme-slate/);
  // Each piece is a tile with its character from the sprite; White's King is
  // the Yang (陽, U+967D) and Black's the Eum (陰, U+9670); Black's tiles are
  // turned towards White.
  await expect(square(page, 'e1').locator('use')).toHaveAttribute('href', 'pieces/kanji.svg#k-967D');
  await expect(square(page, 'e9').locator('use')).toHaveAttribute('href', 'pieces/kanji.svg#k-9670');
  await expect(square(page, 'a3').locator('use')).toHaveAttribute('href', 'pieces/kanji.svg#k-5175');
  const turned = await square(page, 'e9').locator('svg').evaluate((e) => getComputedStyle(e).transform);
  expect(turned).not.toBe('none');
  // The start position's promoted Queen (a promoted Ferz) is red.
  await expect(square(page, 'c2').locator('.piece')).toHaveClass(/promoted/);
  const red = await square(page, 'c2').locator('.piece').evaluate((e) => getComputedStyle(e).color);
  expect(red).toBe('rgb(198, 40, 40)');
  // The sprite is served beside the page.
  const sprite = await page.request.get('pieces/kanji.svg');
  expect(sprite.ok()).toBe(true);
  expect(await sprite.text()).toContain('id="k-967D"');
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('.app')).toHaveClass(/theme-slate/);
  await expect(page.locator('.sq .piece.kanji').first()).toBeVisible();
});

test('the traditional set writes the moves and the hint with the pieces\' characters', async ({ page }) => {
  // Each King by its side's character (the Yang, the Eum), a Pawn, a Knight.
  await openGame(page, { variant: 'pandemonium', ...twoPlayers, pieces: 'traditional', moves: 'e1d2,e9d8,c3c4,c7c6,b1c3' });
  const moves = page.getByTestId('moves').locator('.move');
  await expect(moves).toHaveText(['陽d2', '陰d8', '兵c4', '兵c6', '騎c3']);
  // The hint too; its data stays in letters.
  await page.getByTestId('hint').click();
  const hint = page.getByTestId('hint-text');
  await expect(hint).toHaveAttribute('data-move', /^[A-Z]/);
  const letters = (await hint.getAttribute('data-move'))!;
  await expect(hint.locator('strong')).not.toHaveText(letters);
  await expect(hint.locator('strong')).toHaveText(/^[\u4e00-\u9fff]/);
  // Back to the international set: letters again, the same moves.
  await page.getByTestId('settings').click();
  await page.getByTestId('pieces-international').click();
  await page.getByTestId('settings-close').click();
  await expect(moves).toHaveText(['Kd2', 'Kd8', 'Pc4', 'Pc6', 'Nc3']);
  await expect(hint.locator('strong')).toHaveText(letters);
  // Mansindam's own characters, a drop and a promotion written with them.
  await openGame(page, {
    variant: 'mansindam', ...twoPlayers, pieces: 'traditional',
    fen: '3k5/9/3P5/9/9/9/9/9/4K4[R] w - - 0 1', moves: 'd7d8+',
  });
  await expect(moves).toHaveText(['步d8=哨+']);
});

test('a sound for a move, a capture, a check and the end, and none when muted', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', fen: '4k4/9/9/4p4/4P4/9/9/9/4K4[R] w - - 0 1', ...twoPlayers });
  const html = page.locator('html');
  await playUci(page, 'e5e6');
  await expect(html).toHaveAttribute('data-sound', 'capture');
  await playUci(page, 'e9d9');
  await expect(html).toHaveAttribute('data-sound', 'move');
  await playUci(page, 'R@d1');
  await expect(html).toHaveAttribute('data-sound', 'check');
  // Muted: the next move makes no sound.
  await page.getByTestId('settings').click();
  await page.getByTestId('sound-off').click();
  await page.getByTestId('settings-close').click();
  await page.evaluate(() => document.documentElement.removeAttribute('data-sound'));
  await playUci(page, 'd9c9');
  await page.waitForTimeout(300);
  await expect(html).not.toHaveAttribute('data-sound', /./);
  // Sound on again: a mate plays the end of the game.
  await openGame(page, { variant: 'mansindam', fen: '4k4/9/4K4/9/9/9/9/9/R8[] w - - 0 1', ...twoPlayers });
  await page.getByTestId('settings').click();
  await page.getByTestId('sound-on').click();
  await page.getByTestId('settings-close').click();
  await playUci(page, 'a1a9');
  await expect(html).toHaveAttribute('data-sound', 'end');
});

test('the rules help shows every piece with its moves, in the game played', async ({ page }) => {
  await openGame(page, { variant: 'pandemonium', ...twoPlayers });
  await page.getByTestId('rules').click();
  const rules = page.getByTestId('rules-help');
  await expect(rules).toContainText('perpetual check');
  await expect(rules).toContainText('No campmate');
  // Nine kinds in hand plus the King, each a card; all but the King promote.
  await expect(rules.locator('.rule-card')).toHaveCount(10);
  await expect(rules.locator('.promotes')).toHaveCount(9);
  // The Knight's diagram has its eight leaps; the Bull's four; the Pawn one step.
  const card = (letter: string) => rules.locator(`.rule-card[data-piece="${letter}"] .piece-rule`).first();
  await expect(card('N').locator('.mark-leap')).toHaveCount(8);
  await expect(card('U').locator('.mark-leap')).toHaveCount(4);
  await expect(card('P').locator('.mark-step')).toHaveCount(1);
  await expect(card('N')).toContainText('Knight');
  await expect(rules.locator('a')).toHaveAttribute('href', 'https://www.chessvariants.com/invention/pandemonium');
  await page.getByTestId('rules-close').click();
  await expect(page.getByTestId('rules-help')).toHaveCount(0);
  // Mansindam's rules, in Korean.
  await openGame(page, { variant: 'mansindam', lang: 'ko', ...twoPlayers });
  await page.getByTestId('rules').click();
  await expect(rules).toContainText('입옥');
  await expect(rules.locator('.rule-card')).toHaveCount(9);
  await expect(rules.locator('.rule-card[data-piece="A"]')).toContainText('천마');
});
