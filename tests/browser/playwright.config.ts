import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';

// The built game (dist/) is served by Python's static server on 127.0.0.1:
// at / and under /sub/path/ on one port, and a page that embeds it in an
// iframe on another port (another origin), in Debian's Chromium (chromium.mjs).
// SITE_PORT moves the site (for a run beside another one on the same machine);
// the host pages in embed/ name port 8737, so the embed and hosting specs need
// the default.
const SITE_PORT = Number(process.env.SITE_PORT ?? 8737);
export const SITE = `http://127.0.0.1:${SITE_PORT}`;
export const EMBED = `http://127.0.0.1:${SITE_PORT + 1}`;

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  // (Room for the waits a busy machine needs: REVIEW_WAIT_MS.)
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: SITE,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
  webServer: [
    {
      command: `node prepare-site.mjs && exec python3 -m http.server ${SITE_PORT} --bind 127.0.0.1 --directory .site`,
      url: `${SITE}/index.html`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: `exec python3 -m http.server ${SITE_PORT + 1} --bind 127.0.0.1 --directory embed`,
      url: `${EMBED}/index.html`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
  ],
});
