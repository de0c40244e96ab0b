// Starts the game's worker: loads the wasm-bindgen glue and the engine's wasm
// from this script's folder, passing on this script's query (the build id),
// so that a new page never runs with an old cached engine.
importScripts("./study_worker.js" + self.location.search);
wasm_bindgen("./study_worker_bg.wasm" + self.location.search);
