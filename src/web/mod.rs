//! The page: what the player sees and touches. It never decides a rule; it
//! shows the worker's snapshots (`crate::protocol`) and sends requests.
//!
//! Yew components, hooks and the worker handle are built for wasm32 only;
//! the page's pure logic (state, texts, links, settings, the saved game, the
//! clock, the rules diagrams) is plain Rust, tested natively.

pub mod clock;
pub mod embed;
pub mod i18n;
pub mod link;
pub mod move_grid;
pub mod prefs;
pub mod saved;
pub mod sound;
pub mod starts;
pub mod state;
pub mod still;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod bridge;
#[cfg(target_arch = "wasm32")]
mod commands;
#[cfg(target_arch = "wasm32")]
mod components;
#[cfg(all(target_arch = "wasm32", feature = "study"))]
mod friend;
#[cfg(target_arch = "wasm32")]
mod hooks;
#[cfg(target_arch = "wasm32")]
mod offline;
#[cfg(target_arch = "wasm32")]
pub mod still_page;
#[cfg(target_arch = "wasm32")]
mod storage;
#[cfg(target_arch = "wasm32")]
pub mod study;

#[cfg(target_arch = "wasm32")]
pub use app::App;
