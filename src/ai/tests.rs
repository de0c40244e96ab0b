//! Facts about the search: mates, repetitions, campmate, legality, seeds and
//! stopping. No timings are asserted.

use std::cell::Cell;

use super::*;
use crate::engine::{Color, Outcome, Reason, Variant};

fn no_clock() -> f64 {
    0.0
}

fn search(game: &Game, limits: &Limits) -> SearchResult {
    Searcher::new(4).search(game, limits, &no_clock, &mut |_| {})
}

fn game(variant: Variant, fen: &str) -> Game {
    Game::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Whether the side to move mates with `m` (checkmate or campmate).
fn wins_at_once(game: &Game, m: Move) -> bool {
    let mut g = game.clone();
    g.play(m).is_ok()
        && g.outcome()
            .is_some_and(|o| o.winner == game.position().side_to_move())
}

/// Whether the side to move has a forced win in `n` of its moves (brute force).
fn forced_win(game: &Game, n: u32) -> bool {
    game.legal_moves().iter().any(|&m| {
        if wins_at_once(game, m) {
            return true;
        }
        if n <= 1 {
            return false;
        }
        let mut g = game.clone();
        g.play(m).expect("legal");
        !g.is_over()
            && g.legal_moves().iter().all(|&r| {
                let mut h = g.clone();
                h.play(r).expect("legal");
                match h.outcome() {
                    Some(o) => o.winner == game.position().side_to_move(),
                    None => forced_win(&h, n - 1),
                }
            })
    })
}

#[test]
fn plays_a_legal_move_from_both_starts() {
    for v in Variant::ALL {
        let game = Game::new(v);
        let r = search(&game, &Limits::depth(3));
        assert!(game.legal_moves().contains(r.best.unwrap()));
        assert_eq!(r.pv.first(), r.best.as_ref());
        assert_eq!(r.depth, 3);
    }
}

#[test]
fn finds_mate_in_one_in_both_games() {
    // Black's lone King on a9 next to White's King on a7: a Rook dropped on
    // the ninth rank mates.
    for v in Variant::ALL {
        let g = game(v, "k8/9/K8/9/9/9/9/9/9[R] w - - 0 1");
        assert!(forced_win(&g, 1));
        let r = search(&g, &Limits::depth(3));
        assert!(wins_at_once(&g, r.best.unwrap()), "{v}");
        assert_eq!(r.score, Score::Mate(1), "{v}");
    }
}

#[test]
fn finds_mate_in_two_in_both_games() {
    // Two Rooks in hand against a lone King in the corner: a Rook on the b-file
    // first, then a Rook on the a-file.
    for v in Variant::ALL {
        let g = game(v, "k8/9/9/9/9/9/9/9/4K4[RR] w - - 0 1");
        assert!(!forced_win(&g, 1), "{v}: no mate in one here");
        assert!(forced_win(&g, 2), "{v}: mate in two");
        // Depth 10, not 5: the quiet first drop is one of about a hundred,
        // reduced, and below it reverse futility takes the lone King's
        // static evaluation as good enough until the depth grows (found at
        // depth 8 in Mansindam, 9 in Pandemonium, within 20 ms).
        let r = search(&g, &Limits::depth(10));
        assert_eq!(r.score, Score::Mate(2), "{v}");
        // The first move keeps the win: every reply allows a mate.
        let mut after = g.clone();
        after.play(r.best.unwrap()).unwrap();
        for &reply in after.legal_moves().iter() {
            let mut h = after.clone();
            h.play(reply).unwrap();
            assert!(forced_win(&h, 1), "{v}: reply {reply:?}");
        }
    }
}

#[test]
fn a_mated_or_finished_game_has_no_move() {
    let g = game(Variant::Mansindam, "9/9/9/9/9/9/K8/9/4k4[] w - - 0 1");
    assert!(g.is_over());
    let r = search(&g, &Limits::depth(2));
    assert_eq!(r.best, None);
}

#[test]
fn sees_campmate_in_one() {
    // White's King on e8 steps to the ninth rank and wins; no mate is available.
    let g = game(Variant::Mansindam, "9/4K4/9/9/9/9/9/k8/9[] w - - 0 1");
    let r = search(&g, &Limits::depth(2));
    let m = r.best.unwrap();
    let mut after = g.clone();
    after.play(m).unwrap();
    assert_eq!(
        after.outcome(),
        Some(Outcome {
            winner: Color::White,
            reason: Reason::Campmate
        })
    );
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn stops_a_campmate_threat() {
    // Black to move; White's King on e8 threatens to step onto rank 9. Black's
    // Rook can guard the ninth rank (or give check); afterwards White must not
    // be able to campmate at once.
    let g = game(Variant::Mansindam, "9/4K4/9/9/9/9/9/k8/r8[] b - - 0 1");
    let r = search(&g, &Limits::depth(4));
    let mut after = g.clone();
    after.play(r.best.unwrap()).unwrap();
    let campmates = after
        .legal_moves()
        .iter()
        .filter(|&&m| wins_at_once(&after, m))
        .count();
    assert_eq!(campmates, 0, "{:?}", after.position().uci(r.best.unwrap()));
}

/// Knights out and back twice: the next Knight move back would make the start
/// position occur a third time.
const DANCE: &str = "b1d2 b9d8 d2b1 d8b9 b1d2 b9d8 d2b1";

#[test]
fn never_plays_a_pandemonium_move_that_loses_by_repetition() {
    let g = Game::from_uci_moves(Variant::Pandemonium, None, DANCE.split(' ')).unwrap();
    let back = g.position().parse_uci("d8b9").unwrap();
    assert_eq!(
        g.repetition_verdict(back),
        Some(Outcome {
            winner: Color::White,
            reason: Reason::Repetition
        })
    );
    for limits in [Limits::depth(1), Limits::depth(4), level(1), level(3)] {
        let mut limits = limits;
        limits.movetime_ms = None;
        for seed in 0..4 {
            limits.seed = seed;
            let r = search(&g, &limits);
            assert_ne!(r.best, Some(back), "{limits:?}");
        }
    }
}

/// Pandemonium, from `fen` through `moves`: White has checked on every move
/// since the position `back` returns to first occurred; Black's `back` makes
/// it occur a third time, so the perpetual checker loses, and the search
/// plays `back` as a mate in one.
fn ends_whites_perpetual_check(fen: &str, moves: &str, back: &str) {
    let g = Game::from_uci_moves(Variant::Pandemonium, Some(fen), moves.split(' ')).unwrap();
    let back = g.position().parse_uci(back).unwrap();
    assert_eq!(
        g.repetition_verdict(back),
        Some(Outcome {
            winner: Color::Black,
            reason: Reason::PerpetualCheck
        })
    );
    let r = search(&g, &Limits::depth(3));
    assert_eq!(r.best, Some(back));
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn ends_a_perpetual_check_by_repeating() {
    // White's Rook checks on every move; Black's King going back to a9
    // makes the start occur a third time.
    ends_whites_perpetual_check(
        "k8/9/9/9/9/9/9/1R7/4K4[] w - - 0 1",
        "b2a2 a9b8 a2b2 b8a9 b2a2 a9b8 a2b2",
        "b8a9",
    );
}

#[test]
fn counts_a_perpetual_check_from_the_first_occurrence() {
    // White's first Rook move gives no check; from the position after
    // Black's answer (King a8, Rook b2) White checks on every move, and
    // Black's King going back to a8 repeats it a third time: the perpetual
    // checker loses, although its first move was quiet.
    ends_whites_perpetual_check(
        "k8/9/9/9/9/9/9/9/1R2K4[] w - - 0 1",
        "b1b2 a9a8 b2a2 a8b8 a2b2 b8a8 b2a2 a8b8 a2b2",
        "b8a8",
    );
}

#[test]
fn respects_mansindams_illegal_repetition() {
    let g = Game::from_uci_moves(Variant::Mansindam, None, DANCE.split(' ')).unwrap();
    let back = g.position().parse_uci("d8b9").unwrap();
    assert!(g.position().legal_moves().contains(back));
    assert!(!g.legal_moves().contains(back));
    for depth in 1..=4 {
        let r = search(&g, &Limits::depth(depth));
        let best = r.best.unwrap();
        assert_ne!(best, back);
        assert!(g.legal_moves().contains(best));
    }
}

#[test]
fn every_move_of_short_games_is_legal() {
    // Both sides played by the search at low depth; the judge is Game::play.
    for v in Variant::ALL {
        let mut g = Game::new(v);
        let mut s = Searcher::new(4);
        for ply in 0..60 {
            if g.is_over() {
                break;
            }
            let mut limits = level(if ply % 2 == 0 { 2 } else { 3 });
            limits.movetime_ms = None;
            limits.nodes = Some(3_000);
            limits.seed = ply;
            let r = s.search(&g, &limits, &no_clock, &mut |_| {});
            let m = r.best.expect("a move while the game goes on");
            g.play(m)
                .unwrap_or_else(|e| panic!("{v} ply {ply}: {e}, {}", g.position().fen()));
        }
    }
}

#[test]
fn a_seed_makes_every_level_deterministic() {
    let g = Game::from_uci_moves(Variant::Pandemonium, None, "e4e5 e6e5 g3g4".split(' ')).unwrap();
    for n in 1..=LEVELS {
        let mut limits = level(n);
        limits.movetime_ms = None;
        limits.nodes = Some(limits.nodes.unwrap_or(u64::MAX).min(20_000));
        limits.seed = 7;
        let a = search(&g, &limits);
        let b = search(&g, &limits);
        assert_eq!(a.best, b.best, "level {n}");
        assert_eq!(a.nodes, b.nodes, "level {n}");
        assert_eq!(a.score, b.score, "level {n}");
    }
}

#[test]
fn the_lowest_level_varies_with_the_seed() {
    let g = Game::new(Variant::Mansindam);
    let mut limits = level(1);
    limits.movetime_ms = None;
    let moves: std::collections::HashSet<Move> = (0..12)
        .map(|seed| {
            limits.seed = seed;
            search(&g, &limits).best.unwrap()
        })
        .collect();
    assert!(moves.len() > 2, "{moves:?}");
}

#[test]
fn stops_at_the_deadline_and_on_the_flag() {
    // A fake clock that advances one millisecond per reading.
    let t = Cell::new(0.0);
    let clock = || {
        t.set(t.get() + 1.0);
        t.get()
    };
    let g = Game::new(Variant::Pandemonium);
    let mut s = Searcher::new(4);
    let r = s.search(&g, &Limits::movetime(40.0), &clock, &mut |_| {});
    assert!(g.legal_moves().contains(r.best.unwrap()));
    assert!(
        t.get() < 100.0,
        "the search stopped soon after its deadline"
    );

    // A stop requested before the search starts stops it at the first check.
    s.stop_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let r = s.search(&g, &Limits::default(), &no_clock, &mut |_| {});
    assert!(g.legal_moves().contains(r.best.unwrap()));
    assert!(r.nodes < 5_000);
    // The flag is cleared afterwards.
    let r = s.search(&g, &Limits::depth(2), &no_clock, &mut |_| {});
    assert_eq!(r.depth, 2);
}

#[test]
fn reports_the_time_from_its_start() {
    // A clock that reads 1000 ms when the search starts and 1250 ms after.
    let readings = Cell::new(0);
    let clock = || {
        readings.set(readings.get() + 1);
        if readings.get() == 1 {
            1_000.0
        } else {
            1_250.0
        }
    };
    let g = Game::new(Variant::Mansindam);
    let mut times = Vec::new();
    let r = Searcher::new(4).search(&g, &Limits::depth(3), &clock, &mut |i| {
        times.push(i.time_ms)
    });
    assert_eq!(r.time_ms, 250.0);
    assert_eq!(times, [250.0; 3]);
}

#[test]
fn reads_the_clock_once_in_1024_nodes() {
    // Reading the clock costs (a call out of the worker's wasm): the search
    // reads it at its start and end, twice an iteration (eight here), and
    // once in 1024 nodes.
    let readings = Cell::new(0u64);
    let clock = || {
        readings.set(readings.get() + 1);
        0.0
    };
    let g = Game::new(Variant::Pandemonium);
    let r = Searcher::new(4).search(&g, &Limits::depth(8), &clock, &mut |_| {});
    assert!(r.nodes > 10_000, "{}", r.nodes);
    let most = 2 + 2 * 8 + r.nodes / 1024;
    assert!(readings.get() <= most, "{} readings", readings.get());
}

#[test]
fn a_campmate_it_cannot_stop_is_a_mate_against_it() {
    // Black to move and nothing to stop White's King stepping to rank 9: at
    // depth 1 the quiescence search after each Black move sees the campmate.
    let g = game(Variant::Mansindam, "9/4K4/9/9/k8/9/9/9/9[] b - - 0 1");
    let r = search(&g, &Limits::depth(1));
    assert_eq!(r.score, Score::Mate(-1));
}

#[test]
fn the_line_from_the_start_is_as_long_as_the_depth_and_playable() {
    // The analysis board shows the whole line: from either start no search
    // ends it early, so each depth's line has that many moves.
    for v in Variant::ALL {
        for depth in 1..=6 {
            let g = Game::new(v);
            let r = search(&g, &Limits::depth(depth));
            assert_eq!(r.pv.len(), depth as usize, "{v} depth {depth}");
            let mut after = g.clone();
            for &m in &r.pv {
                after.play(m).unwrap();
            }
        }
    }
}

#[test]
fn info_is_reported_for_each_iteration() {
    let g = Game::new(Variant::Mansindam);
    let mut depths = Vec::new();
    Searcher::new(4).search(&g, &Limits::depth(4), &no_clock, &mut |i| {
        depths.push(i.depth)
    });
    assert_eq!(depths, [1, 2, 3, 4]);
}

#[test]
fn multipv_ranks_different_moves_best_first() {
    // Rook drops win at once (mate or stalemate); most other moves do not.
    let g = game(Variant::Mansindam, "k8/9/K8/9/9/9/9/9/9[R] w - - 0 1");
    let wins = g
        .legal_moves()
        .iter()
        .filter(|&&m| wins_at_once(&g, m))
        .count();
    assert!((3..30).contains(&wins), "{wins}");
    let n = wins + 2;
    let limits = Limits {
        multipv: n,
        ..Limits::depth(3)
    };
    let mut seen = Vec::new();
    let r = Searcher::new(4).search(&g, &limits, &no_clock, &mut |i| {
        seen.push((i.depth, i.multipv))
    });
    assert_eq!(r.lines.len(), n);
    assert_eq!(r.lines[0].pv, r.pv);
    assert_eq!(r.lines[0].score, r.score);
    for (i, l) in r.lines.iter().enumerate() {
        let mates = i < wins;
        assert_eq!(l.score == Score::Mate(1), mates, "line {i}: {l:?}");
        assert_eq!(wins_at_once(&g, l.pv[0]), mates, "line {i}: {l:?}");
    }
    assert!(r
        .lines
        .windows(2)
        .all(|w| w[0].score.as_cp() >= w[1].score.as_cp()));
    let mut firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
    firsts.sort_by_key(|m| format!("{m:?}"));
    firsts.dedup();
    assert_eq!(firsts.len(), n);
    // Each iteration reports every line, in order.
    let expected: Vec<(u32, u32)> = (1..=3)
        .flat_map(|d| (1..=n as u32).map(move |k| (d, k)))
        .collect();
    assert_eq!(seen, expected);
}

#[test]
fn multipv_beyond_the_legal_moves_ranks_them_all() {
    let g = Game::new(Variant::Pandemonium);
    let legal = g.legal_moves().len();
    let limits = Limits {
        multipv: 1000,
        ..Limits::depth(2)
    };
    let r = search(&g, &limits);
    assert_eq!(r.lines.len(), legal);
    let mut firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
    firsts.sort_by_key(|m| format!("{m:?}"));
    firsts.dedup();
    assert_eq!(firsts.len(), legal);
    // One line: the first line is the search's answer.
    let one = search(&g, &Limits::depth(2));
    assert_eq!(
        one.lines,
        [Line {
            score: one.score,
            pv: one.pv.clone()
        }]
    );
}

#[test]
fn scores_print_for_people_and_uci() {
    assert_eq!(Score::Cp(125).to_string(), "+1.25");
    assert_eq!(Score::Cp(-40).to_string(), "-0.40");
    assert_eq!(Score::Cp(0).to_string(), "+0.00");
    assert_eq!(Score::Cp(-5).to_string(), "-0.05");
    assert_eq!(Score::Cp(1234).to_string(), "+12.34");
    assert_eq!(Score::Mate(3).to_string(), "#3");
    assert_eq!(Score::Mate(-2).uci(), "mate -2");
    // For sorting and charts: a mate is ±100000 less its distance, so a
    // nearer mate ranks higher and a later loss less low.
    assert_eq!(Score::Mate(3).as_cp(), 99_997);
    assert_eq!(Score::Mate(1).as_cp(), 99_999);
    assert_eq!(Score::Mate(-2).as_cp(), -99_998);
    assert_eq!(Score::Mate(-1).as_cp(), -99_999);
    // A finished game's last position, lost by the side to move.
    assert_eq!(Score::Mate(0).as_cp(), -100_000);
    assert_eq!(Score::Cp(-5000).as_cp(), -5000);
}

#[test]
fn clock_limits_share_the_time_left() {
    // 35 moves to go by default, 50 ms kept back: 35,000 usable, a 35th of
    // it and three quarters of the increment to aim at (1,750), at most
    // three times that before the hard stop.
    let l = Limits::from_clock(35_050.0, 1_000.0, None);
    assert_eq!((l.soft_ms, l.movetime_ms), (Some(1_750.0), Some(5_250.0)));
    // Moves to go, when known, share the time instead.
    let l = Limits::from_clock(10_050.0, 0.0, Some(10));
    assert_eq!((l.soft_ms, l.movetime_ms), (Some(1_000.0), Some(3_000.0)));
    // Almost out of time: a fifth of it is usable, never more than 40 % of
    // that aimed at, nor 60 % spent.
    let l = Limits::from_clock(50.0, 0.0, Some(1));
    assert_eq!((l.soft_ms, l.movetime_ms), (Some(4.0), Some(6.0)));
    // Nothing left: the floors, 2 ms aimed at and 5 ms at most.
    let l = Limits::from_clock(0.0, 0.0, None);
    assert_eq!((l.soft_ms, l.movetime_ms), (Some(2.0), Some(5.0)));
}

/// The table of levels in docs/ai.md: each level's depth, node limit, time
/// guard and noise; out-of-range levels are the nearest one.
#[test]
fn levels_are_the_documented_table() {
    let table = [
        (1, Some(1), None, 1_000.0, 250),
        (2, Some(2), None, 1_000.0, 90),
        (3, Some(3), Some(50_000), 1_500.0, 30),
        (4, None, Some(60_000), 2_000.0, 0),
        (5, None, Some(300_000), 3_000.0, 0),
        (6, None, Some(1_500_000), 4_000.0, 0),
    ];
    for (n, depth, nodes, guard, noise) in table {
        let l = level(n);
        assert_eq!(
            (l.depth, l.nodes, l.movetime_ms, l.noise_cp),
            (depth, nodes, Some(guard), noise),
            "level {n}"
        );
    }
    assert_eq!(level(0).noise_cp, 250);
    assert_eq!(level(7).nodes, Some(1_500_000));
}

#[test]
fn byoyomi_limits_stay_inside_one_period() {
    // In byoyomi: most of a period, never all of it.
    let l = Limits::from_byoyomi_clock(0.0, 0.0, 10_000.0);
    assert_eq!((l.soft_ms, l.movetime_ms), (Some(4_850.0), Some(8_730.0)));
    let l = Limits::from_byoyomi_clock(0.0, 0.0, 1_000.0);
    assert_eq!(l.movetime_ms, Some(630.0));
    // With main time left: its share, then into the first period at most.
    let main = Limits::from_clock(60_000.0, 0.0, None);
    let l = Limits::from_byoyomi_clock(60_000.0, 0.0, 10_000.0);
    assert_eq!(l.movetime_ms, Some(main.movetime_ms.unwrap() + 8_730.0));
    assert!(l.movetime_ms.unwrap() < 60_000.0 + 10_000.0);
    // No byoyomi: the plain clock.
    let l = Limits::from_byoyomi_clock(60_000.0, 1_000.0, 0.0);
    assert_eq!(
        l.movetime_ms,
        Limits::from_clock(60_000.0, 1_000.0, None).movetime_ms
    );
}

/// The positions of `games` random games of `variant` (each move drawn by
/// `rng` among the legal ones), every position before a move, up to `plies`
/// moves a game: test material for rules of the search.
pub(super) fn random_game_positions(
    variant: Variant,
    rng: &mut super::rng::Rng,
    games: usize,
    plies: usize,
) -> Vec<Game> {
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut game = Game::new(variant);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.is_over() {
                break;
            }
            positions.push(game.clone());
            let m = moves[rng.below(moves.len() as u64) as usize];
            game.play(m).expect("legal");
        }
    }
    positions
}

/// The search prunes quiet moves without making them, so it must know
/// beforehand which of them give check: in random games of both variants,
/// for every quiet move, the foresight agrees with the position after it.
#[test]
fn a_quiet_check_is_foreseen_before_the_move_is_made() {
    use super::rng::Rng;
    use super::search::quiet_gives_check;
    let mut rng = Rng::new(11);
    let (mut checks, mut discovered) = (0, 0);
    for variant in Variant::ALL {
        for game in random_game_positions(variant, &mut rng, 40, 60) {
            let pos = game.position();
            for &m in game.legal_moves().iter() {
                if m.promotes() || (!m.is_drop() && pos.piece_at(m.to()).is_some()) {
                    continue;
                }
                let mut after = pos.clone();
                after.make_move(m);
                let foreseen = quiet_gives_check(pos, m);
                assert_eq!(foreseen, after.in_check(), "{} {}", pos.fen(), pos.uci(m));
                if foreseen {
                    checks += 1;
                    let piece = after.piece_at(m.to()).expect("moved");
                    let direct = after
                        .attacks_from(piece.kind, piece.color, m.to(), after.occupied())
                        .has(after.king(piece.color.flip()));
                    discovered += usize::from(!direct);
                }
            }
        }
    }
    assert!(
        checks > 1000 && discovered > 20,
        "{checks} checks, {discovered} discovered"
    );
}
