// Starts the study bundle (the page with the analysis board): study.js, run
// just before this script, defined wasm_bindgen; its wasm comes from the
// page's folder with this script's query (the build id), so that a new page
// never runs with an old cached bundle. Its main renders the page.
wasm_bindgen({ module_or_path: "./study_bg.wasm" + new URL(document.currentScript.src).search });
