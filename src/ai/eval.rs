//! Static evaluation, in centipawns from the side to move's point of view.
//!
//! Terms: material on the board and in hand (a piece in hand is worth more than
//! on the board: it can go anywhere), promotion (through the promoted kinds'
//! values), piece-square terms per variant, mobility, King safety
//! (attacked squares around the King, enemy pieces in hand that could be
//! dropped there, own guards, attacks on the King's flank), each piece's
//! distance to either King, pieces far from both Kings, threats, and in
//! Mansindam the campmate threat of a King near the far rank.

use std::sync::OnceLock;

use crate::engine::{atom, Bitboard, Color, Kind, Position, Rules, Square, Variant, MAX_KINDS};

/// Every number the evaluation weighs, for one variant. The defaults are in
/// `weights.rs`; `lab/src/bin/tune.rs` fits them to games (Texel's method) and
/// writes that file. Natively, `PANTHEON_EVAL="name=value,..."` overrides any
/// of them by its [`Weights::fields`] name, for an experiment without a rebuild.
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Weights {
    /// Board value of each kind (the variant's kind order), centipawns.
    pub value: [i32; MAX_KINDS],
    /// A piece in hand is worth its board value plus this percent of it...
    pub hand_percent: i32,
    /// ...plus this, and this again once per kind held (the first of a kind
    /// adds the most choice).
    pub hand_piece: i32,
    pub hand_kind: i32,
    /// ...plus this, by kind (`hand.P`): what the percent and the flat
    /// terms miss of a kind's worth in hand.
    pub hand_value: [i32; MAX_KINDS],
    /// Per square a slider (a Rook or Bishop line) attacks, not own-occupied,
    /// and per square another piece (not the King) attacks, not own-occupied.
    pub mobility: i32,
    pub mobility_short: i32,
    /// ...plus this per attacked square, by kind (`mobility.N`).
    pub mobility_kind: [i32; MAX_KINDS],
    /// Pawn by rank from its own side (0 = own back rank), and on files c-g.
    pub pawn_rank: [i32; 9],
    pub pawn_centre: i32,
    /// King by rank from its own side, and per file away from the centre (up to 2).
    pub king_rank: [i32; 9],
    pub king_file: i32,
    /// Short-range pieces per step towards the centre and per rank forward
    /// (up to the 7th); sliders per step towards the centre.
    pub short_centre: i32,
    pub short_forward: i32,
    pub slider_centre: i32,
    /// King danger: each enemy piece that hits squares next to the King adds
    /// `attack_base + value·attack_per_1000/1000` per square hit, the sum
    /// grown by the number of such attackers; each safe check (a square an
    /// enemy piece could check from, safe from our pieces, reached by one on
    /// the board or open to a drop from hand) adds `check_base +
    /// value·check_per_1000/1000`; each kind in the enemy hand adds
    /// `hand_threat·(1 + value/250)`; each square next to the King attacked by
    /// the enemy and defended by nothing but the King adds `weak`; each own
    /// piece next to the King takes `shelter` off; `hand_cross` per enemy
    /// piece hitting those squares times each kind in the enemy hand (up to
    /// four of each: a drop joins an attack already there). The penalty is
    /// `danger²/danger_divisor`, at most `danger_cap`, and `danger_waiting`
    /// percent more for the King of the side that just moved (the attacker
    /// moves next: in a drop game an attack with the move is often a mate).
    pub attack_base: i32,
    pub attack_per_1000: i32,
    pub check_base: i32,
    pub check_per_1000: i32,
    pub hand_threat: i32,
    pub hand_cross: i32,
    pub weak: i32,
    pub shelter: i32,
    pub danger_divisor: i32,
    pub danger_cap: i32,
    pub danger_waiting: i32,
    /// Threats of the side that just moved: per piece of the side to move
    /// (not the King) it attacks that nothing defends (`hanging`), or that
    /// is defended but attacked by a piece worth less (`threat`). (The side
    /// to move's own threats are its captures, which the search tries.)
    pub hanging: i32,
    pub threat: i32,
    /// The King's flank (its file and the files beside it, on its own five
    /// ranks): per square of it the enemy attacks, once more per square it
    /// attacks twice (`flank_attack`), and per square we attack
    /// (`flank_defense`).
    pub flank_attack: i32,
    pub flank_defense: i32,
    /// Per piece (not the King) that attacks no square next to either King:
    /// its distance to its own King times its distance to the enemy King,
    /// times this, in quarters of a centipawn (a piece far from both Kings
    /// does little in a drop game).
    pub proximity: i32,
    /// By a piece's distance to its own King and to the enemy King (the
    /// larger of the file and rank differences, 1..8; index 0 is unused),
    /// for short-range pieces (Pawns too: `near_own.N`, `near_enemy.N`) and
    /// for sliders (`slider_own.N`, `slider_enemy.N`): in a drop game a
    /// piece's worth depends most on the Kings it guards and attacks.
    pub near_own: [i32; 9],
    pub near_enemy: [i32; 9],
    pub slider_own: [i32; 9],
    pub slider_enemy: [i32; 9],
    /// Mansindam: a King with free squares on its far rank (a campmate threat).
    pub campmate_base: i32,
    pub campmate_square: i32,
    /// For the side to move.
    pub tempo: i32,
}

