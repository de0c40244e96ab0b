//! The evaluation's tests: its terms one by one, its tables and weights.

use super::tables::flank;
use super::terms::campmate_squares;
use super::*;
use crate::engine::{Bitboard, Color, Square};

#[test]
fn start_positions_are_balanced() {
    for v in Variant::ALL {
        let pos = Position::start(v);
        let mut black = pos.clone();
        black.pass();
        // Only the tempo bonus separates the sides, when the King of the
        // side that just moved counts no more danger than the other's.
        let even = Tables::build(
            v,
            &Weights {
                danger_waiting: 0,
                ..Weights::of(v)
            },
        );
        let tempo = Weights::of(v).tempo;
        assert_eq!(evaluate_with(&pos, &even), tempo, "{v}");
        assert_eq!(evaluate_with(&black, &even), tempo, "{v}");
        // Either side to move has the same advantage.
        assert_eq!(evaluate(&pos), evaluate(&black), "{v}");
    }
}

/// What the king-danger terms cost the side to move in `fen` (their
/// evaluation with the terms less without them).
fn danger_cost(v: Variant, fen: &str) -> i32 {
    let pos = Position::from_fen(v, fen).unwrap();
    let w = Taper::of(v).at(pos.pieces_in_hand());
    let calm = Weights {
        attack_base: 0,
        attack_per_1000: 0,
        check_base: 0,
        check_per_1000: 0,
        hand_threat: 0,
        hand_cross: 0,
        weak: 0,
        ..w
    };
    evaluate_with(&pos, &Tables::build(v, &calm)) - evaluate_with(&pos, &Tables::build(v, &w))
}

