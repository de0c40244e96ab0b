//! Writes the table of strength tests into `lab/sprt.md`, between its marker
//! comments, from the SPRT log `lab/data/sprt/log.txt` (see
//! `pantheon_lab::sprt_table`). `lab/tools/sprt.sh` runs it after each test.
//!
//!     cargo run -p pantheon-lab --bin sprt_table            writes the table
//!     cargo run -p pantheon-lab --bin sprt_table -- --check  fails if it differs
//!
//! The test command checks the same (`cargo test -p pantheon-lab`).

use pantheon_lab::sprt_table::{splice, table};

const LOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/sprt/log.txt");
const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/sprt.md");

fn main() {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => {
            eprintln!("unknown argument {other} (see lab/src/bin/sprt_table.rs)");
            std::process::exit(2);
        }
    };
    let read = |path: &str| {
        std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        })
    };
    let doc = read(DOC);
    let made = splice(&doc, &table(&read(LOG))).unwrap_or_else(|e| {
        eprintln!("{DOC}: {e}");
        std::process::exit(1);
    });
    if made == doc {
        println!("lab/sprt.md: the table is as the log gives it");
    } else if check {
        eprintln!(
            "lab/sprt.md: the table differs from the log's; run cargo run -p pantheon-lab --bin sprt_table"
        );
        std::process::exit(1);
    } else {
        std::fs::write(DOC, made).unwrap_or_else(|e| {
            eprintln!("{DOC}: {e}");
            std::process::exit(1);
        });
        println!("lab/sprt.md: table written from lab/data/sprt/log.txt");
    }
}