/// Pieces in both hands together from which a position is weighed by the
/// full-hands weights alone.
pub const FULL_HANDS: usize = 8;

/// A variant's weights for empty hands and for full hands ([`FULL_HANDS`]
/// pieces or more in both hands together); a position with fewer pieces in
/// hand is weighed by a blend of the two in proportion. With full hands a
/// game is decided by drops, and the same piece, square or King shelter is
/// worth something else than before the first capture.
#[derive(Clone, Debug, PartialEq)]
pub struct Taper {
    pub empty: Weights,
    pub full: Weights,
}

impl Taper {
    /// The defaults for `variant` (`weights.rs`), with any native override.
    pub fn of(variant: Variant) -> Taper {
        #[allow(unused_mut)]
        let mut w = super::weights::defaults(variant);
        #[cfg(not(target_arch = "wasm32"))]
        if let Ok(spec) = std::env::var("PANTHEON_EVAL") {
            w.set_all(variant, &spec);
        }
        w
    }

    /// The weights for `in_hand` pieces in both hands: each the blend of its
    /// two values, rounded to the nearest.
    pub fn at(&self, in_hand: usize) -> Weights {
        let p = in_hand.min(FULL_HANDS) as i32;
        let n = FULL_HANDS as i32;
        let mut out = self.empty;
        let full: &[i32] = bytemuck::cast_slice(std::slice::from_ref(&self.full));
        let blended: &mut [i32] = bytemuck::cast_slice_mut(std::slice::from_mut(&mut out));
        for (v, f) in blended.iter_mut().zip(full) {
            let sum = *v * (n - p) + f * p;
            *v = (sum + sum.signum() * n / 2) / n;
        }
        out
    }

    /// Every weight with its name: the empty-hands ones as
    /// [`Weights::fields`] names them, the full-hands ones with `full.`
    /// before it (`full.value.Q`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn fields(&mut self, variant: Variant) -> Vec<(String, &mut i32)> {
        let mut out = self.empty.fields(variant);
        out.extend(
            self.full
                .fields(variant)
                .into_iter()
                .map(|(n, v)| (format!("full.{n}"), v)),
        );
        out
    }

    /// Applies `name=value,...` overrides; a name may start with a game's id
    /// (`mansindam.value.A=950`) to apply to that game only. Unknown names
    /// and unreadable values are skipped.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn set_all(&mut self, variant: Variant, spec: &str) {
        for item in spec.split(',') {
            let Some((name, value)) = item.split_once('=') else {
                continue;
            };
            let Ok(value) = value.trim().parse::<i32>() else {
                continue;
            };
            let mut name = name.trim();
            if let Some(other) = Variant::ALL.iter().find(|v| **v != variant) {
                if name.starts_with(&format!("{}.", other.id())) {
                    continue;
                }
            }
            if let Some(rest) = name.strip_prefix(&format!("{}.", variant.id())) {
                name = rest;
            }
            for (n, v) in self.fields(variant) {
                if n == name {
                    *v = value;
                }
            }
        }
    }
}

