//! The page's entry point: renders the Yew app into the document body, or,
//! when the link asks for the analysis board or the board editor and this
//! is the play page (built without the `study` feature), loads the study
//! bundle that has them. (A link asking for a diagram never gets here: a
//! script at the top of index.html sends it to the diagram page.)

#[cfg(target_arch = "wasm32")]
fn main() {
    #[cfg(not(feature = "study"))]
    if pantheon::web::study::wanted() {
        pantheon::web::study::load();
        return;
    }
    // In a task of its own, after the one that instantiated the wasm: two
    // shorter tasks keep the page responsive while it starts (index.html
    // shows the page's layout meanwhile; the app replaces it).
    gloo::timers::callback::Timeout::new(0, || {
        yew::Renderer::<pantheon::web::App>::new().render();
    })
    .forget();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The app runs in a browser: build it with `trunk build` (see README.md).");
    std::process::exit(2);
}
