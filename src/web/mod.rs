//! The web game.
//!
//! The worker's half ([`session`]: the engine's game and the computer
//! opponent of `crate::ai`) is plain Rust, tested natively. The page's half
//! (Yew components, the state they share, the bridge to the worker) is built
//! for wasm32 only, except the state's pure logic in [`state`], which is
//! tested natively too.

pub mod clock;
pub mod diagram;
pub mod embed;
pub mod errors;
pub mod i18n;
pub mod link;
pub mod prefs;
pub mod saved;
pub mod session;
pub mod state;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod bridge;
#[cfg(target_arch = "wasm32")]
mod components;
#[cfg(target_arch = "wasm32")]
mod offline;
#[cfg(target_arch = "wasm32")]
mod sound;
#[cfg(target_arch = "wasm32")]
mod storage;

#[cfg(target_arch = "wasm32")]
pub use app::App;
