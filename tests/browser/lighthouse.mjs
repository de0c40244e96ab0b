// Lighthouse on the built site: serves dist/ the way a static host does
// (gzip, validators; the same server as the budget), runs Lighthouse's
// default mobile audit (a mid-range phone, simulated slow 4G and a 4× slower
// CPU) in Debian's Chromium, and prints the four category scores with the
// largest contentful paint, the cumulative layout shift and the total
// blocking time.
//
//   node tests/browser/lighthouse.mjs [--runs N] [--json DIR] [dist]   (tools/lighthouse.sh runs it)
//
// Each run starts a fresh browser (a cold cache). With several runs, each is
// printed, then the spread (lowest–highest) and the median, which is judged:
// exits with 1 when a category's score is under MIN_SCORE (0.95), 2 when
// Lighthouse cannot run.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';
import { serve } from './static-server.mjs';

const MIN_SCORE = 0.95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const args = process.argv.slice(2);
let runs = 1;
let jsonDir = null;
let distArg = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--json') jsonDir = resolve(args[++i]);
  else distArg = args[i];
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of runs, 1 or more');
  process.exit(2);
}
const dist = resolve(distArg ?? join(import.meta.dirname, '..', '..', 'dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: build first (trunk build --release)`);
  process.exit(2);
}
process.env.CHROME_PATH ??= CHROMIUM;

const server = await serve(dist);
const url = `http://127.0.0.1:${server.address().port}/`;

/** One Lighthouse run in a fresh Chromium. */
async function audit() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result?.lhr) throw new Error('Lighthouse returned no report');
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const pad = (s, n) => String(s).padEnd(n);
const fmt = {
  score: (v) => (v === null ? ' n/a' : v.toFixed(2)),
  lcp: (v) => `${(v / 1000).toFixed(2)} s`,
  cls: (v) => v.toFixed(3),
  tbt: (v) => `${Math.round(v)} ms`,
};
const header = `${pad('run', 7)}${CATEGORIES.map((c) => pad(c, 16)).join('')}${pad('LCP', 14)}${pad('CLS', 14)}TBT`;
const rows = [];
const { version } = createRequire(import.meta.url)('lighthouse/package.json');
console.log(`Lighthouse ${version}, mobile preset, ${url} (${dist})`);
console.log(header);
try {
  for (let i = 1; i <= runs; i++) {
    const lhr = await audit();
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const row = {
      scores: CATEGORIES.map((c) => lhr.categories[c]?.score ?? null),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
    };
    rows.push(row);
    if (jsonDir) {
      mkdirSync(jsonDir, { recursive: true });
      writeFileSync(join(jsonDir, `lighthouse-${i}.json`), JSON.stringify(lhr));
    }
    console.log(
      `${pad(i, 7)}${row.scores.map((s) => pad(fmt.score(s), 16)).join('')}` +
        `${pad(fmt.lcp(row.lcp), 14)}${pad(fmt.cls(row.cls), 14)}${fmt.tbt(row.tbt)}`,
    );
    // What keeps a score under the bar, from the run's own audits.
    for (const c of CATEGORIES) {
      if ((lhr.categories[c]?.score ?? 0) >= MIN_SCORE) continue;
      const failing = lhr.categories[c].auditRefs
        .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 0.9)
        .map((r) => `${r.id} ${lhr.audits[r.id].displayValue ?? lhr.audits[r.id].score}`);
      console.log(`       ${c}: ${failing.join('; ') || 'no single audit under 0.9'}`);
    }
  }
} catch (e) {
  console.error(`Lighthouse could not run: ${e.message}`);
  server.close();
  process.exit(2);
}
server.close();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const column = (f) => rows.map(f);
const judged = {
  scores: CATEGORIES.map((_, k) => median(column((r) => r.scores[k] ?? 0))),
  lcp: median(column((r) => r.lcp)),
  cls: median(column((r) => r.cls)),
  tbt: median(column((r) => r.tbt)),
};
if (runs > 1) {
  const spread = (f, show) => {
    const xs = column(f);
    return `${show(Math.min(...xs))}–${show(Math.max(...xs))}`;
  };
  console.log(
    `${pad('spread', 7)}${CATEGORIES.map((_, k) => pad(spread((r) => r.scores[k] ?? 0, fmt.score), 16)).join('')}` +
      `${pad(spread((r) => r.lcp, (v) => (v / 1000).toFixed(2)) + ' s', 14)}${pad(spread((r) => r.cls, fmt.cls), 14)}` +
      `${spread((r) => r.tbt, Math.round)} ms`,
  );
  console.log(
    `${pad('median', 7)}${judged.scores.map((s) => pad(fmt.score(s), 16)).join('')}` +
      `${pad(fmt.lcp(judged.lcp), 14)}${pad(fmt.cls(judged.cls), 14)}${fmt.tbt(judged.tbt)}`,
  );
}
const low = CATEGORIES.filter((_, k) => judged.scores[k] < MIN_SCORE);
if (low.length) {
  console.error(`under ${MIN_SCORE}: ${low.join(', ')}`);
  process.exit(1);
}
console.log(`every category at ${MIN_SCORE} or more`);
