//! Differential check against Fairy-Stockfish: replays the random games that
//! `tools/differential.py` recorded with pyffish and compares, at every ply,
//! the legal move set, the FEN, the SAN of the move played and the game-end
//! verdict. Ignored by default (it needs the recorded games):
//!
//!     tools/differential.py --games 20 && cargo test --test differential -- --ignored
//!
//! Allowed differences (the header of tests/data/variants.ini): in Mansindam a
//! move that would make a third occurrence is illegal here but listed by
//! Fairy-Stockfish; and when both sides give perpetual check Fairy-Stockfish
//! calls a draw where our rules have the repeating player lose. Each use of
//! one is counted and printed.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

use pantheon::engine::{Color, Game, PlayError, Position, Reason, Variant};

fn uci_set(game: &Game) -> BTreeSet<String> {
    game.legal_moves()
        .iter()
        .map(|&m| game.position().uci(m))
        .collect()
}

/// What one recorded file held, all of it agreeing.
#[derive(Default)]
struct Tally {
    positions: usize,
    games: usize,
    /// How the games that ended before the ply limit ended (our reasons).
    endings: BTreeMap<&'static str, usize>,
    /// Positions where Fairy-Stockfish listed moves that would make a third
    /// occurrence (Mansindam forbids them), and its draws for repetitions
    /// with checks from both sides.
    repeating_moves_listed: usize,
    /// Games in which Fairy-Stockfish played such a move (and ended the game
    /// one move later than we would, with the same winner).
    repetitions_played: usize,
    draws: usize,
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ended: usize = self.endings.values().sum();
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect();
        write!(
            f,
            "{} positions agree ({} games: {}, {} at the ply limit; allowed differences: \
             {} positions listing a forbidden repetition, {} such moves played, {} draws)",
            self.positions,
            self.games,
            endings.join(", "),
            self.games - ended,
            self.repeating_moves_listed,
            self.repetitions_played,
            self.draws
        )
    }
}

impl Tally {
    /// The same, as one word for tests/data/differential/runs.txt:
    /// `checkmate=90,campmate=2,limit=125,listed=84,draws=0`.
    fn word(&self) -> String {
        let ended: usize = self.endings.values().sum();
        let mut parts: Vec<String> = self
            .endings
            .iter()
            .map(|(r, n)| format!("{}={n}", r.replace(' ', "-")))
            .collect();
        parts.push(format!("limit={}", self.games - ended));
        parts.push(format!("listed={}", self.repeating_moves_listed));
        parts.push(format!("draws={}", self.draws));
        parts.join(",")
    }
}

/// Fairy-Stockfish's kind of ending (`tools/differential.py`) for ours.
fn kind(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate | Reason::Stalemate => "mate",
        Reason::Campmate | Reason::Repetition | Reason::PerpetualCheck => "rule",
        Reason::Resignation | Reason::Time => "declared",
    }
}

/// Whether our engine refuses `uci` as a third occurrence (Mansindam).
fn forbidden(game: &Game, uci: &str) -> bool {
    let m = game
        .position()
        .parse_uci(uci)
        .expect("legal without history");
    matches!(game.clone().play(m), Err(PlayError::IllegalRepetition(_)))
}

