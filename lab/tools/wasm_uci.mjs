// Our engine in WebAssembly under Node as a UCI engine (lab/src/bin/wasm_uci.rs),
// for matches against the sparring partner in WebAssembly at equal time:
//   node lab/tools/wasm_uci.mjs [file.wasm]
// (default target/wasm_uci.opt.wasm, as lab/tools/wasm-match.sh builds it).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";

const file = process.argv[2] ?? "target/wasm_uci.opt.wasm";
const module = await WebAssembly.compile(readFileSync(file));
// The library also holds the web code: stub its imports (the engine never
// calls them); the clock is ours.
const imports = {};
for (const { module: m, name } of WebAssembly.Module.imports(module)) {
  (imports[m] ??= {})[name] = () => {
    throw new Error(`${m}.${name} called`);
  };
}
imports.env.now_ms = () => performance.now();
const { exports } = await WebAssembly.instantiate(module, imports);

const encoder = new TextEncoder();
const decoder = new TextDecoder();
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "quit") break;
  const bytes = encoder.encode(line);
  const at = exports.uci_input(bytes.length);
  new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
  const n = exports.uci_handle();
  if (n > 0) {
    const text = decoder.decode(new Uint8Array(exports.memory.buffer, exports.uci_output(), n));
    process.stdout.write(text + "\n");
  }
}
process.exit(0);
