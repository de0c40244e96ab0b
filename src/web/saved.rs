//! The saved game's text (kept in `localStorage` so that a reload resumes
//! the game): five lines, the variant, the start position as FEN, the moves
//! as UCI strings, who plays each side, and the computer's level, and a sixth
//! with the clock when the game has one (`web::clock::ClockLine`). Reading
//! any text gives the game or says which line is wrong; it never panics.
//!
//! Plain Rust, tested natively; `web::storage` stores the text.

use crate::protocol::{NewGame, Player, Snapshot};
use crate::web::clock::ClockLine;
use crate::web::i18n::{fill, Text};

/// What is wrong with a saved text, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    TooLong(usize),
    Missing(usize),
    TooManyMoves(usize),
    /// Line 4 (players), 5 (level) or 6 (clock) holds this instead.
    Unreadable(usize, String),
}

impl Damage {
    pub fn text(&self, t: &Text) -> String {
        match self {
            Damage::TooLong(n) => fill(t.errors.saved_too_long, &[("bytes", &n.to_string())]),
            Damage::Missing(line) => fill(t.errors.saved_missing, &[("line", &line.to_string())]),
            Damage::TooManyMoves(n) => fill(
                t.errors.saved_too_many_moves,
                &[("count", &n.to_string()), ("max", &MAX_MOVES.to_string())],
            ),
            Damage::Unreadable(line, value) => fill(
                t.errors.saved_unreadable,
                &[("line", &line.to_string()), ("value", value)],
            ),
        }
    }
}

/// Longest saved game read (a 2,000-move game is about 12 KB).
const MAX_LEN: usize = 64 * 1024;
/// Most moves read back.
const MAX_MOVES: usize = 2000;

/// A game read back: what the worker is to set up, and the page's clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub game: NewGame,
    pub clock: Option<ClockLine>,
}

pub fn write(snap: &Snapshot, clock: Option<&ClockLine>) -> String {
    let mut text = format!(
        "{}\n{}\n{}\n{},{}\n{}",
        snap.variant,
        snap.start_fen,
        snap.uci.join(" "),
        snap.players[0].id(),
        snap.players[1].id(),
        snap.level
    );
    if let Some(clock) = clock {
        text += &format!("\n{clock}");
    }
    text
}

