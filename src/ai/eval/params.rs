//! The evaluation's parameters: [`Weights`], every number it weighs, and
//! [`Taper`], a game's weights for empty and for full hands. The values
//! are in `src/ai/weights.rs`, written by the tuner.

use crate::engine::MAX_KINDS;
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::{Rules, Variant};

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
