// Starts the play page's worker (src/bin/play_worker.rs: the engine without
// the analysis board): loads the wasm-bindgen glue and the engine's wasm from
// this script's folder, passing on this script's query (the build id), so
// that a new page never runs with an old cached engine.
importScripts("./play_worker.js" + self.location.search);
wasm_bindgen("./play_worker_bg.wasm" + self.location.search);
