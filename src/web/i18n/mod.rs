//! Every text the page shows, in English and in Korean (the inventor's
//! language), one module per area of the page. Each key is written once,
//! its English and its Korean side by side (the [`texts!`] macro makes the
//! area's struct and its two values). A text with a `{name}` placeholder is
//! filled by [`fill`]; piece names come from [`piece_name`], which knows
//! both games' pieces by letter.
//!
//! Plain data with no web dependency, so that it is tested natively.

use crate::protocol::{EndReason, Ending, KindView, Lang, Player, Side, Snapshot};
use crate::web::clock::TimeControl;
use crate::web::link::{Expected, Problem};
use crate::web::prefs::{PieceSet, Theme};

/// Declares an area's texts: a struct of `&'static str` keys (or of the
/// type written after `as`), and its English and Korean values, each key
/// on one line with both languages:
///
/// ```text
/// texts! {
///     /// The area's words.
///     pub struct AreaText, const EN, KO;
///     /// What the key is for.
///     key: "English", "Korean",
///     list as [&'static str; 2]: ["One", "Two"], ["하나", "둘"],
/// }
/// ```
///
/// Tests walk every key of both values (`Keys`), so a new key is checked
/// with no more code.
macro_rules! texts {
    (
        $(#[doc = $struct_doc:literal])*
        pub struct $name:ident, $decl:tt $en:ident, $ko:ident;
        $(
            $(#[doc = $doc:literal])*
            $(#[cfg($cfg:meta)])?
            $key:ident $(as $ty:ty)?: $english:expr, $korean:expr,
        )*
    ) => {
        $(#[doc = $struct_doc])*
        pub struct $name {
            $(
                $(#[doc = $doc])*
                $(#[cfg($cfg)])?
                pub $key: texts!(@type $($ty)?),
            )*
        }

        /// The English texts.
        pub $decl $en: $name = $name {
            $( $(#[cfg($cfg)])? $key: $english, )*
        };

        /// The Korean texts.
        pub $decl $ko: $name = $name {
            $( $(#[cfg($cfg)])? $key: $korean, )*
        };

        #[cfg(test)]
        impl $crate::web::i18n::Keys for $name {
            fn each(&self, path: &str, visit: &mut dyn FnMut(String, &str)) {
                $(
                    $(#[cfg($cfg)])?
                    $crate::web::i18n::Keys::each(
                        &self.$key,
                        &format!("{path}.{}", stringify!($key)),
                        visit,
                    );
                )*
            }
        }
    };
    (@type) => { &'static str };
    (@type $ty:ty) => { $ty };
}

#[cfg(feature = "study")]
pub mod analysis;
#[cfg(feature = "study")]
pub mod builder;
mod diagram;
#[cfg(feature = "study")]
pub mod editor;
pub mod errors;
#[cfg(feature = "study")]
pub mod friend;
mod pieces;
pub mod play;
#[cfg(feature = "study")]
pub mod puzzles;
pub mod rules;
pub mod settings;
pub mod share;

pub use diagram::DiagramText;
pub use pieces::{character, notation, tile_character};

/// The page's texts in a language.
pub trait Texts {
    fn text(self) -> &'static Text;
}

impl Texts for Lang {
    fn text(self) -> &'static Text {
        match self {
            Lang::En => &EN,
            Lang::Ko => &KO,
        }
    }
}

/// Replaces each `{key}` in `template` by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}

texts! {
    /// The texts of one language, by area of the page.
    pub struct Text, static EN, KO;
    lang as Lang: Lang::En, Lang::Ko,
    /// The game: its status, buttons, dialogs, hands and board.
    play as play::PlayText: play::EN, play::KO,
    /// The rules help.
    rules as rules::RulesText: rules::EN, rules::KO,
    /// The settings dialog.
    settings as settings::SettingsText: settings::EN, settings::KO,
    /// Records, links and sharing.
    share as share::ShareText: share::EN, share::KO,
    /// What went wrong: the saved game, a link, the engine.
    errors as errors::ErrorText: errors::EN, errors::KO,
    /// The analysis board's words (in the study bundle only).
    #[cfg(feature = "study")]
    analysis as &'static analysis::AnalysisText: &analysis::EN, &analysis::KO,
    /// The board editor's words (in the study bundle only).
    #[cfg(feature = "study")]
    editor as &'static editor::EditorText: &editor::EN, &editor::KO,
    /// The embed builder's words (in the study bundle only).
    #[cfg(feature = "study")]
    builder as &'static builder::BuilderText: &builder::EN, &builder::KO,
    /// The puzzle board's words (in the study bundle only).
    #[cfg(feature = "study")]
    puzzles as &'static puzzles::PuzzleText: &puzzles::EN, &puzzles::KO,
    /// A game against a friend on another device (in the study bundle only).
    #[cfg(feature = "study")]
    friend as &'static friend::FriendText: &friend::EN, &friend::KO,
}

impl Text {
    pub fn side(&self, side: Side) -> &'static str {
        match side {
            Side::White => self.play.white,
            Side::Black => self.play.black,
        }
    }

    pub fn variant(&self, id: &str) -> &'static str {
        if id == "pandemonium" {
            self.play.pandemonium
        } else {
            self.play.mansindam
        }
    }

    pub fn reason(&self, reason: EndReason) -> &'static str {
        self.play.end_reasons[reason as usize]
    }

    /// The result card's explanation of an ending; a resignation or a loss
    /// on time names who lost: "Black resigned.", "Your clock ran out."
    pub fn ending_explanation(&self, ending: Ending, players: [Player; 2]) -> String {
        let texts = match ending.reason {
            EndReason::Resignation => &self.play.resigned,
            EndReason::Time => &self.play.out_of_time,
            reason => return self.play.end_explanations[reason as usize].to_string(),
        };
        let loser = ending.winner.flip();
        match (players[loser.index()], one_player_here(players)) {
            (Player::Human, true) => texts[1].to_string(),
            (Player::Computer, _) => texts[2].to_string(),
            (Player::Human, false) => fill(texts[0], &[("side", self.side(loser))]),
            #[cfg(feature = "study")]
            (Player::Friend, _) => match ending.reason {
                EndReason::Time => self.friend.their_clock_out,
                _ => self.friend.they_resigned,
            }
            .to_string(),
        }
    }

    /// "“level=9” in the link was ignored: use a level from 1 to 6."
    pub fn link_problem(&self, p: &Problem) -> String {
        let expected = match p.expected {
            Expected::OneOf(words) => fill(
                self.errors.expected_one_of,
                &[("list", &words.split('|').collect::<Vec<_>>().join(", "))],
            ),
            Expected::Level => self.errors.expected_level.to_string(),
            Expected::AtMost(n) => fill(self.errors.expected_at_most, &[("n", &n.to_string())]),
            Expected::AgainstComputer => self.errors.expected_against_computer.to_string(),
            Expected::Squares => self.errors.expected_squares.to_string(),
            Expected::PuzzleId => self.errors.expected_puzzle_id.to_string(),
        };
        fill(
            self.errors.link_problem,
            &[
                ("param", p.param),
                ("value", &p.value),
                ("expected", &expected),
            ],
        )
    }

    /// A time control as the New game dialog offers it: `5+3`, or with
    /// byoyomi `10 min + 3×30 s` (`10+5 + 3×30 s` with an increment too).
    pub fn time_control(&self, c: TimeControl) -> String {
        let n = |n: u32| n.to_string();
        let main = match (c.periods, c.increment_s) {
            (0, _) | (_, 1..) => format!("{}+{}", c.minutes, c.increment_s),
            _ => fill(self.play.minutes_short, &[("m", &n(c.minutes))]),
        };
        if c.periods == 0 {
            return main;
        }
        let byoyomi = fill(
            self.play.byoyomi_left,
            &[("b", &n(c.byoyomi_s)), ("p", &n(c.periods))],
        );
        format!("{main} + {byoyomi}")
    }

    pub fn level_note(&self, level: u8) -> &'static str {
        self.play.level_notes[usize::from(level.clamp(1, 6) - 1)]
    }

    /// A piece set's name in the settings and the builder.
    pub fn piece_set(&self, set: PieceSet) -> &'static str {
        match set {
            PieceSet::International => self.settings.international,
            PieceSet::Traditional => self.settings.traditional,
            PieceSet::Figurine => self.settings.figurine,
        }
    }

    /// A board theme's name.
    pub fn theme(&self, theme: Theme) -> &'static str {
        match theme {
            Theme::Wood => self.settings.wood,
            Theme::Slate => self.settings.slate,
        }
    }

    /// "White Pawn", "백 보병".
    pub fn piece(&self, side: Side, kind: &KindView) -> String {
        format!("{} {}", self.side(side), piece_name(self.lang, kind))
    }

    /// The status line: whose turn it is, or who won and why.
    pub fn status(&self, snap: &Snapshot) -> String {
        let t = self;
        if let Some(e) = snap.ending {
            return fill(
                t.play.wins_by,
                &[("side", t.side(e.winner)), ("reason", t.reason(e.reason))],
            );
        }
        let side = [("side", t.side(snap.to_move))];
        if snap.thinking {
            return t.play.thinking.to_string();
        }
        #[cfg(feature = "study")]
        if snap.players[snap.to_move.index()] == Player::Friend {
            return fill(t.friend.their_move, &side);
        }
        let who = if one_player_here(snap.players) {
            fill(t.play.your_move, &side)
        } else {
            fill(t.play.to_move, &side)
        };
        if snap.check.is_some() {
            fill(t.play.check, &[("status", &who)])
        } else {
            who
        }
    }

    /// The last line of the move list once the game has ended, the result
    /// as PGN writes it and the status: "1-0 · White wins by checkmate".
    pub fn result_line(&self, snap: &Snapshot) -> Option<String> {
        let e = snap.ending?;
        Some([e.result(), " · ", &self.status(snap)].concat())
    }

    /// "Computer", "You" (against the computer) or "Player" (two players).
    pub fn player(&self, players: [Player; 2], side: Side) -> &'static str {
        match (players[side.index()], one_player_here(players)) {
            (Player::Computer, _) => self.play.computer,
            (Player::Human, true) => self.play.you,
            (Player::Human, false) => self.play.player,
            #[cfg(feature = "study")]
            (Player::Friend, _) => self.friend.player_name,
        }
    }
}

/// The page speaks to one player ("you"), against the computer or a
/// friend on another device; not to two players at one device.
pub fn one_player_here(players: [Player; 2]) -> bool {
    players.iter().any(|&p| p != Player::Human)
}

/// The text with its first letter in upper case: the engine writes its
/// messages (and the page its reasons) from the middle of a sentence.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A piece's name: the engine's English name, or its Korean name (both
/// come with the snapshot's kinds, from the engine's table of names).
pub fn piece_name(lang: Lang, kind: &KindView) -> String {
    match lang {
        Lang::En => kind.name.clone(),
        Lang::Ko => kind.korean.clone(),
    }
}

/// Every text of a value, with its key's path (`.play.new_game`, `.play.end_reasons[2]`),
/// for the tests.
#[cfg(test)]
pub trait Keys {
    fn each(&self, path: &str, visit: &mut dyn FnMut(String, &str));
}

#[cfg(test)]
impl Keys for str {
    fn each(&self, path: &str, visit: &mut dyn FnMut(String, &str)) {
        visit(path.to_string(), self);
    }
}

#[cfg(test)]
impl<T: Keys> Keys for [T] {
    fn each(&self, path: &str, visit: &mut dyn FnMut(String, &str)) {
        for (i, item) in self.iter().enumerate() {
            item.each(&format!("{path}[{i}]"), visit);
        }
    }
}

#[cfg(test)]
impl<T: Keys, const N: usize> Keys for [T; N] {
    fn each(&self, path: &str, visit: &mut dyn FnMut(String, &str)) {
        self.as_slice().each(path, visit);
    }
}

#[cfg(test)]
impl<T: Keys + ?Sized> Keys for &T {
    fn each(&self, path: &str, visit: &mut dyn FnMut(String, &str)) {
        (**self).each(path, visit);
    }
}

/// The language is no text.
#[cfg(test)]
impl Keys for Lang {
    fn each(&self, _: &str, _: &mut dyn FnMut(String, &str)) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of a language's texts (and the diagram page's), with its text.
    fn every_text(text: &Text, diagram: &DiagramText) -> Vec<(String, String)> {
        let mut all = Vec::new();
        let mut visit = |key: String, text: &str| all.push((key, text.to_string()));
        text.each("", &mut visit);
        diagram.each(".diagram", &mut visit);
        all
    }

    #[test]
    fn every_key_has_both_languages_and_no_text_is_empty() {
        let en = every_text(&EN, DiagramText::of(Lang::En));
        let ko = every_text(&KO, DiagramText::of(Lang::Ko));
        // The study bundle's groups are walked too when it is built.
        #[cfg(feature = "study")]
        assert!(en.iter().any(|(key, _)| key.starts_with(".friend.")));
        assert!(en.len() > 300, "{} texts", en.len());
        // A list (the rules, the levels) has as many texts in each language.
        let only_in = |a: &[(String, String)], b: &[(String, String)]| {
            let b: Vec<&String> = b.iter().map(|(key, _)| key).collect();
            a.iter()
                .map(|(key, _)| key.clone())
                .filter(|key| !b.contains(&key))
                .collect::<Vec<_>>()
        };
        assert_eq!(only_in(&en, &ko), Vec::<String>::new(), "in English only");
        assert_eq!(only_in(&ko, &en), Vec::<String>::new(), "in Korean only");
        for (key, text) in en.iter().chain(&ko) {
            assert!(!text.trim().is_empty(), "{key} is empty");
        }
    }

    #[test]
    fn a_resignation_or_a_loss_on_time_names_who_lost() {
        let (en, ko) = (Lang::En.text(), Lang::Ko.text());
        let two = [Player::Human, Player::Human];
        let computer_black = [Player::Human, Player::Computer];
        let ending = |winner, reason| Ending { winner, reason };
        let resigned = ending(Side::White, EndReason::Resignation);
        assert_eq!(en.ending_explanation(resigned, two), "Black resigned.");
        assert_eq!(ko.ending_explanation(resigned, two), "흑이 기권했습니다.");
        let white_resigned = ending(Side::Black, EndReason::Resignation);
        assert_eq!(
            en.ending_explanation(white_resigned, computer_black),
            "You resigned."
        );
        let timed_out = ending(Side::White, EndReason::Time);
        assert_eq!(
            en.ending_explanation(timed_out, computer_black),
            "The computer's clock ran out."
        );
        assert_eq!(
            en.ending_explanation(timed_out, two),
            "Black's clock ran out."
        );
        assert_eq!(
            en.ending_explanation(ending(Side::Black, EndReason::Time), computer_black),
            "Your clock ran out."
        );
        assert_eq!(
            en.ending_explanation(ending(Side::Black, EndReason::Checkmate), two),
            "The King is in check and cannot escape."
        );
    }

    #[test]
    fn korean_names_a_new_game_and_campmate_one_way_everywhere() {
        let ko = Lang::Ko.text();
        assert_eq!(ko.play.new_game_short, ko.play.new_game);
        assert!(ko
            .play
            .mansindam_note
            .contains(ko.reason(EndReason::Campmate)));
        #[cfg(feature = "study")]
        assert_eq!(
            puzzles::KO.theme(crate::protocol::puzzle::Theme::Campmate),
            ko.reason(EndReason::Campmate)
        );
    }

    #[test]
    fn languages_come_from_tags_and_preferences() {
        assert_eq!(Lang::parse("ko-KR"), Some(Lang::Ko));
        assert_eq!(Lang::parse("EN_gb"), Some(Lang::En));
        assert_eq!(Lang::parse("fr"), None);
        assert_eq!(Lang::parse(""), None);
        assert_eq!(Lang::from_preferences(["fr-FR", "ko", "en"]), Lang::Ko);
        assert_eq!(Lang::from_preferences(["de"]), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.id()), Some(lang));
            assert_eq!(lang.text().lang, lang);
        }
    }

    #[test]
    fn placeholders_are_filled() {
        let t = Lang::Ko.text();
        assert_eq!(
            fill(t.play.premove, &[("move", "e3–e4")]),
            "미리 두기: e3–e4"
        );
        assert_eq!(fill(EN.play.premove, &[("move", "R@e5")]), "Premove: R@e5");
        assert_eq!(fill(t.play.to_move, &[("side", t.play.white)]), "백 차례");
        assert_eq!(
            fill(
                EN.play.wins_by,
                &[
                    ("side", "Black"),
                    ("reason", EN.reason(EndReason::Campmate))
                ]
            ),
            "Black wins by campmate"
        );
    }

    #[test]
    fn both_languages_fill_the_same_placeholders() {
        let placeholders = |s: &str| {
            let mut v: Vec<String> = s
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(k, _)| k.to_string()))
                .collect();
            v.sort();
            v
        };
        let en = every_text(&EN, DiagramText::of(Lang::En));
        let ko = every_text(&KO, DiagramText::of(Lang::Ko));
        for ((key, en), (_, ko)) in en.iter().zip(&ko) {
            assert_eq!(placeholders(en), placeholders(ko), "{key}: {en} / {ko}");
        }
        assert!(!placeholders(EN.play.repetition_warning).is_empty());
    }
}