impl Weights {
    /// The empty-hands defaults for `variant`, with any native override (the
    /// tests' starting point; the engine weighs by [`Taper`]).
    #[cfg(test)]
    pub fn of(variant: Variant) -> Weights {
        Taper::of(variant).empty
    }

    /// Every weight with its name (`value.Q`, `king_rank.3`, `weak`), for the
    /// tuner and for overrides (native tools only: the page never tunes).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn fields(&mut self, variant: Variant) -> Vec<(String, &mut i32)> {
        let rules = variant.rules();
        // `name.N` for each kind of a table but the King.
        fn by_kind<'a>(
            out: &mut Vec<(String, &'a mut i32)>,
            name: &str,
            table: &'a mut [i32; MAX_KINDS],
            rules: &Rules,
        ) {
            for (v, k) in table.iter_mut().zip(&rules.kinds) {
                if !k.royal {
                    out.push((format!("{name}.{}", k.letter), v));
                }
            }
        }
        let mut out: Vec<(String, &mut i32)> = Vec::new();
        by_kind(&mut out, "value", &mut self.value, rules);
        for (i, v) in self
            .hand_value
            .iter_mut()
            .enumerate()
            .take(rules.hand_kinds)
        {
            out.push((format!("hand.{}", rules.kinds[i].letter), v));
        }
        by_kind(&mut out, "mobility", &mut self.mobility_kind, rules);
        for (i, v) in self.pawn_rank.iter_mut().enumerate() {
            out.push((format!("pawn_rank.{i}"), v));
        }
        for (i, v) in self.king_rank.iter_mut().enumerate() {
            out.push((format!("king_rank.{i}"), v));
        }
        for (name, table) in [
            ("near_own", &mut self.near_own),
            ("near_enemy", &mut self.near_enemy),
            ("slider_own", &mut self.slider_own),
            ("slider_enemy", &mut self.slider_enemy),
        ] {
            for (d, v) in table.iter_mut().enumerate().skip(1) {
                out.push((format!("{name}.{d}"), v));
            }
        }
        let Weights {
            hand_percent,
            hand_piece,
            hand_kind,
            mobility,
            pawn_centre,
            king_file,
            short_centre,
            short_forward,
            slider_centre,
            attack_base,
            attack_per_1000,
            check_base,
            check_per_1000,
            hand_threat,
            hand_cross,
            weak,
            shelter,
            danger_divisor,
            danger_cap,
            danger_waiting,
            hanging,
            threat,
            mobility_short,
            flank_attack,
            flank_defense,
            proximity,
            campmate_base,
            campmate_square,
            tempo,
            ..
        } = self;
        out.extend(
            [
                ("hand_percent", hand_percent),
                ("hand_piece", hand_piece),
                ("hand_kind", hand_kind),
                ("mobility", mobility),
                ("pawn_centre", pawn_centre),
                ("king_file", king_file),
                ("short_centre", short_centre),
                ("short_forward", short_forward),
                ("slider_centre", slider_centre),
                ("attack_base", attack_base),
                ("attack_per_1000", attack_per_1000),
                ("check_base", check_base),
                ("check_per_1000", check_per_1000),
                ("hand_threat", hand_threat),
                ("hand_cross", hand_cross),
                ("weak", weak),
                ("shelter", shelter),
                ("danger_divisor", danger_divisor),
                ("danger_cap", danger_cap),
                ("danger_waiting", danger_waiting),
                ("hanging", hanging),
                ("threat", threat),
                ("mobility_short", mobility_short),
                ("flank_attack", flank_attack),
                ("flank_defense", flank_defense),
                ("proximity", proximity),
                ("campmate_base", campmate_base),
                ("campmate_square", campmate_square),
                ("tempo", tempo),
            ]
            .map(|(n, v)| (n.to_string(), v)),
        );
        out
    }
}

