//! The evaluation's terms, and what adds them up: [`Sum`] for the search
//! (the terms' names cost nothing there), [`Trace`] for the `eval`
//! command (each term by side). Both run the same code
//! ([`super::terms`]), so the trace is the evaluation.

use std::fmt;

use crate::engine::Color;

/// The evaluation's terms, in the order the trace prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// The pieces' board values.
    Material,
    /// The piece-square values.
    Squares,
    /// The pieces in hand.
    Hand,
    /// The squares each piece attacks.
    Mobility,
    /// Each piece's distance to its own King and to the enemy King.
    Distance,
    /// Pieces far from both Kings.
    FarPieces,
    /// The side that just moved attacking pieces of the side to move.
    Threats,
    /// Attacks on and defence of the King's flank.
    Flank,
    /// The King's danger: attackers near it, safe checks, drops, weak
    /// squares, its shelter.
    KingDanger,
    /// Mansindam: a King that can step onto its far rank.
    Campmate,
    /// The side to move's bonus.
    Tempo,
}

impl Term {
    /// Every term, in order.
    pub const ALL: [Term; 11] = [
        Term::Material,
        Term::Squares,
        Term::Hand,
        Term::Mobility,
        Term::Distance,
        Term::FarPieces,
        Term::Threats,
        Term::Flank,
        Term::KingDanger,
        Term::Campmate,
        Term::Tempo,
    ];

    /// The term's name as the trace prints it.
    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Squares => "Squares",
            Term::Hand => "Hand",
            Term::Mobility => "Mobility",
            Term::Distance => "Distance",
            Term::FarPieces => "Far pieces",
            Term::Threats => "Threats",
            Term::Flank => "Flank",
            Term::KingDanger => "King danger",
            Term::Campmate => "Campmate",
            Term::Tempo => "Tempo",
        }
    }
}

/// What the terms are added into: each term's centipawns for a side.
pub(crate) trait Terms {
    /// A side's running sum over its pieces, added in at the end
    /// ([`Terms::add_side`]): one number for the search (one register in
    /// the hot loop), each term for the trace.
    type Side: SideTerms;

    fn add(&mut self, term: Term, side: Color, cp: i32);

    fn add_side(&mut self, side: Color, terms: Self::Side);
}

/// A side's running sum of terms ([`Terms::Side`]).
pub(crate) trait SideTerms: Default {
    fn add(&mut self, term: Term, cp: i32);
}

/// The search's side sum: the terms' names dropped.
impl SideTerms for i32 {
    #[inline(always)]
    fn add(&mut self, _: Term, cp: i32) {
        *self += cp;
    }
}

/// The trace's side sum: by term.
impl SideTerms for [i32; Term::ALL.len()] {
    fn add(&mut self, term: Term, cp: i32) {
        self[term as usize] += cp;
    }
}

/// The search's sum: each side's total, the terms' names dropped.
#[derive(Default)]
pub(crate) struct Sum([i32; 2]);

impl Sum {
    /// The evaluation for `side`: its total less the other side's.
    #[inline]
    pub fn for_side(&self, side: Color) -> i32 {
        self.0[side.index()] - self.0[side.flip().index()]
    }
}

impl Terms for Sum {
    type Side = i32;

    #[inline(always)]
    fn add(&mut self, _: Term, side: Color, cp: i32) {
        self.0[side.index()] += cp;
    }

    #[inline(always)]
    fn add_side(&mut self, side: Color, cp: i32) {
        self.0[side.index()] += cp;
    }
}

/// The evaluation of a position term by term (UCI's `eval`): each term's
/// centipawns for White and for Black, in the evaluation's own scale, and
/// the total for the side to move, which is the evaluation; then the part
/// of it the search counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    terms: [[i32; 2]; Term::ALL.len()],
    side: Color,
    /// The sixteenths of the total the search counts (its scale for the
    /// game, [`crate::ai::Features::eval_scale`]).
    pub scale: i32,
    /// The search's static evaluation: the total in the search's scale.
    pub search: i32,
}

impl Trace {
    /// An empty trace of a position with `side` to move.
    pub(crate) fn new(side: Color) -> Trace {
        Trace {
            terms: [[0; 2]; Term::ALL.len()],
            side,
            scale: 16,
            search: 0,
        }
    }

    /// `term`'s centipawns for `side`.
    pub fn get(&self, term: Term, side: Color) -> i32 {
        self.terms[term as usize][side.index()]
    }

    /// `term` for the side to move: its centipawns less the other side's.
    pub fn net(&self, term: Term) -> i32 {
        self.get(term, self.side) - self.get(term, self.side.flip())
    }

    /// The evaluation for the side to move: the terms' sum.
    pub fn total(&self) -> i32 {
        Term::ALL.iter().map(|&t| self.net(t)).sum()
    }
}

impl Terms for Trace {
    type Side = [i32; Term::ALL.len()];

    fn add(&mut self, term: Term, side: Color, cp: i32) {
        self.terms[term as usize][side.index()] += cp;
    }

    fn add_side(&mut self, side: Color, terms: Self::Side) {
        for (term, cp) in Term::ALL.into_iter().zip(terms) {
            self.add(term, side, cp);
        }
    }
}

/// One line a term: White's, Black's and the net centipawns for the side
/// to move (its less the other's); then the total for the side to move,
/// and the search's part of it.
impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:<12}{:>8}{:>8}{:>8}", "Term", "White", "Black", "Net")?;
        for term in Term::ALL {
            writeln!(
                f,
                "{:<12}{:>8}{:>8}{:>8}",
                term.name(),
                self.get(term, Color::White),
                self.get(term, Color::Black),
                self.net(term)
            )?;
        }
        let side = match self.side {
            Color::White => "White",
            Color::Black => "Black",
        };
        let total = format!("Total ({side} to move)");
        writeln!(f, "{total:<28}{:>8}", self.total())?;
        let search = format!("Search ({}/16 of it)", self.scale);
        write!(f, "{search:<28}{:>8}", self.search)
    }
}
