//! The UCI front end shared by `src/bin/uci.rs` and its tests: the commands
//! Fairy-Stockfish uses, so the same scripts drive both engines.

use crate::engine::{Game, Position, Variant};

/// The engine's side of a UCI conversation.
pub struct Session {
    variant: Variant,
    game: Game,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

/// What the front end should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Session {
    pub fn new() -> Session {
        Session {
            variant: Variant::Mansindam,
            game: Game::new(Variant::Mansindam),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Handles one command line, writing replies through `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn FnMut(String)) -> Flow {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Flow::Continue;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                out(format!("id name Pantheon {}", env!("CARGO_PKG_VERSION")));
                out("id author the Pantheon developers".into());
                out("option name UCI_Variant type combo default mansindam var mansindam var pandemonium".into());
                out("uciok".into());
            }
            "isready" => out("readyok".into()),
            "ucinewgame" => self.game = Game::new(self.variant),
            "setoption" => self.setoption(&rest, out),
            "position" => self.position(&rest, out),
            "go" => self.go(&rest, out),
            "d" => out(format!("Fen: {}", self.game.position().fen())),
            "quit" => return Flow::Quit,
            _ => out(format!("info string unknown command '{}'", clip(command))),
        }
        Flow::Continue
    }

    fn setoption(&mut self, args: &[&str], out: &mut dyn FnMut(String)) {
        // setoption name <id> [value <x>]
        let text = args.join(" ");
        let Some(body) = text.strip_prefix("name ") else {
            return out("info string setoption needs 'name <option> value <value>'".into());
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            match value.parse::<Variant>() {
                Ok(v) => {
                    self.variant = v;
                    self.game = Game::new(v);
                }
                Err(e) => out(format!("info string {e}")),
            }
        } else {
            out(format!("info string unknown option '{}'", clip(name)));
        }
    }

    fn position(&mut self, args: &[&str], out: &mut dyn FnMut(String)) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let fen = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => None,
            Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
            _ => return out(
                "info string position needs 'startpos' or 'fen <FEN>', then optionally 'moves ...'"
                    .into(),
            ),
        };
        // Build the new game aside, so a bad command leaves the old one intact.
        match Game::from_uci_moves(self.variant, fen.as_deref(), moves.iter().copied()) {
            Ok(game) => self.game = game,
            Err(e) => out(format!("info string {e}")),
        }
    }

    fn go(&mut self, args: &[&str], out: &mut dyn FnMut(String)) {
        match args {
            ["perft", n] => match n.parse::<u32>() {
                Ok(depth) if depth >= 1 => self.perft(depth, out),
                _ => out(format!(
                    "info string perft depth must be a whole number from 1, not '{}'",
                    clip(n)
                )),
            },
            _ => out("info string supported: go perft <depth>".into()),
        }
    }

    /// `move: count` per legal move, then the total, as Fairy-Stockfish prints it.
    fn perft(&self, depth: u32, out: &mut dyn FnMut(String)) {
        let mut pos: Position = self.game.position().clone();
        let mut total = 0;
        for &m in &pos.legal_moves() {
            let name = pos.uci(m);
            let undo = pos.make_move(m);
            let n = pos.perft(depth - 1);
            pos.unmake_move(m, undo);
            total += n;
            out(format!("{name}: {n}"));
        }
        out(String::new());
        out(format!("Nodes searched: {total}"));
    }
}

fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(session: &mut Session, line: &str) -> Vec<String> {
        let mut lines = Vec::new();
        session.handle(line, &mut |l| lines.push(l));
        lines
    }

    #[test]
    fn perft_and_display() {
        let mut s = Session::new();
        assert_eq!(
            run(&mut s, "setoption name UCI_Variant value pandemonium"),
            Vec::<String>::new()
        );
        run(&mut s, "position startpos moves e4e5");
        assert_eq!(
            run(&mut s, "d"),
            ["Fen: rnbekebnr/2+a1+u1+f2/p1p1p1p1p/4v4/4V4/9/P1P1P1P1P/2+F1+U1+A2/RNBEKEBNR[] b - - 1 1"]
        );
        // 1716 as counted by pyffish for the same position.
        let lines = run(&mut s, "go perft 2");
        assert_eq!(lines.last().unwrap(), "Nodes searched: 1716");
    }

    #[test]
    fn bad_input_keeps_the_game() {
        let mut s = Session::new();
        run(&mut s, "position startpos moves e3e4");
        let before = s.game().position().fen();
        assert_eq!(
            run(&mut s, "position fen 4k4/9/9 w"),
            ["info string the board has 3 ranks; it needs 9, separated by '/'"]
        );
        assert_eq!(
            run(&mut s, "position startpos moves e3e4 e3e4"),
            ["info string move 2: e3e4 is not a legal move in this position"]
        );
        assert_eq!(
            run(&mut s, "frobnicate"),
            ["info string unknown command 'frobnicate'"]
        );
        assert_eq!(
            run(&mut s, "setoption name UCI_Variant value chess"),
            ["info string unknown variant 'chess' (expected mansindam or pandemonium)"]
        );
        assert_eq!(s.game().position().fen(), before);
        assert_eq!(run(&mut s, "quit"), Vec::<String>::new());
    }
}