/// A situation as the repetition rules see it: board, hands, side to move.
fn situation(position: &Position) -> String {
    let fen = position.fen();
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// Compares one recorded file.
fn compare(variant: Variant) -> Tally {
    // DIFFERENTIAL_DIR: another folder (relative to the repository) than
    // target/differential, for tools/differential-run.sh.
    let dir = std::env::var("DIFFERENTIAL_DIR").unwrap_or_else(|_| "target/differential".into());
    let path = format!("{}/{dir}/{}.tsv", env!("CARGO_MANIFEST_DIR"), variant.id());
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}; run tools/differential.py first"));
    let mut tally = Tally::default();
    let mut game: Option<Game> = None;
    // The situations of the game so far, counted here (not by the engine).
    let mut seen: HashMap<String, usize> = HashMap::new();
    // When Fairy-Stockfish goes one move further than we do (see below): the
    // winner its verdict must name at the next position.
    let mut next_winner: Option<Color> = None;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{path}:{}", n + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[0] == "G" {
            game = Some(Game::new(variant));
            tally.games += 1;
            seen.clear();
            next_winner = None;
            continue;
        }
        let [_, fen, legal, mv, san, end] = fields[..] else {
            panic!("{at}: bad line")
        };
        tally.positions += 1;
        if let Some(winner) = next_winner.take() {
            // The same winner, one move later: the allowed difference.
            let winner = if winner == Color::White { "w" } else { "b" };
            assert_eq!(
                end,
                format!("{winner}:rule"),
                "{at}: after a third occurrence"
            );
            assert_eq!(mv, "-", "{at}: the game goes on after a third occurrence");
            continue;
        }
        let game = game.as_mut().expect("a G line first");
        let theirs = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(game.position().fen(), theirs.fen(), "{at}: FEN");
        *seen.entry(situation(game.position())).or_default() += 1;
        let repeats = |uci: &String| {
            let mut after = game.position().clone();
            after.make_move(game.position().parse_uci(uci).expect("legal"));
            seen.get(&situation(&after)).copied().unwrap_or(0) >= 2
        };

        let fsf: BTreeSet<String> = legal.split_whitespace().map(String::from).collect();
        match (end, game.outcome()) {
            ("-", Some(outcome)) => {
                // Mansindam: every move left would make a third occurrence,
                // so here the player has none and has lost; Fairy-Stockfish
                // plays one, and the player loses by repetition next.
                assert!(
                    variant == Variant::Mansindam
                        && matches!(outcome.reason, Reason::Checkmate | Reason::Stalemate)
                        && !fsf.is_empty()
                        && fsf.iter().all(repeats),
                    "{at}: we ended a game that goes on ({outcome})"
                );
                *tally
                    .endings
                    .entry("left only repeating moves")
                    .or_default() += 1;
                next_winner = Some(outcome.winner);
                continue;
            }
            ("-", None) => {
                let ours = uci_set(game);
                if ours != fsf {
                    // Only Mansindam's illegal third occurrence may differ.
                    let only_fsf: Vec<&String> = fsf.difference(&ours).collect();
                    let only_ours: Vec<&String> = ours.difference(&fsf).collect();
                    let allowed = variant == Variant::Mansindam
                        && only_fsf.iter().all(|&s| repeats(s) && forbidden(game, s));
                    assert!(
                        only_ours.is_empty() && allowed,
                        "{at}: only ours {only_ours:?}, only Fairy-Stockfish {only_fsf:?}"
                    );
                    tally.repeating_moves_listed += 1;
                }
            }
            (verdict, outcome) => {
                let outcome = outcome
                    .unwrap_or_else(|| panic!("{at}: Fairy-Stockfish ended the game: {verdict}"));
                let (winner, how) = verdict.split_once(':').expect("winner:kind");
                if winner == "d" {
                    // Fairy-Stockfish's draw for checks from both sides.
                    assert_eq!(outcome.reason, Reason::Repetition, "{at}: draw ({outcome})");
                    tally.draws += 1;
                } else {
                    let ours = if outcome.winner == Color::White {
                        "w"
                    } else {
                        "b"
                    };
                    assert_eq!(ours, winner, "{at}: winner ({outcome})");
                }
                assert_eq!(kind(outcome.reason), how, "{at}: how it ended ({outcome})");
                // No legal move on either side. (After an ending by a rule
                // Fairy-Stockfish still lists the position's moves.)
                if how == "mate" {
                    assert!(fsf.is_empty(), "{at}: Fairy-Stockfish has moves");
                }
                *tally.endings.entry(outcome.reason.as_str()).or_default() += 1;
            }
        }
        if mv != "-" {
            let m = game
                .position()
                .parse_uci(mv)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(game.position().san(m), san, "{at}: SAN of {mv}");
            assert_eq!(game.position().parse_san(san), Ok(m), "{at}: reading {san}");
            if repeats(&mv.to_string()) && forbidden(game, mv) {
                *tally.endings.entry("forbidden repetition").or_default() += 1;
                tally.repetitions_played += 1;
                next_winner = Some(game.position().side_to_move().flip());
                continue;
            }
            game.play(m).unwrap_or_else(|e| panic!("{at}: {e}"));
        }
    }
    tally
}

#[test]
#[ignore = "needs the games recorded by tools/differential.py"]
fn mansindam_matches_fairy_stockfish() {
    let tally = compare(Variant::Mansindam);
    println!("mansindam: {tally}");
    println!("mansindam endings: {}", tally.word());
    assert!(tally.positions > 0);
}

#[test]
#[ignore = "needs the games recorded by tools/differential.py"]
fn pandemonium_matches_fairy_stockfish() {
    let tally = compare(Variant::Pandemonium);
    println!("pandemonium: {tally}");
    println!("pandemonium endings: {}", tally.word());
    assert!(tally.positions > 0);
}
