import { expect, test } from '@playwright/test';
import { playUci, square } from './helpers';

const KEY = 'pantheon.game.v2';

async function open(page: import('@playwright/test').Page) {
  await page.goto('/');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

test('the game and the settings survive a reload', async ({ page }) => {
  await open(page);
  await page.getByTestId('new-game').click();
  await page.getByTestId('variant-pandemonium').click();
  await page.getByTestId('opponent-human').click();
  await page.getByTestId('start-game').click();
  await expect(page.locator('h1')).toHaveText('Pandemonium');
  await playUci(page, 'e4e5');
  await page.getByTestId('settings').click();
  await page.getByTestId('pieces-traditional').click();
  await page.getByTestId('settings-close').click();
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('h1')).toHaveText('Pandemonium');
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  await expect(square(page, 'e5')).toHaveAttribute('aria-label', 'e5, White Van');
  await expect(page.locator('.sq .piece.kanji').first()).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);
});

test('a damaged saved game: a short notice and a fresh start', async ({ page }) => {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, 'mansindam\nnot a fen\n\nhuman');
      sessionStorage.setItem('seeded', '1');
    }
  }, KEY);
  await open(page);
  await expect(page.getByTestId('error')).toContainText(
    'The saved game could not be read (line 4 cannot be read: “human”), so a new game has started.',
  );
  await expect(page.locator('h1')).toHaveText('Mansindam');
  await playUci(page, 'e3e4');
  // The damaged text is gone: the next visit resumes the new game quietly.
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);
});

test('a saved game whose moves cannot be played: the message, and a game to play', async ({ page }) => {
  await page.addInitScript((key) => {
    localStorage.setItem(
      key,
      'mansindam\nrnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1\ne3e4 e3e4\nhuman,human\n3',
    );
  }, KEY);
  await open(page);
  await expect(page.getByTestId('error')).toContainText('move 2');
  await expect(page.locator('[data-square="e3"]')).toHaveAttribute('aria-label', /Pawn/);
  await playUci(page, 'e3e4');
});

test('storage that throws or is full: the game starts and plays', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('storage is disabled', 'SecurityError');
      },
    });
  });
  await open(page);
  await playUci(page, 'e3e4');
  await page.getByTestId('settings').click();
  await page.getByTestId('theme-slate').click();
  await page.getByTestId('settings-close').click();
  await expect(page.locator('.app')).toHaveClass(/theme-slate/);

  const full = await page.context().newPage();
  await full.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    };
  });
  await open(full);
  await playUci(full, 'e3e4');
  await expect(full.getByTestId('status')).toHaveAttribute('data-plies', /[12]/);
});
