//! The study bundle's entry point: the whole page with the analysis board
//! (the `study` feature), which the play page loads when its link asks for
//! the board (`web::study::load`). It renders into the document body as the
//! play page would have.

#[cfg(target_arch = "wasm32")]
fn main() {
    yew::Renderer::<pantheon::web::App>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The study bundle runs in a browser: build it with `trunk build` (see README.md).");
    std::process::exit(2);
}