const SEE_FLOOR: i32 = 100;
const SEE_KING: i32 = 30_000;

/// The evaluation's tables for one variant, built from its weights.
pub struct Tables {
    /// Board value by kind.
    pub value: [i32; MAX_KINDS],
    /// Value of one piece of a hand kind in hand.
    pub hand: [i32; MAX_KINDS],
    /// What capturing a piece of each kind swings, for exchanges
    /// ([`super::see`]): its board value and the value it has in the captor's
    /// hand, each at least `SEE_FLOOR` (the fitted Pawn values are small or
    /// negative: its worth is in its square terms). The King's is larger
    /// than any exchange.
    pub see: [i32; MAX_KINDS],
    /// Piece-square bonus by kind and square, from White's side.
    pst: [[i16; 81]; MAX_KINDS],
    /// Per attacked square.
    mobility: [i32; MAX_KINDS],
    /// Weight of an attack on a square next to the enemy King.
    king_attack: [i32; MAX_KINDS],
    /// Weight of a hand kind as a drop threat near the enemy King.
    drop_threat: [i32; MAX_KINDS],
    /// Weight of a safe check by a kind (from the board or by a drop).
    check_weight: [i32; MAX_KINDS],
    slider: [bool; MAX_KINDS],
    hand_kind: i32,
    hand_cross: i32,
    weak: i32,
    shelter: i32,
    danger_divisor: i32,
    danger_cap: i32,
    danger_waiting: i32,
    hanging: i32,
    threat: i32,
    flank_attack: i32,
    flank_defense: i32,
    proximity: i32,
    /// By slider (1) or not (0), own King (0) or enemy King (1), distance.
    near: [[[i32; 9]; 2]; 2],
    /// The King's flank by colour and King square.
    flank: [[Bitboard; 81]; 2],
    campmate: Option<(i32, i32)>,
    tempo: i32,
}

impl Tables {
    pub fn build(variant: Variant, w: &Weights) -> Tables {
        let rules = variant.rules();
        let mut t = Tables {
            value: [0; MAX_KINDS],
            hand: [0; MAX_KINDS],
            see: [0; MAX_KINDS],
            pst: [[0; 81]; MAX_KINDS],
            mobility: [0; MAX_KINDS],
            king_attack: [0; MAX_KINDS],
            drop_threat: [0; MAX_KINDS],
            check_weight: [0; MAX_KINDS],
            slider: [false; MAX_KINDS],
            hand_kind: w.hand_kind,
            hand_cross: w.hand_cross,
            weak: w.weak,
            shelter: w.shelter,
            danger_divisor: w.danger_divisor.max(1),
            danger_cap: w.danger_cap,
            danger_waiting: w.danger_waiting,
            hanging: w.hanging,
            threat: w.threat,
            flank_attack: w.flank_attack,
            flank_defense: w.flank_defense,
            proximity: w.proximity,
            near: [[w.near_own, w.near_enemy], [w.slider_own, w.slider_enemy]],
            flank: [[Bitboard::EMPTY; 81]; 2],
            campmate: rules
                .campmate
                .then_some((w.campmate_base, w.campmate_square)),
            tempo: w.tempo,
        };
        for c in Color::BOTH {
            for k in Square::all() {
                t.flank[c.index()][k.index()] = flank(c, k);
            }
        }
        for (i, k) in rules.kinds.iter().enumerate() {
            let v = if k.royal { 0 } else { w.value[i] };
            t.value[i] = v;
            t.slider[i] = k.atoms & (1 << atom::ROOK | 1 << atom::BISHOP) != 0;
            t.mobility[i] = match (t.slider[i], k.royal) {
                (true, _) => w.mobility,
                (false, false) => w.mobility_short,
                (false, true) => 0,
            } + w.mobility_kind[i];
            if !k.royal {
                t.king_attack[i] = w.attack_base + v * w.attack_per_1000 / 1000;
                t.check_weight[i] = w.check_base + v * w.check_per_1000 / 1000;
            }
            if i < rules.hand_kinds {
                t.hand[i] = v + v * w.hand_percent / 100 + w.hand_piece + w.hand_value[i];
                t.drop_threat[i] = w.hand_threat * (250 + v) / 250;
            }
            for sq in Square::all() {
                t.pst[i][sq.index()] = pst(w, rules, Kind(i as u8), sq) as i16;
            }
        }
        for (i, k) in rules.kinds.iter().enumerate() {
            t.see[i] = if k.royal {
                SEE_KING
            } else {
                t.value[i].max(SEE_FLOOR) + t.hand[k.base.index()].max(SEE_FLOOR)
            };
        }
        t
    }
}

