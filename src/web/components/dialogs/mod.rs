//! Dialogs, one a file: a new game, settings, the record, sharing, a
//! question before a move that loses by repetition or before resigning, and
//! the parts they share (the modal, the clock chooser, the copy field and
//! the choice button).

mod choice;
mod clock;
mod copy_field;
mod modal;
mod new_game;
mod question;
mod record;
mod settings;
mod share;

pub use choice::choice_button;
pub use clock::{ClockChooser, ClockFields};
pub use copy_field::CopyField;
pub use modal::Modal;
pub use new_game::{NewGameDialog, Settings};
pub use question::Question;
pub use record::RecordDialog;
pub use settings::SettingsDialog;
pub use share::ShareDialog;
