// Times the wasm build of lab/src/bin/wasm_bench.rs in Node (V8, the engine of
// Chromium's workers): node lab/tools/wasm_bench.mjs <file.wasm> [depth]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [file, depthArg] = process.argv.slice(2);
const depth = Number(depthArg ?? 7);
const module = await WebAssembly.compile(readFileSync(file));
// The library also holds the web code: stub its imports (the bench never calls them).
const imports = {};
for (const { module: m, name } of WebAssembly.Module.imports(module)) {
  (imports[m] ??= {})[name] = () => {
    throw new Error(`${m}.${name} called`);
  };
}
const instance = await WebAssembly.instantiate(module, imports);
const t = performance.now();
const nodes = instance.exports.bench(depth);
const s = (performance.now() - t) / 1000;
console.log(`wasm:   ${nodes} nodes in ${s.toFixed(2)} s = ${(nodes / s / 1000).toFixed(0)} knps`);
