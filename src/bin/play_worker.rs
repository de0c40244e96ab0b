//! The play page's worker: the game's engine and the computer opponent,
//! built without the `study` feature (`pantheon::worker::entry`), so that a
//! first visit downloads only what a game needs.

#[cfg(target_arch = "wasm32")]
fn main() {
    pantheon::worker::entry::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The worker runs in a browser: build it with `trunk build` (see README.md).");
    std::process::exit(2);
}
