//! A UCI engine for Mansindam and Pandemonium speaking the commands
//! Fairy-Stockfish uses (see `pantheon::uci`).

use std::io::{self, BufRead, Write};

use pantheon::uci::{Flow, Session};

fn main() {
    let mut session = Session::new();
    let stdout = io::stdout();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let mut out = stdout.lock();
        let flow = session.handle(&line, &mut |reply| {
            let _ = writeln!(out, "{reply}");
        });
        let _ = out.flush();
        if flow == Flow::Quit {
            break;
        }
    }
}
