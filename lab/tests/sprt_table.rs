//! The table of `lab/sprt.md` is the one the SPRT log gives: never edited
//! by hand, rewritten by `cargo run -p pantheon-lab --bin sprt_table`.

use pantheon_lab::sprt_table::{splice, table};

#[test]
fn the_sprt_table_is_made_from_the_log() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let log = std::fs::read_to_string(format!("{dir}/data/sprt/log.txt")).expect("the SPRT log");
    let doc = std::fs::read_to_string(format!("{dir}/sprt.md")).expect("lab/sprt.md");
    let made = splice(&doc, &table(&log)).expect("lab/sprt.md has the table's markers");
    assert!(
        made == doc,
        "lab/sprt.md's table differs from what lab/data/sprt/log.txt gives: \
         run `cargo run -p pantheon-lab --bin sprt_table` (never edit the table by hand)"
    );
    // Every test of the log is a row.
    let rows = log.lines().filter(|l| !l.trim().is_empty()).count();
    assert_eq!(table(&log).lines().count(), rows + 2);
}
