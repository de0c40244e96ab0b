//! The study bundle's worker (`web::bridge` starts it on the analysis board,
//! the board editor and the embed builder): the game's engine with the
//! analysis board's requests (`pantheon::worker::entry`).

#[cfg(target_arch = "wasm32")]
fn main() {
    pantheon::worker::entry::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The worker runs in a browser: build it with `trunk build` (see README.md).");
    std::process::exit(2);
}
