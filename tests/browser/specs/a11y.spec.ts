// Accessibility: axe-core (its default rules, WCAG 2.x A and AA and best
// practices) finds nothing to report on any page size, language, piece set,
// in the embedded game and with a dialog open.
import { expect, Page, test } from '@playwright/test';
import { axeViolations, describeViolations, expectNoViolations, openGame, REVIEW_WAIT_MS } from './helpers';

const pages: [string, number, number, Record<string, string>][] = [
  ['desktop', 1280, 800, {}],
  ['phone', 390, 844, {}],
  ['small phone', 320, 568, {}],
  ['Korean, traditional pieces', 390, 844, { lang: 'ko', pieces: 'traditional' }],
  ['Pandemonium, two players with a clock', 1280, 800, { variant: 'pandemonium', mode: 'local' }],
  ['a game to look at', 1280, 800, { mode: 'view', moves: 'e3e4,e7e6' }],
  ['pieces in hand', 390, 844, { variant: 'pandemonium', mode: 'local', fen: '4k4/9/9/9/9/9/9/9/4K4[RPPbnn] w - - 0 1' }],
  ['pieces in hand, Korean, traditional pieces', 390, 844, {
    variant: 'pandemonium', mode: 'local', fen: '4k4/9/9/9/9/9/9/9/4K4[RPPbnn] w - - 0 1', lang: 'ko', pieces: 'traditional',
  }],
  ['a game that has ended (result card, result in the move list)', 320, 568, {
    mode: 'local', moves: 'c1a2,d9b8,b3b4,g9f8,a2f7+',
  }],
  ['a game that has ended, Korean', 1280, 800, { mode: 'local', moves: 'c1a2,d9b8,b3b4,g9f8,a2f7+', lang: 'ko' }],
  ['the embedded game', 400, 480, { embed: '1' }],
  ['an embedded game to look at', 400, 480, { embed: '1', mode: 'view', moves: 'e3e4,e7e6' }],
];

for (const [name, width, height, params] of pages) {
  test(`axe-core finds no violations: ${name} (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openGame(page, { variant: 'mansindam', ...params });
    await expectNoViolations(page);
  });
}

test('axe-core finds no violations with a dialog open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, { variant: 'mansindam' });
  for (const [open, close] of [
    ['settings', 'settings-close'],
    ['new-game', null],
    ['rules', 'rules-close'],
    ['record', null],
    ['share', null],
  ] as const) {
    await page.getByTestId(open).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page);
    if (close) await page.getByTestId(close).click();
    else await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

for (const [name, width, height, params] of [
  ['the analysis board with a review', 1280, 800, {}],
  ['the analysis board with a review, Korean', 320, 568, { lang: 'ko' }],
  ['the analysis board in a frame', 400, 480, { embed: '1' }],
] as [string, number, number, Record<string, string>][]) {
  test(`axe-core finds no violations: ${name} (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openGame(page, { variant: 'mansindam', mode: 'analysis', moves: 'e3e4,e7e6,c1g5', ...params });
    if (params.embed) {
      await expect(page.getByTestId('embed-line').locator('.line-eval')).not.toBeEmpty();
    } else {
      await page.getByTestId('review').click();
      await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: REVIEW_WAIT_MS });
      await page.locator('[data-testid="tree"] .move[data-ply="3"]').click();
      await expect(page.getByTestId('better')).toBeVisible();
      // The lines deepen and change while axe reads: switch the engine off.
      await page.getByTestId('engine').click();
    }
    await expectNoViolations(page);
  });
}

for (const [name, width, height, params] of [
  ['the board editor', 1280, 800, { mode: 'editor' }],
  ['the board editor with a problem, Korean, figurines', 320, 568, {
    mode: 'editor', lang: 'ko', pieces: 'figurine', fen: '4k4/9/9/9/9/9/9/9/3KK4[Pr] w - - 0 1',
  }],
  ['the embed builder', 1280, 800, { mode: 'builder', moves: 'e3e4' }],
  ['the embed builder, Korean', 320, 568, { mode: 'builder', moves: 'e3e4', lang: 'ko' }],
] as [string, number, number, Record<string, string>][]) {
  test(`axe-core finds no violations: ${name} (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openGame(page, { variant: 'mansindam', ...params });
    await expect(page.getByTestId(params.mode === 'editor' ? 'editor-verdict' : 'builder')).toBeVisible();
    if (params.mode === 'builder') {
      await expect(page.frameLocator('[data-testid="builder-preview"]').locator('.app[data-ready="true"]')).toBeVisible();
    }
    await expectNoViolations(page);
  });
}

for (const [name, width, height, query] of [
  ['the diagram page', 1280, 800, 'variant=mansindam&pieces=traditional&last=e3e4'],
  ['the diagram page, Korean, a problem named', 320, 568, 'variant=pandemonium&lang=ko&marks=z1'],
  ['a diagram in a frame', 400, 480, 'variant=mansindam&embed=1'],
] as [string, number, number, string][]) {
  test(`axe-core finds no violations: ${name} (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/diagram.html?${query}`);
    await expect(page.getByTestId('diagram')).toBeVisible();
    await expectNoViolations(page);
  });
}

for (const [name, width, height, params] of [
  ['the puzzle board', 1280, 800, { mode: 'puzzle', puzzle: 'm4' }],
  ['the puzzle board, Korean, solved', 320, 568, { mode: 'puzzle', puzzle: 'p5', lang: 'ko', solve: '1' }],
  ['a puzzle in a frame', 400, 480, { mode: 'puzzle', puzzle: 'm2', embed: '1' }],
] as [string, number, number, Record<string, string>][]) {
  test(`axe-core finds no violations: ${name} (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const { solve, ...query } = params;
    await openGame(page, query);
    const status = page.getByTestId('status');
    await expect(status).toHaveAttribute('data-phase', 'solving');
    if (solve) {
      // Over, with its themes and the whole line shown.
      await page.getByTestId('puzzle-solution').click();
      await expect(status).toHaveAttribute('data-phase', 'failed');
      await expect(page.getByTestId('puzzle-retry')).toBeEnabled();
    }
    await expectNoViolations(page);
  });
}

test('axe-core sees the violations it is asked to find', async ({ page }) => {
  // The check itself can fail: a button without a name is reported.
  await openGame(page, { variant: 'mansindam' });
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.className = 'button';
    b.id = 'nameless';
    document.querySelector('.toolbar')!.append(b);
  });
  const violations = await axeViolations(page);
  expect(violations.map((v) => v.id)).toContain('button-name');
  expect(describeViolations(violations)).toMatch(/^button-name \(critical, 1×\): .*#nameless$/m);
});
