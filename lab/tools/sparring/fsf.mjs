// Fairy-Stockfish (the npm package fairy-stockfish-nnue.wasm, WebAssembly)
// as a UCI engine on stdin/stdout, with our variants loaded: a sparring
// partner for the AI's tests (lab/src/bin/match.rs), never part of the site.
//
//   node lab/tools/sparring/fsf.mjs [VARIANTS_INI]
//
// VARIANTS_INI defaults to tests/data/variants.ini; its Pandemonium is named
// pandemonium_prose (match: --alias2 pandemonium=pandemonium_prose).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const ini = process.argv[2] ?? path.join(here, "../../../tests/data/variants.ini");

// With fetch present, emscripten's loader fetches the wasm by its path and
// fails under Node; without it, it reads the file from disk.
delete globalThis.fetch;
const Stockfish = createRequire(import.meta.url)("fairy-stockfish-nnue.wasm/stockfish.js");
const engine = await Stockfish();
engine.addMessageListener((line) => process.stdout.write(line + "\n"));
engine.FS.writeFile("/variants.ini", readFileSync(ini));
engine.postMessage("setoption name VariantPath value /variants.ini");

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "quit") break;
  engine.postMessage(line);
}
engine.postMessage("quit");
process.exit(0);
