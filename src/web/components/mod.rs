//! The page's pieces of screen.

#[cfg(feature = "study")]
pub mod analysis;
pub mod board;
#[cfg(feature = "study")]
pub mod builder;
pub mod controls;
pub mod dialogs;
#[cfg(feature = "study")]
pub mod editor;
#[cfg(feature = "study")]
pub mod friend;
pub mod hand;
pub mod overlays;
pub mod panel;
pub mod piece;
pub mod play;
#[cfg(feature = "study")]
pub mod puzzle;
#[cfg(feature = "study")]
pub mod reply_field;
pub mod rules;