#[test]
fn a_bare_king_against_pieces_in_hand_is_in_danger() {
    for v in Variant::ALL {
        assert_eq!(danger_cost(v, v.start_fen()), 0, "{v}");
        // The same pieces, once on the board far away, once in Black's hand.
        let far = danger_cost(v, "rr2k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
        let in_hand = danger_cost(v, "4k4/9/9/9/9/9/9/9/4K4[rr] w - - 0 1");
        assert!(in_hand >= 100 + far, "{v}: {in_hand} vs {far}");
        // A piece next to the King that checks it, defended: worse still.
        let close = danger_cost(v, "4k4/9/9/9/9/9/9/4r4/4K4[r] w - - 0 1");
        assert!(close > far, "{v}: {close} vs {far}");
    }
}

/// The same King in the same danger costs `danger_waiting` percent more
/// when its side has just moved (the attacker is to move) than when its
/// side is to move.
#[test]
fn a_king_in_danger_costs_more_when_the_attacker_is_to_move() {
    for v in Variant::ALL {
        let cost = |fen: &str, waiting: i32| {
            let pos = Position::from_fen(v, fen).unwrap();
            // (No shelter: Black's lone King would count itself.)
            let w = Weights {
                danger_waiting: waiting,
                shelter: 0,
                ..Weights::of(v)
            };
            let calm = Weights { danger_cap: 0, ..w };
            let e = |w: &Weights| evaluate_with(&pos, &Tables::build(v, w));
            // For White, whoever is to move.
            let sign = if pos.side_to_move() == Color::White {
                1
            } else {
                -1
            };
            sign * (e(&calm) - e(&w))
        };
        // A Rook beside the King, another in hand.
        let (white, black) = (
            "4k4/9/9/9/9/9/9/3r5/4K4[r] w - - 0 1",
            "4k4/9/9/9/9/9/9/3r5/4K4[r] b - - 0 1",
        );
        let moving = cost(white, 150);
        assert!(moving > 0, "{v}: {moving}");
        assert_eq!(cost(black, 150), moving * 250 / 100, "{v}");
        assert_eq!(cost(black, 0), moving, "{v}");
        assert_eq!(cost(white, 0), moving, "{v}");
    }
}

/// A Black Bishop that nothing defends, attacked by a White Rook, and a
/// Black Rook defended by a Pawn, attacked by a White Knight: one
/// hanging piece and one threat while Black is to move; none when White
/// is (they are White's captures then).
#[test]
fn threats_count_hanging_pieces_and_attacks_by_lesser_pieces() {
    let v = Variant::Mansindam;
    let quiet = Weights {
        hanging: 0,
        threat: 0,
        ..Weights::of(v)
    };
    let weighed = Weights {
        hanging: 7,
        threat: 3,
        ..quiet
    };
    let board = "4k4/1p7/1r7/7b1/2N6/9/9/9/4K2R1[]";
    let black = format!("{board} b - - 0 1");
    let white = format!("{board} w - - 0 1");
    assert_eq!(gain(v, &black, &weighed, &quiet), -(7 + 3));
    assert_eq!(gain(v, &white, &weighed, &quiet), 0);
}

/// The gain in `fen`'s evaluation from weights `on` over weights `off`.
fn gain(v: Variant, fen: &str, on: &Weights, off: &Weights) -> i32 {
    let pos = Position::from_fen(v, fen).unwrap();
    evaluate_with(&pos, &Tables::build(v, on)) - evaluate_with(&pos, &Tables::build(v, off))
}

#[test]
fn a_kings_flank_is_its_file_and_the_two_beside_on_its_five_ranks() {
    let sq = |name: &str| Square::all().find(|s| s.to_string() == name).unwrap();
    let names = |b: Bitboard| b.into_iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let a1 = flank(Color::White, sq("a1"));
    assert_eq!(a1.count(), 15);
    assert!(names(a1)
        .iter()
        .all(|n| "abc".contains(&n[..1]) && "12345".contains(&n[1..])));
    let e9 = flank(Color::Black, sq("e9"));
    assert_eq!(e9, flank(Color::Black, sq("e5")));
    assert!(names(e9)
        .iter()
        .all(|n| "def".contains(&n[..1]) && "56789".contains(&n[1..])));
    assert_eq!(flank(Color::White, sq("i3")), flank(Color::White, sq("h1")));
}

/// A Black Rook on d9 attacks d1-d5 on White's flank (files d-f, ranks
/// 1-5) and d5-d8 and e9 (its own King) on Black's.
#[test]
fn flank_squares_count_for_the_attacker_and_the_defender() {
    let v = Variant::Mansindam;
    let off = Weights {
        flank_attack: 0,
        flank_defense: 0,
        ..Weights::of(v)
    };
    let on = Weights {
        flank_attack: 3,
        flank_defense: 2,
        ..off
    };
    let fen = "3rk4/9/9/9/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(gain(v, fen, &on, &off), -(5 * 3) - 5 * 2);
}

/// A White Knight on a5 touches neither King's neighbours; it stands
/// four steps from each King: 4 × 4 quarters of the weight.
#[test]
fn a_piece_far_from_both_kings_costs_its_distances_product() {
    let v = Variant::Mansindam;
    let off = Weights {
        proximity: 0,
        ..Weights::of(v)
    };
    let on = Weights {
        proximity: 8,
        ..off
    };
    assert_eq!(
        gain(v, "4k4/9/9/9/N8/9/9/9/4K4[] w - - 0 1", &on, &off),
        -4 * 4 * 8 / 4
    );
    // Next to the enemy King it is exempt.
    assert_eq!(gain(v, "4k4/9/2N6/9/9/9/9/9/4K4[] w - - 0 1", &on, &off), 0);
}

/// A White Knight on c5 stands four steps from its King on e1 and
/// three from Black's on f8; a White Rook on a1, four and seven. Each
/// adds its class's weights for those distances (only those: every
/// other distance weighs 1000).
#[test]
fn a_piece_weighs_its_distances_to_both_kings() {
    let v = Variant::Mansindam;
    let off = Weights {
        near_own: [0; 9],
        near_enemy: [0; 9],
        slider_own: [0; 9],
        slider_enemy: [0; 9],
        ..Weights::of(v)
    };
    let at = |d: usize, weight: i32| {
        let mut table = [1000; 9];
        table[d] = weight;
        table
    };
    let on = Weights {
        near_own: at(4, 5),
        near_enemy: at(3, 7),
        slider_own: at(4, 11),
        slider_enemy: at(7, 13),
        ..off
    };
    let knight = "9/5k3/9/9/2N6/9/9/9/4K4[] w - - 0 1";
    assert_eq!(gain(v, knight, &on, &off), 5 + 7);
    let rook = "9/5k3/9/9/9/9/9/9/R3K4[] w - - 0 1";
    assert_eq!(gain(v, rook, &on, &off), 11 + 13);
    // The White Knight's position mirrored, for Black.
    let black = "4k4/9/9/9/2n6/9/9/5K3/9[] b - - 0 1";
    assert_eq!(gain(v, black, &on, &off), 5 + 7);
}

#[test]
fn weights_can_be_overridden_by_name_and_game() {
    let spec = "value.R=640,mansindam.weak=9,pandemonium.weak=1,full.value.R=500,\
                no.such=3,tempo=x";
    for v in Variant::ALL {
        let mut w = Taper::of(v);
        let before = w.clone();
        w.set_all(v, spec);
        let rook = v
            .rules()
            .kinds
            .iter()
            .position(|k| k.letter == 'R')
            .unwrap();
        assert_eq!(w.empty.value[rook], 640);
        assert_eq!(w.full.value[rook], 500);
        assert_eq!(w.empty.weak, if v == Variant::Mansindam { 9 } else { 1 });
        assert_eq!(w.empty.tempo, before.empty.tempo);
        let changed = before
            .clone()
            .fields(v)
            .into_iter()
            .zip(w.fields(v))
            .filter(|((_, a), (_, b))| a != b)
            .count();
        assert_eq!(changed, 3, "{v}");
    }
}

#[test]
fn the_weights_blend_by_pieces_in_hand() {
    let v = Variant::Mansindam;
    let mut t = Taper::of(v);
    t.set_all(v, "weak=10,full.weak=20,tempo=-3,full.tempo=-6");
    let at = |n| t.at(n);
    assert_eq!((at(0).weak, at(0).tempo), (10, -3));
    assert_eq!(
        (at(4).weak, at(4).tempo),
        (15, -5),
        "-4.5 rounds away from 0"
    );
    assert_eq!((at(6).weak, at(6).tempo), (18, -5));
    assert_eq!(at(FULL_HANDS), t.full);
    assert_eq!(at(FULL_HANDS + 5), t.full);
    // A position is weighed by the tables of its pieces in both hands.
    t.set_all(v, "value.R=600,full.value.R=700");
    let rook = v.rules().kinds.iter().position(|k| k.letter == 'R');
    let tables = TaperedTables::build(v, &t);
    let rook_with = |hand: &str| {
        let fen = format!("4k4/9/9/9/9/9/9/9/4K4[{hand}] w - - 0 1");
        let pos = Position::from_fen(v, &fen).unwrap();
        tables.at(&pos).value[rook.unwrap()]
    };
    assert_eq!(rook_with(""), 600);
    assert_eq!(rook_with("PPpp"), 650);
    assert_eq!(rook_with("PPPPPpppppp"), 700);
}

#[test]
fn every_piece_in_hand_counts_for_its_owner() {
    for v in Variant::ALL {
        let bare = Position::from_fen(v, "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
        for k in v.rules().hand_kinds() {
            let letter = v.rules().kind(k).letter;
            let fen = format!("4k4/9/9/9/9/9/9/9/4K4[{letter}] w - - 0 1");
            let held = Position::from_fen(v, &fen).unwrap();
            assert!(evaluate(&held) > evaluate(&bare), "{v}: {letter}");
        }
    }
}

/// White's King on e8, in check from Black's Rook on e3: it could step
/// to d9 or f9, but not to e9, which the Rook sees once the King has
/// left e8. Mansindam alone has campmate.
#[test]
fn campmate_squares_are_free_far_squares_out_of_the_enemys_reach() {
    let free = |fen: &str| -> Vec<String> {
        let pos = Position::from_fen(Variant::Mansindam, fen).unwrap();
        campmate_squares(&pos, Color::White)
            .into_iter()
            .map(|s| s.to_string())
            .collect()
    };
    let fen = "9/4K4/9/9/9/9/4r4/9/k8[] w - - 0 1";
    assert_eq!(free(fen), ["d9", "f9"]);
    assert!(can_campmate(
        &Position::from_fen(Variant::Mansindam, fen).unwrap()
    ));
    assert!(!can_campmate(
        &Position::from_fen(Variant::Pandemonium, fen).unwrap()
    ));
    // A far square held by our own piece is no step; the enemy's is.
    assert_eq!(free("3Bn4/4K4/9/9/9/9/9/9/k8[] w - - 0 1"), ["e9", "f9"]);
}

/// The trace is the evaluation: in positions of random games of both
/// games (pieces in hand, checks, threats), its terms add up to what
/// the search adds, and each term has been seen at work.
#[test]
fn the_traces_terms_add_up_to_the_evaluation() {
    use crate::ai::tests::random_game_positions;
    use crate::ai::Rng;
    for v in Variant::ALL {
        let mut seen = [false; Term::ALL.len()];
        let games = random_game_positions(v, &mut Rng::new(23), 12, 160);
        for game in &games {
            let pos = game.position();
            let trace = trace(pos);
            assert_eq!(trace.total(), evaluate(pos), "{v} {}", pos.fen());
            for (i, &term) in Term::ALL.iter().enumerate() {
                seen[i] |= trace.net(term) != 0;
            }
        }
        // (A campmate threat is rare in random play: below.)
        for (term, seen) in Term::ALL.iter().zip(seen) {
            assert!(
                seen || *term == Term::Campmate,
                "{v}: {term:?} never counted"
            );
        }
    }
    // White's King on e8 may step to d9 or f9 (Mansindam alone).
    let fen = "9/4K4/9/9/9/9/4r4/9/k8[] w - - 0 1";
    for v in Variant::ALL {
        let pos = Position::from_fen(v, fen).unwrap();
        let trace = trace(&pos);
        assert_eq!(trace.total(), evaluate(&pos), "{v}");
        let campmate = trace.get(Term::Campmate, Color::White);
        assert_eq!(campmate > 0, v == Variant::Mansindam, "{v}: {campmate}");
    }
}

/// The `eval` command's lines for one Pandemonium position from the
/// tactics check (Black to move, both hands full): each term for White,
/// Black and net for the side to move, the total, and the part the
/// search counts. (A change of the weights changes these numbers.)
#[test]
fn a_trace_prints_each_term_on_a_line() {
    let fen = "N5b1r/9/+N1p1p3p/5v3/9/1k2+B1P+a1/P+u2PV1KP/9/1+u3EBN1[PPNBRFFEprreea] b - - 1 39";
    let pos = Position::from_fen(Variant::Pandemonium, fen).unwrap();
    let text = crate::ai::trace(&pos, &crate::ai::Features::default()).to_string();
    let expected = "\
Term           White   Black     Net
Material        2242    3759    1517
Squares         1049    1026     -23
Hand            2016    1881    -135
Mobility         534     151    -383
Distance          32     -16     -48
Far pieces      -157    -381    -224
Threats           96       0     -96
Flank            168    -105    -273
King danger    -1537    -615     922
Campmate           0       0       0
Tempo              0      12      12
Total (Black to move)           1269
Search (12/16 of it)             951";
    assert_eq!(text, expected);
}
