use super::*;
use crate::engine::Variant;

fn clock() -> f64 {
    0.0
}

#[test]
fn plays_a_legal_move_from_both_starts() {
    for v in Variant::ALL {
        let game = Game::new(v);
        let mut s = Searcher::new(4);
        let r = s.search(&game, &Limits::depth(3), &clock, &mut |_| {});
        assert!(game.legal_moves().contains(r.best.unwrap()));
    }
}
