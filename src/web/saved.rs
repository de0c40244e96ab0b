//! The saved game's text (kept in `localStorage` so that a reload resumes
//! the game): five lines, the variant, the start position as FEN, the moves
//! as UCI strings, who plays each side, and the computer's level. Reading
//! any text gives the game or says which line is wrong; it never panics.
//!
//! Plain Rust, tested natively; `web::storage` stores the text.

use crate::protocol::{NewGame, Player, Snapshot};

/// Longest saved game read (a 2,000-move game is about 12 KB).
const MAX_LEN: usize = 64 * 1024;
/// Most moves read back.
const MAX_MOVES: usize = 2000;

pub fn write(snap: &Snapshot) -> String {
    format!(
        "{}\n{}\n{}\n{},{}\n{}",
        snap.variant,
        snap.start_fen,
        snap.uci.join(" "),
        snap.players[0].id(),
        snap.players[1].id(),
        snap.level
    )
}

/// The game in a saved text (the worker still checks the position and the
/// moves, and refuses a game that cannot be played).
pub fn read(text: &str) -> Result<NewGame, String> {
    if text.len() > MAX_LEN {
        return Err(format!(
            "{} bytes, more than a saved game holds",
            text.len()
        ));
    }
    let mut lines = text.lines();
    let mut line = |n: usize, what: &str| {
        lines
            .next()
            .ok_or_else(|| format!("line {n} ({what}) is missing"))
    };
    let variant = line(1, "the game")?.trim().to_string();
    let fen = line(2, "the start position")?.trim().to_string();
    let moves: Vec<String> = line(3, "the moves")?
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if moves.len() > MAX_MOVES {
        return Err(format!(
            "line 3 holds {} moves, more than {MAX_MOVES}",
            moves.len()
        ));
    }
    let players_line = line(4, "the players")?;
    let mut players = players_line.split(',').map(Player::parse);
    let players = match (
        players.next().flatten(),
        players.next().flatten(),
        players.next(),
    ) {
        (Some(w), Some(b), None) => [w, b],
        _ => return Err(format!("line 4 is not two players: {players_line:?}")),
    };
    let level_line = line(5, "the level")?;
    let level = level_line
        .trim()
        .parse::<u8>()
        .map_err(|_| format!("line 5 is not a level: {level_line:?}"))?;
    Ok(NewGame {
        id: 0,
        variant,
        fen: Some(fen),
        moves,
        players,
        level,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Request;
    use crate::web::session::Session;
    use proptest::prelude::*;

    #[test]
    fn a_saved_game_reads_back_as_the_same_game() {
        let mut s = Session::new();
        s.handle(Request::NewGame(NewGame {
            variant: "pandemonium".into(),
            moves: vec!["e4e5".into(), "e6e5".into()],
            level: 5,
            ..NewGame::default()
        }))
        .unwrap();
        let snap = s.snapshot();
        let text = write(&snap);
        let game = read(&text).unwrap();
        let mut again = Session::new();
        again.handle(Request::NewGame(game)).unwrap();
        assert_eq!(again.snapshot(), snap);
    }

    #[test]
    fn damage_is_named_by_line() {
        let good = "mansindam\nrnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1\ne3e4\nhuman,computer\n3";
        assert!(read(good).is_ok());
        let cases = [
            ("", "line 1 (the game) is missing"),
            ("mansindam\nfen\ne3e4", "line 4 (the players) is missing"),
            (
                "mansindam\nfen\n\nhuman",
                "line 4 is not two players: \"human\"",
            ),
            (
                "mansindam\nfen\n\nhuman,robot",
                "line 4 is not two players: \"human,robot\"",
            ),
            (
                "mansindam\nfen\n\nhuman,human,human\n3",
                "line 4 is not two players: \"human,human,human\"",
            ),
            (
                "mansindam\nfen\n\nhuman,human\nthree",
                "line 5 is not a level: \"three\"",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(read(text).unwrap_err(), message, "{text:?}");
        }
        assert!(read(&"x".repeat(MAX_LEN + 1))
            .unwrap_err()
            .contains("more than"));
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
