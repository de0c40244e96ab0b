//! The search's switches and parameters ([`Features`]), settable as UCI
//! options for strength tests.

use crate::engine::Variant;

/// The sixteenths of each game's static evaluation the search counts, by
/// [`Variant`] order ([`Features::eval_scale`]'s default).
pub(crate) const EVAL_SCALE: [i32; 2] = [9, 12];

/// Search switches, settable as UCI check options for strength tests: each
/// is on, as games showed it gains (lab/sprt.md); turned off, it measures
/// what it is worth.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    pub lmr: bool,
    pub lmp: bool,
    pub futility: bool,
    pub reverse_futility: bool,
    pub check_extension: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Shallow pruning of moves that lose material in the exchange on their
    /// square (static exchange evaluation), drops included.
    pub see_pruning: bool,
    /// Quiet moves ordered also by how they did after the same opponent's
    /// move and after our own move before it (continuation history).
    pub cont_history: bool,
    /// Checks are extended only when the checking piece cannot be won on its
    /// square (static exchange).
    pub safe_check_extension: bool,
    /// A node without a table move is searched one ply shallower (internal
    /// iterative reduction).
    pub iir: bool,
    /// Late quiet moves skipped after `(3 + depth²) / 2` of them at depth 8
    /// or less (twice that when the position improves on the one two plies
    /// back), instead of after `6 + 3·depth²` at depth 4 or less.
    pub move_count_pruning: bool,
    /// Quiescence's first ply also tries drops that give check and hold
    /// their square.
    pub qsearch_checks: bool,
    /// The table's move is searched one ply deeper when every other move,
    /// searched to half the depth, falls short of its score by
    /// `singular_margin·depth`
    /// (a singular move); when one reaches it and it is above beta, the node
    /// is cut (several moves refute).
    pub singular: bool,
    /// Quiescence reads the table (a cut at a zero-window node when a
    /// stored bound decides) and writes its result: depth 0 at its first
    /// ply (which also tries checking drops), -1 deeper.
    pub qsearch_tt: bool,
    /// The root's aspiration window starts at ±120 (not ±40): our
    /// centipawns are two to four of Fairy-Stockfish's (the fitted slope).
    pub wide_aspiration: bool,
    /// Late quiet root moves are reduced like late moves inside the tree
    /// (one ply less, as at any principal-variation node), and searched
    /// again at full depth when they reach alpha.
    pub root_lmr: bool,
    /// Quiescence's delta pruning counts what a capture swings in a drop
    /// game (the piece off the board and into the captor's hand), not its
    /// board value alone.
    pub delta_swing: bool,
    /// Quiescence's delta pruning with a margin of 400, not 150: a capture
    /// near a King moves our evaluation by more than its material.
    pub wide_delta: bool,
    /// Late quiet moves that give check but are not extended are reduced
    /// like the other late quiet moves (in a drop game many drops check).
    /// With checks extended only from depth 7 (`check_extension_depth`):
    /// +47 Elo at 100 ms (792 games, H1).
    pub check_lmr: bool,
    /// Each game's static evaluation counts this many sixteenths of its
    /// centipawns (by [`Variant`] order), so that a margin means about as
    /// much in one game as in the other. Fitted to the same judgement,
    /// Mansindam's scores ran 1.8 times Pandemonium's for the same expected
    /// result (the tuner's K is 0.245 there, 0.445 in Pandemonium): at 9/16
    /// Mansindam gained 76 Elo; Pandemonium then gained 23 at 12/16. UCI:
    /// `MansindamScale`, `PandemoniumScale`.
    pub eval_scale: [i32; 2],
    /// How far below the table's score (centipawns per ply of depth) every
    /// other move must stay for the table's move to count as singular
    /// (with [`Features::singular`]). UCI: `SingularMargin`.
    pub singular_margin: i32,
    /// The least depth at which the singular extension is tried (with
    /// [`Features::singular`]). UCI: `SingularDepth`.
    pub singular_depth: i32,
    /// The least depth at which a check is extended (with
    /// [`Features::check_extension`]); 7, as Fairy-Stockfish, with
    /// [`Features::check_lmr`] (+47 Elo against 1 without it). UCI:
    /// `CheckExtensionDepth`.
    pub check_extension_depth: i32,
    /// The most depth at which move-count pruning skips late quiet moves
    /// (with [`Features::move_count_pruning`]). UCI: `MoveCountDepth`.
    pub move_count_depth: i32,
    /// The exchange thresholds of the shallow pruning ([`Features::see_pruning`]:
    /// `-25·depth²` for quiet moves, `-150·depth` for captures) in quarters:
    /// 4 as they are, 8 twice as wide. UCI: `SeeWidth`.
    pub see_width: i32,
}

impl Features {
    /// Evaluation centipawns of `variant` in the search's scale.
    pub(crate) fn scaled(&self, variant: Variant, cp: i32) -> i32 {
        cp * self.eval_scale[variant as usize] / 16
    }
}

impl Default for Features {
    fn default() -> Self {
        Features {
            lmr: true,
            lmp: true,
            futility: true,
            reverse_futility: true,
            check_extension: true,
            null_move: true,
            see_pruning: true,
            cont_history: true,
            safe_check_extension: true,
            iir: true,
            move_count_pruning: true,
            qsearch_checks: true,
            singular: true,
            qsearch_tt: true,
            wide_aspiration: true,
            root_lmr: true,
            delta_swing: true,
            wide_delta: true,
            check_lmr: true,
            eval_scale: EVAL_SCALE,
            singular_margin: 2,
            singular_depth: 6,
            check_extension_depth: 7,
            move_count_depth: 8,
            see_width: 4,
        }
    }
}
