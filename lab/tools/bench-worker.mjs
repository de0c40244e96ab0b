// Times the search benchmark (lab/src/bin/wasm_bench.rs, built for wasm32) inside
// a dedicated web worker in Chromium, the way the game's engine runs:
//   node lab/tools/bench-worker.mjs <wasm_bench.wasm> [depth]
// lab/tools/speed.sh builds the file and prints this beside the native figure.
// Playwright and the browser's settings are the browser tests' (tests/browser/,
// installed by tools/setup.sh).
import { createRequire } from 'node:module';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/browser/chromium.mjs';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const browserTests = new URL('../../tests/browser/package.json', import.meta.url);
const { chromium } = createRequire(browserTests)('@playwright/test');

const [file, depthArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node lab/tools/bench-worker.mjs <wasm_bench.wasm> [depth]');
  process.exit(2);
}
const depth = Number(depthArg ?? 7);
const wasm = readFileSync(file);

const page = `<!doctype html><meta charset="utf-8"><title>bench</title>
<script>
window.result = new Promise((resolve, reject) => {
  const w = new Worker('./bench.js');
  w.onmessage = (e) => resolve(e.data);
  w.onerror = (e) => reject(new Error(e.message));
  w.postMessage(${depth});
});
</script>`;
const worker = `
onmessage = async (e) => {
  const module = await WebAssembly.compileStreaming(fetch('./bench.wasm'));
  // The library also holds the web code: stub its imports (the bench never calls them).
  const imports = {};
  for (const { module: m, name } of WebAssembly.Module.imports(module)) {
    (imports[m] ??= {})[name] = () => { throw new Error(m + '.' + name + ' called'); };
  }
  const instance = await WebAssembly.instantiate(module, imports);
  // Three runs: the first includes V8's tier-up from its baseline compiler
  // (as a game's first search does), the others run optimised code.
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const nodes = instance.exports.bench(e.data);
    runs.push({ nodes, ms: performance.now() - t });
  }
  postMessage(runs);
};`;

const server = createServer((req, res) => {
  const [type, body] = req.url.startsWith('/bench.wasm')
    ? ['application/wasm', wasm]
    : req.url.startsWith('/bench.js')
      ? ['text/javascript', worker]
      : ['text/html', page];
  res.writeHead(200, { 'content-type': type });
  res.end(body);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_FLAGS,
});
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  const runs = await tab.evaluate(() => window.result);
  runs.forEach(({ nodes, ms }, i) => {
    const what = i === 0 ? 'first run' : `run ${i + 1}`;
    console.log(`chromium worker, ${what}: ${nodes} nodes in ${(ms / 1000).toFixed(2)} s = ${(nodes / ms).toFixed(0)} knps`);
  });
} finally {
  await browser.close();
  server.close();
}
