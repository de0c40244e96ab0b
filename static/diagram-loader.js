// Starts the diagram page's wasm (src/bin/diagram.rs): diagram.js, run just
// before this script, defined wasm_bindgen; the wasm comes with this
// script's query (the build id), so that a new page never runs an old one.
wasm_bindgen({ module_or_path: "./diagram_bg.wasm" + new URL(document.currentScript.src).search });
