//! The page's state (a store whose reducer sends the worker its requests)
//! and its effects, each a named hook: the worker and what it answers,
//! the first game, the clock, the keys, the move lists that follow play, the page around an embedded game,
//! the saved game, sounds, the document's language and offline play.
//! `use_page_effects` runs the play page's effects in their order.

#[cfg(feature = "study")]
mod use_analyser;
mod use_clock;
mod use_first_game;
mod use_follow_moves;
mod use_host;
mod use_keys;
mod use_language;
mod use_offline;
mod use_page_effects;
mod use_persist;
#[cfg(feature = "study")]
mod use_puzzles;
mod use_sound;
mod use_store;
mod use_worker;

#[cfg(feature = "study")]
pub use use_analyser::use_analyser;
pub use use_clock::use_clock;
#[cfg(feature = "study")]
pub use use_first_game::saved_game;
pub use use_first_game::{first_state, use_first_game};
pub use use_follow_moves::use_follow_moves;
pub use use_host::use_host;
pub use use_keys::use_keys;
pub use use_language::use_language;
pub use use_offline::use_offline;
pub use use_page_effects::use_page_effects;
pub use use_persist::use_persist;
#[cfg(feature = "study")]
pub use use_puzzles::use_puzzles;
pub use use_sound::use_sound;
pub use use_store::{use_store, Store};
pub use use_worker::use_worker;