/// The flank of a King of `color` on `k`: its file and the two beside it
/// (the three nearest to the edge when it stands on one), on the five
/// ranks nearest to `color`'s side.
fn flank(color: Color, k: Square) -> Bitboard {
    let middle = k.file().clamp(1, 7);
    let files = Bitboard::file(middle - 1) | Bitboard::file(middle) | Bitboard::file(middle + 1);
    let mut camp = Bitboard::EMPTY;
    for r in 0..5 {
        camp |= Bitboard::rank(match color {
            Color::White => r,
            Color::Black => 8 - r,
        });
    }
    files & camp
}

fn pst(w: &Weights, rules: &Rules, kind: Kind, sq: Square) -> i32 {
    let info = rules.kind(kind);
    let r = sq.rank() as usize; // White's point of view: 0 = own back rank
    let f = sq.file() as i32;
    let centre = 4 - (f - 4).abs().max((r as i32 - 4).abs()); // 0..4
    if info.royal {
        return w.king_rank[r] - w.king_file * (f - 4).abs().min(2);
    }
    if kind == rules.pawn {
        return w.pawn_rank[r]
            + if (2..=6).contains(&f) {
                w.pawn_centre
            } else {
                0
            };
    }
    if info.atoms & (1 << atom::ROOK | 1 << atom::BISHOP) != 0 {
        w.slider_centre * centre
    } else {
        w.short_centre * centre + w.short_forward * r.min(6) as i32
    }
}

/// A variant's tables for each count of pieces in both hands, up to
/// [`FULL_HANDS`] ([`Taper::at`]).
pub struct TaperedTables {
    by_hand: Vec<Tables>,
}

impl TaperedTables {
    /// Built once per game and process (`#[cold]` keeps it out of the
    /// search's hot code: inlined, it cost the native search 15 % of its
    /// speed by moving the hot loops).
    #[cold]
    pub fn build(variant: Variant, taper: &Taper) -> TaperedTables {
        TaperedTables {
            by_hand: (0..=FULL_HANDS)
                .map(|n| Tables::build(variant, &taper.at(n)))
                .collect(),
        }
    }

    /// The tables that weigh `pos`.
    #[inline]
    pub fn at(&self, pos: &Position) -> &Tables {
        &self.by_hand[pos.pieces_in_hand().min(FULL_HANDS)]
    }
}

static MANSINDAM: OnceLock<TaperedTables> = OnceLock::new();
static PANDEMONIUM: OnceLock<TaperedTables> = OnceLock::new();

pub(crate) fn tables(variant: Variant) -> &'static TaperedTables {
    let build = || TaperedTables::build(variant, &Taper::of(variant));
    match variant {
        Variant::Mansindam => MANSINDAM.get_or_init(build),
        Variant::Pandemonium => PANDEMONIUM.get_or_init(build),
    }
}

