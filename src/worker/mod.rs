//! The worker's side of the game, with no web dependency (tested natively):
//! the [`Session`] that holds the engine's game and answers every request,
//! and the refusals it writes in the page's language ([`messages`]).
//! [`entry`] passes messages between it and the page (in the `study_worker`
//! and `play_worker` binaries).

#[cfg(target_arch = "wasm32")]
pub mod entry;
pub mod messages;
mod session;

pub use session::Session;

#[cfg(not(target_arch = "wasm32"))]
pub use session::testing;
