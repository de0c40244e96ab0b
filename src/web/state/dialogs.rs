//! What is open over the board, and the messages for the player: the one
//! dialog, the record dialog's contents, a notice, a waiting update, and
//! the link's ignored parameters.

use crate::protocol::Request;
use crate::web::i18n::{fill, Text};
use crate::web::link::Problem;
use crate::web::saved::Damage;

/// The dialogs over the board (one at a time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialog {
    NewGame,
    Settings,
    /// FEN and PGN to copy, a record to paste.
    Record,
    Rules,
    Share,
    /// "Resign?"
    Resign,
}

/// A message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// As the worker said it.
    Said(String),
    EngineStopped,
    /// The saved game could not be read (what was wrong); a new one started.
    SavedGameLost(Damage),
}

impl Notice {
    pub fn text(&self, t: &Text) -> String {
        match self {
            Notice::Said(s) => fill(t.errors.worker_refused, &[("detail", s)]),
            Notice::EngineStopped => t.errors.engine_stopped.to_string(),
            Notice::SavedGameLost(damage) => {
                fill(t.errors.saved_game_lost, &[("damage", &damage.text(t))])
            }
        }
    }
}

/// The record dialog: the game as PGN once the worker wrote it, a pasted
/// record being read, and why it could not be.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    pub pgn: Option<String>,
    pub loading: bool,
    pub load_error: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dialogs {
    /// The dialog open over the board, if any.
    pub open: Option<Dialog>,
    pub records: Records,
    pub notice: Option<Notice>,
    /// A new version of the site is installed and waits for a reload.
    pub update_ready: bool,
    /// Parameters of the page's link that were ignored (shown above the
    /// board until dismissed).
    pub link_problems: Vec<Problem>,
}

impl Dialogs {
    pub fn open(&mut self, dialog: Dialog) {
        self.open = Some(dialog);
        if dialog == Dialog::Record {
            self.records.pgn = None;
            self.records.load_error = None;
        }
    }

    pub fn close(&mut self) {
        self.open = None;
        self.records.loading = false;
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum DialogAction {
    Open(Dialog),
    Close,
    /// The record dialog opens and asks for the game as PGN, dated so.
    OpenRecord {
        date: String,
    },
    /// The game as PGN.
    Record(String),
    /// A pasted record went to the worker.
    Loading,
    Notify(Notice),
    DismissNotice,
    /// A new version of the site waits (the service worker installed it).
    UpdateReady,
    LinkProblems(Vec<Problem>),
}

impl Dialogs {
    /// The dialogs after `action`, and the record asked of the worker.
    pub fn reduce(&mut self, action: DialogAction) -> Option<Request> {
        match action {
            DialogAction::Open(dialog) => self.open(dialog),
            DialogAction::Close => self.close(),
            DialogAction::OpenRecord { date } => {
                self.open(Dialog::Record);
                return Some(Request::Record { date });
            }
            DialogAction::Record(pgn) => self.records.pgn = Some(pgn),
            DialogAction::Loading => {
                self.records.loading = true;
                self.records.load_error = None;
            }
            DialogAction::Notify(notice) => self.notice = Some(notice),
            DialogAction::DismissNotice => self.notice = None,
            DialogAction::UpdateReady => self.update_ready = true,
            DialogAction::LinkProblems(problems) => self.link_problems = problems,
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Lang;
    use crate::web::i18n::Texts;

    #[test]
    fn notices_read_in_the_pages_language() {
        let (en, ko) = (Lang::En.text(), Lang::Ko.text());
        assert_eq!(Notice::Said("no move".into()).text(en), "no move");
        assert_eq!(
            Notice::Said("no move".into()).text(ko),
            "할 수 없습니다: no move"
        );
        assert_eq!(
            Notice::EngineStopped.text(en),
            "The game engine stopped working. Reload the page to start again."
        );
        assert_eq!(
            Notice::SavedGameLost(Damage::Missing(4)).text(en),
            "The saved game could not be read (line 4 is missing), so a new game has started."
        );
    }

    #[test]
    fn the_record_dialog_opens_afresh_and_closing_ends_a_load() {
        let mut d = Dialogs {
            records: Records {
                pgn: Some("1. e4".into()),
                loading: true,
                load_error: Some("bad".into()),
            },
            ..Dialogs::default()
        };
        let kept = d.records.clone();
        d.open(Dialog::Settings);
        assert_eq!((d.open, &d.records), (Some(Dialog::Settings), &kept));
        d.open(Dialog::Record);
        assert_eq!(
            (d.records.pgn.as_deref(), d.records.load_error.as_deref()),
            (None, None)
        );
        d.close();
        assert_eq!((d.open, d.records.loading), (None, false));
    }
}
