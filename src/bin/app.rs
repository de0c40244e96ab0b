//! The page's entry point: renders the Yew app into the document body.

#[cfg(target_arch = "wasm32")]
fn main() {
    yew::Renderer::<pantheon::web::App>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The app runs in a browser: build it with `trunk build` (see README.md).");
    std::process::exit(2);
}