/// The game in a saved text (the worker still checks the position and the
/// moves, and refuses a game that cannot be played).
pub fn read(text: &str) -> Result<Saved, Damage> {
    if text.len() > MAX_LEN {
        return Err(Damage::TooLong(text.len()));
    }
    let mut lines = text.lines();
    let mut line = |n: usize| lines.next().ok_or(Damage::Missing(n));
    let variant = line(1)?.trim().to_string();
    let fen = line(2)?.trim().to_string();
    let moves: Vec<String> = line(3)?.split_whitespace().map(str::to_string).collect();
    if moves.len() > MAX_MOVES {
        return Err(Damage::TooManyMoves(moves.len()));
    }
    let players_line = line(4)?;
    let mut players = players_line.split(',').map(Player::parse);
    let players = match (
        players.next().flatten(),
        players.next().flatten(),
        players.next(),
    ) {
        (Some(w), Some(b), None) => [w, b],
        _ => return Err(Damage::Unreadable(4, players_line.into())),
    };
    let level_line = line(5)?;
    let level = level_line
        .trim()
        .parse::<u8>()
        .map_err(|_| Damage::Unreadable(5, level_line.into()))?;
    let clock = match lines.next().filter(|l| !l.trim().is_empty()) {
        None => None,
        Some(line) => Some(ClockLine::parse(line).ok_or(Damage::Unreadable(6, line.into()))?),
    };
    Ok(Saved {
        game: NewGame {
            id: 0,
            variant,
            fen: Some(fen),
            moves,
            players,
            level,
            from_link: false,
            clock: None,
        },
        clock,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Lang;
    use crate::protocol::Request;
    use crate::web::i18n::Texts;
    use crate::worker::testing::Ask;
    use crate::worker::Session;
    use proptest::prelude::*;

    #[test]
    fn a_saved_game_reads_back_as_the_same_game() {
        let mut s = Session::new();
        s.ask(Request::NewGame(NewGame {
            variant: "pandemonium".into(),
            moves: vec!["e4e5".into(), "e6e5".into()],
            level: 5,
            ..NewGame::default()
        }))
        .unwrap();
        let snap = s.snapshot();
        let text = write(&snap, None);
        let saved = read(&text).unwrap();
        assert_eq!(saved.clock, None);
        let mut again = Session::new();
        again.ask(Request::NewGame(saved.game)).unwrap();
        assert_eq!(again.snapshot(), snap);
    }

    #[test]
    fn a_clock_is_saved_on_a_sixth_line() {
        let line = ClockLine::parse("clock 2 1+0b30x3 50000 61000 w 1763900000000 3 2").unwrap();
        let text = write(&Session::new().snapshot(), Some(&line));
        assert!(
            text.ends_with("\n3\nclock 2 1+0b30x3 50000 61000 w 1763900000000 3 2"),
            "{text}"
        );
        assert_eq!(read(&text).unwrap().clock, Some(line));
        assert_eq!(
            read(&(text.clone() + "x")).unwrap_err(),
            Damage::Unreadable(
                6,
                "clock 2 1+0b30x3 50000 61000 w 1763900000000 3 2x".into()
            )
        );
    }

    #[test]
    fn damage_is_named_by_line() {
        let good = "mansindam\nrnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1\ne3e4\nhuman,computer\n3";
        assert!(read(good).is_ok());
        let en = Lang::En.text();
        let cases = [
            ("", "line 1 is missing"),
            ("mansindam\nfen\ne3e4", "line 4 is missing"),
            ("mansindam\nfen\n\nhuman", "line 4 cannot be read: “human”"),
            (
                "mansindam\nfen\n\nhuman,robot",
                "line 4 cannot be read: “human,robot”",
            ),
            (
                "mansindam\nfen\n\nhuman,human,human\n3",
                "line 4 cannot be read: “human,human,human”",
            ),
            (
                "mansindam\nfen\n\nhuman,human\nthree",
                "line 5 cannot be read: “three”",
            ),
            (
                "mansindam\nfen\n\nhuman,human\n3\nclock 1 2",
                "line 6 cannot be read: “clock 1 2”",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(read(text).unwrap_err().text(en), message, "{text:?}");
        }
        let long = read(&"x".repeat(MAX_LEN + 1)).unwrap_err();
        assert_eq!(long, Damage::TooLong(MAX_LEN + 1));
        // The limits themselves are read: MAX_MOVES moves, MAX_LEN bytes
        // (the text made that long by a sixth line of spaces, which is no
        // clock).
        let moves = vec!["e3e4"; MAX_MOVES].join(" ");
        let text = format!("mansindam\nfen\n{moves}\nhuman,human\n3\n");
        let padded = format!("{text}{}", " ".repeat(MAX_LEN - text.len()));
        let saved = read(&padded).unwrap();
        assert_eq!((saved.game.moves.len(), saved.clock), (MAX_MOVES, None));
        let more = format!("mansindam\nfen\n{moves} e3e4\nhuman,human\n3");
        assert_eq!(
            read(&more).unwrap_err(),
            Damage::TooManyMoves(MAX_MOVES + 1)
        );
        assert_eq!(
            Damage::Unreadable(5, "three".into()).text(Lang::Ko.text()),
            "5행을 읽을 수 없습니다: “three”"
        );
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,300}") {
            let _ = read(&text);
        }

        #[test]
        fn any_line_shaped_text_is_read_or_refused(lines in proptest::collection::vec("[a-z0-9, /\\[\\]+-]{0,40}", 0..7)) {
            let _ = read(&lines.join("\n"));
        }
    }
}
