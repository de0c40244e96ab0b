//! The player's display preferences: language, piece set, board theme and
//! sound, kept in `localStorage` as one line (`lang=ko;pieces=traditional`).
//! Reading never fails: what is missing or unreadable keeps its default.
//!
//! Plain Rust, tested natively; `web::storage` reads and writes the line.

use crate::protocol::Lang;

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceSet {
    /// Round tiles with the SAN letter (red when promoted).
    #[default]
    International,
    /// Shogi-style pentagon tiles with the Chinese character, pointing at
    /// the opponent (red when promoted).
    Traditional,
    /// Chess figures: the usual six, and for each fairy piece a figure of
    /// what it combines (red and ringed when promoted).
    Figurine,
}

/// The board's colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    #[default]
    Wood,
    Slate,
}

macro_rules! ids {
    ($t:ty { $($v:ident = $id:literal),+ $(,)? }) => {
        impl $t {
            pub const ALL: &'static [$t] = &[$(<$t>::$v),+];

            pub const fn id(self) -> &'static str {
                match self { $(<$t>::$v => $id),+ }
            }

            pub fn parse(s: &str) -> Option<$t> {
                match s.trim() { $($id => Some(<$t>::$v),)+ _ => None }
            }
        }
    };
}

ids!(PieceSet { International = "international", Traditional = "traditional", Figurine = "figurine" });
ids!(Theme { Wood = "wood", Slate = "slate" });

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prefs {
    /// Chosen by the player; `None`: the browser's language.
    pub lang: Option<Lang>,
    pub pieces: PieceSet,
    pub theme: Theme,
    pub sound: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            lang: None,
            pieces: PieceSet::default(),
            theme: Theme::default(),
            sound: true,
        }
    }
}

impl Prefs {
    /// Reads `key=value` pairs separated by `;`; unknown keys and values
    /// are skipped.
    pub fn parse(line: &str) -> Prefs {
        let mut p = Prefs::default();
        for (key, value) in line.split(';').filter_map(|kv| kv.split_once('=')) {
            match key.trim() {
                "lang" => p.lang = Lang::parse(value).or(p.lang),
                "pieces" => p.pieces = PieceSet::parse(value).unwrap_or(p.pieces),
                "theme" => p.theme = Theme::parse(value).unwrap_or(p.theme),
                "sound" => {
                    p.sound = match value.trim() {
                        "on" => true,
                        "off" => false,
                        _ => p.sound,
                    }
                }
                _ => {}
            }
        }
        p
    }

    pub fn line(&self) -> String {
        let mut parts = Vec::with_capacity(4);
        if let Some(lang) = self.lang {
            parts.push(format!("lang={}", lang.id()));
        }
        parts.push(format!("pieces={}", self.pieces.id()));
        parts.push(format!("theme={}", self.theme.id()));
        parts.push(format!("sound={}", if self.sound { "on" } else { "off" }));
        parts.join(";")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_round_trip() {
        let p = Prefs {
            lang: Some(Lang::Ko),
            pieces: PieceSet::Traditional,
            theme: Theme::Slate,
            sound: false,
        };
        assert_eq!(p.line(), "lang=ko;pieces=traditional;theme=slate;sound=off");
        assert_eq!(Prefs::parse(&p.line()), p);
        assert_eq!(Prefs::parse(&Prefs::default().line()), Prefs::default());
    }

    #[test]
    fn garbage_keeps_the_defaults() {
        assert_eq!(Prefs::parse(""), Prefs::default());
        assert_eq!(Prefs::parse("\u{0}\u{ffff};;==;"), Prefs::default());
        let p = Prefs::parse("pieces=wooden;theme=slate;sound=maybe;lang=fr;x=1");
        assert_eq!(
            p,
            Prefs {
                theme: Theme::Slate,
                ..Prefs::default()
            }
        );
    }
}
