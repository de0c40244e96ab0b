//! The diagram page's entry point (`diagram.html`): a still picture of a
//! position, with no engine search and no worker (`web::still_page`).

#[cfg(target_arch = "wasm32")]
fn main() {
    pantheon::web::still_page::run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The diagram page runs in a browser: build it with `trunk build` (see README.md).");
    std::process::exit(2);
}