#[inline]
fn relative(sq: Square, c: Color) -> usize {
    match c {
        Color::White => sq.index(),
        Color::Black => (8 - sq.rank() as usize) * 9 + sq.file() as usize,
    }
}

/// Whether the side to move can campmate at once: a legal King move onto its
/// far rank (Mansindam).
pub(crate) fn can_campmate(pos: &Position) -> bool {
    let rules = pos.rules();
    if !rules.campmate {
        return false;
    }
    let us = pos.side_to_move();
    campmate_squares(pos, us).any()
}

/// Far-rank squares `color`'s King could step to now, unattacked.
fn campmate_squares(pos: &Position, color: Color) -> Bitboard {
    let rules = pos.rules();
    let ksq = pos.king(color);
    let far = Bitboard::rank(color.far_rank());
    let steps =
        pos.attacks_from(rules.king, color, ksq, pos.occupied()) & far & !pos.pieces_of(color);
    if steps.is_empty() {
        return steps;
    }
    let occ = pos.occupied() ^ ksq.bb();
    let mut ok = Bitboard::EMPTY;
    for to in steps {
        if pos.attackers_to(to, color.flip(), occ).is_empty() {
            ok |= to.bb();
        }
    }
    ok
}

/// The evaluation of `pos` for the side to move.
#[cfg(test)]
pub(crate) fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, tables(pos.variant()).at(pos))
}

