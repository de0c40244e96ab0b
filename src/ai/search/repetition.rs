//! The game's positions and the search's path, for each game's repetition
//! rule inside the tree.

use crate::engine::{Game, RepetitionRule};

use crate::ai::score::{mate_in, mated_in, MAX_PLY};

/// What a move made into the current node means for the repetition rule.
pub(super) enum Repetition {
    No,
    /// Mansindam: the move is illegal.
    Illegal,
    /// Pandemonium: the game ended; the score is for the side now to move.
    Over(i32),
}

/// Hashes of the game's positions then of the search path, with whether
/// the move leading to each gave check, and a count of the hashes by their
/// low bits (a quick test that a position has not occurred three times).
pub(super) struct Path {
    hashes: Vec<u64>,
    checks: Vec<bool>,
    filter: Box<[u8; 4096]>,
    rule: RepetitionRule,
}

impl Path {
    /// The positions of `game` so far.
    pub fn new(game: &Game) -> Path {
        let mut hashes = Vec::with_capacity(game.hashes().len() + MAX_PLY + 2);
        let mut checks = Vec::with_capacity(hashes.capacity());
        let mut replay = game.start_position().clone();
        hashes.push(replay.hash());
        checks.push(replay.in_check());
        for m in game.moves() {
            replay.make_move(m);
            hashes.push(replay.hash());
            checks.push(replay.in_check());
        }
        let mut filter = Box::new([0u8; 4096]);
        for &h in &hashes {
            let slot = &mut filter[(h & 4095) as usize];
            *slot = slot.saturating_add(1);
        }
        Path {
            hashes,
            checks,
            filter,
            rule: game.position().rules().repetition,
        }
    }

    /// The position `h` reached by a move that `gave_check` (or not) joins
    /// the path: what the repetition rule makes of it.
    pub fn push(&mut self, h: u64, gave_check: bool) -> Repetition {
        self.hashes.push(h);
        self.checks.push(gave_check);
        let slot = &mut self.filter[(h & 4095) as usize];
        *slot = slot.saturating_add(1);
        if *slot < 3 {
            return Repetition::No;
        }
        let count = self.hashes.iter().filter(|&&x| x == h).count();
        if count < 3 {
            return Repetition::No;
        }
        match self.rule {
            RepetitionRule::Illegal => Repetition::Illegal,
            RepetitionRule::Loses => Repetition::Over(self.verdict(h)),
        }
    }

    /// The last position leaves the path.
    pub fn pop(&mut self) {
        let h = self.hashes.pop().expect("pushed");
        self.checks.pop();
        let slot = &mut self.filter[(h & 4095) as usize];
        *slot = slot.saturating_sub(1);
    }

    /// Pandemonium's verdict on the third occurrence just made, for the side now
    /// to move (as `Game` judges it). The ply is filled in by the caller.
    fn verdict(&self, h: u64) -> i32 {
        let now = self.hashes.len() - 1;
        let first = self.hashes.iter().position(|&x| x == h).unwrap_or(now);
        // Since the first occurrence, the side that just moved made the moves
        // into positions now, now - 2, ...; the other side those into now - 1,
        // now - 3, ...
        let cycle = (first + 1..=now).rev();
        let mover_all = cycle.clone().step_by(2).all(|i| self.checks[i]);
        let other_all = cycle.skip(1).step_by(2).all(|i| self.checks[i]);
        // +1: the side to move (not the mover) wins; -1: it loses.
        if !mover_all && other_all {
            -1 // the side to move checked perpetually
        } else {
            1
        }
    }
}

/// The score, for the side to move, of a game that a repetition ended at
/// `ply` with the verdict `v` (+1: the side to move wins).
#[inline]
pub(super) fn game_over(v: i32, ply: usize) -> i32 {
    if v > 0 {
        mate_in(ply)
    } else {
        mated_in(ply)
    }
}
