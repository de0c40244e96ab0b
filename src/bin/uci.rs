//! A UCI engine for Mansindam and Pandemonium speaking the commands
//! Fairy-Stockfish uses (see `pantheon::uci`). Searches run on a thread, so
//! `stop`, `isready` and `quit` are answered while the engine thinks.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use pantheon::uci::{Flow, Uci};

fn main() {
    let mut session = Uci::with_output(Arc::new(|line: String| {
        let mut out = io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }));
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        // Replies are printed after the command: `stop` waits for the search
        // thread, which needs stdout for its `bestmove`.
        let mut replies = Vec::new();
        let flow = session.handle(&line, &mut |reply| replies.push(reply));
        let mut out = io::stdout().lock();
        for reply in replies {
            let _ = writeln!(out, "{reply}");
        }
        let _ = out.flush();
        drop(out);
        if flow == Flow::Quit {
            return;
        }
    }
    // End of input: let a running search finish and print its move.
    while session.searching() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