/// The evaluation of `pos` for the side to move, with the given tables.
pub fn evaluate_with(pos: &Position, t: &Tables) -> i32 {
    let rules = pos.rules();
    let occ = pos.occupied();
    let mut score = [0i32; 2];
    // King zones (King square and its neighbours) and attack tallies on them.
    let zone = [Color::White, Color::Black].map(|c| {
        let k = pos.king(c);
        pos.attacks_from(rules.king, c, k, Bitboard::EMPTY) | k.bb()
    });
    let mut attack_units = [0i32; 2]; // against colour c's King
    let mut attackers = [0i32; 2];
    // Squares each side attacks with pieces other than its King, and by kind.
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut attacked2 = [Bitboard::EMPTY; 2];
    let mut reach = [[Bitboard::EMPTY; MAX_KINDS]; 2];

    for c in Color::BOTH {
        let ci = c.index();
        let own = pos.pieces_of(c);
        let enemy_zone = zone[c.flip().index()];
        let mut s = 0;
        for sq in own {
            let Some(p) = pos.piece_at(sq) else { continue };
            let k = p.kind.index();
            s += t.value[k] + t.pst[k][relative(sq, c)] as i32;
            if rules.kind(p.kind).royal {
                continue;
            }
            let att = pos.attacks_from(p.kind, c, sq, occ);
            s += t.mobility[k] * (att & !own).count() as i32;
            // King steps from `sq` to `king`.
            let d = |king: Square| {
                let df = (i32::from(king.file()) - i32::from(sq.file())).abs();
                let dr = (i32::from(king.rank()) - i32::from(sq.rank())).abs();
                df.max(dr)
            };
            let (d_own, d_enemy) = (d(pos.king(c)), d(pos.king(c.flip())));
            let near = &t.near[usize::from(t.slider[k])];
            s += near[0][d_own as usize] + near[1][d_enemy as usize];
            let hits = att & enemy_zone;
            if hits.any() {
                attack_units[c.flip().index()] += t.king_attack[k] * hits.count() as i32;
                attackers[c.flip().index()] += 1;
            } else if t.proximity != 0 && (att & zone[ci]).is_empty() {
                s -= t.proximity * d_own * d_enemy / 4;
            }
            attacked2[ci] |= attacked[ci] & att;
            attacked[ci] |= att;
            reach[ci][k] |= att;
        }
        for kind in rules.hand_kinds() {
            let n = pos.hand(c, kind) as i32;
            if n > 0 {
                s += t.hand[kind.index()] * n + t.hand_kind;
            }
        }
        score[ci] = s;
    }

    // Threats of the side that just moved to the side to move's pieces.
    let us = pos.side_to_move();
    if t.hanging != 0 || t.threat != 0 {
        let (ui, ti) = (us.index(), us.flip().index());
        let targets = pos.pieces_of(us) & attacked[ti] & !pos.king(us).bb();
        let hanging = targets & !attacked[ui];
        let mut threats = 0;
        for sq in targets & attacked[ui] {
            let Some(p) = pos.piece_at(sq) else { continue };
            let v = t.value[p.kind.index()];
            threats +=
                i32::from((0..rules.kinds.len()).any(|k| t.value[k] < v && reach[ti][k].has(sq)));
        }
        score[ti] += t.hanging * hanging.count() as i32 + t.threat * threats;
    }

    for c in Color::BOTH {
        let ci = c.index();
        let them = c.flip();
        let ti = them.index();
        let ksq = pos.king(c);
        let z = zone[ci];
        // Squares where an enemy piece is safe from our pieces (our King
        // alone defends only the squares it touches when unsupported).
        let safe = !attacked[ci] & !pos.pieces_of(them) & !(z & !attacked[ti]);
        // Safe checks: a square from which a piece of the kind would attack the
        // King (the kind's own moves from the King's square, as all kinds are
        // left-right symmetric and each side's moves mirror the other's),
        // reached by an enemy piece of that kind or open to a drop.
        let mut checks = 0;
        let rays = pos.slider_rays(ksq, occ);
        for (i, info) in rules.kinds.iter().enumerate() {
            if info.royal {
                continue;
            }
            let board = reach[ti][i];
            let in_hand = i < rules.hand_kinds && pos.hand(them, Kind(i as u8)) > 0;
            if board.is_empty() && !in_hand {
                continue;
            }
            let from = pos.attacks_with_rays(Kind(i as u8), c, ksq, rays) & safe;
            if from.is_empty() {
                continue;
            }
            let weight = t.check_weight[i];
            checks += weight * (from & board).count() as i32;
            if in_hand {
                checks += weight * (from & !occ).count() as i32;
            }
        }
        // Weak squares: next to the King, attacked by the enemy, defended by
        // no piece of ours but the King.
        let weak = (z & attacked[ti] & !attacked[ci]).count() as i32;
        let mut hand_units = 0;
        let mut hand_kinds = 0;
        for kind in rules.hand_kinds() {
            if pos.hand(them, kind) > 0 {
                hand_units += t.drop_threat[kind.index()];
                hand_kinds += 1;
            }
        }
        let shelter = (z & pos.pieces_of(c)).count() as i32;
        let fl = t.flank[ci][ksq.index()];
        score[ci] += t.flank_defense * (fl & attacked[ci]).count() as i32
            - t.flank_attack * ((fl & attacked[ti]).count() + (fl & attacked2[ti]).count()) as i32;
        let danger = attack_units[ci] * (1 + attackers[ci].min(4)) / 2
            + hand_units
            + t.hand_cross * attackers[ci].min(4) * hand_kinds.min(4)
            + t.weak * weak
            + checks
            - t.shelter * shelter;
        if danger > 0 {
            let penalty = (danger * danger / t.danger_divisor).min(t.danger_cap);
            score[ci] -= if c == us {
                penalty
            } else {
                penalty * (100 + t.danger_waiting) / 100
            };
        }
    }

    if let Some((base, per_square)) = t.campmate {
        // A King one step from the far rank with a free square threatens to win.
        for c in Color::BOTH {
            let free = campmate_squares(pos, c);
            if free.any() {
                score[c.index()] += base + per_square * free.count() as i32;
            }
        }
    }

    score[us.index()] - score[us.flip().index()] + t.tempo
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
