//! The board editor's requests: a position as the page holds it, or as a
//! FEN, judged by the rules (what is wrong, in the page's language, or
//! whether the game is already over there).

use std::str::FromStr;

use super::{color, ending, kind_views, side, Session};
use crate::engine::{Color, Game, Kind, Piece, Setup, Square, Variant, MAX_HAND, SQUARES};
use crate::protocol::{PieceView, SetupJudged, SetupRequest, SetupView};

impl Session {
    /// Judges a position being set up; `Err`: the FEN (or the variant)
    /// could not be read.
    pub(super) fn setup(&self, request: SetupRequest) -> Result<SetupJudged, String> {
        let (variant, setup) = match request {
            SetupRequest::Judge(view) => {
                let variant = Variant::from_str(&view.variant).map_err(|e| self.say(&e))?;
                (variant, setup_of(variant, &view))
            }
            SetupRequest::Read { variant, fen } => {
                let variant = Variant::from_str(&variant).map_err(|e| self.say(&e))?;
                let setup = Setup::read(variant, &fen).map_err(|e| self.say_in(&e, variant))?;
                (variant, setup)
            }
        };
        let fen = setup.fen();
        let (problem, ending, check) = match setup.position() {
            Err(e) => (Some(self.say_in(&e, variant)), None, None),
            Ok(pos) => {
                let check = pos
                    .in_check()
                    .then(|| pos.king(pos.side_to_move()).index() as u8);
                let over = Game::from_fen(variant, &fen)
                    .ok()
                    .and_then(|g| g.outcome())
                    .map(ending);
                (None, over, check)
            }
        };
        Ok(SetupJudged {
            setup: view_of(&setup),
            kinds: kind_views(variant),
            hand_kinds: variant.rules().hand_kinds as u8,
            fen,
            problem,
            ending,
            check,
        })
    }
}

/// The engine's setup of what the page holds. What no position can hold
/// (a kind the variant does not have, a hand kind past the variant's)
/// is left out; the page offers none of it.
fn setup_of(variant: Variant, view: &SetupView) -> Setup {
    let rules = variant.rules();
    let mut setup = Setup::empty(variant);
    for (i, piece) in view.board.iter().enumerate().take(SQUARES) {
        setup.board[i] = piece
            .filter(|p| usize::from(p.kind) < rules.kinds.len())
            .map(|p| Piece {
                color: color(p.side),
                kind: Kind(p.kind),
            });
    }
    for c in Color::BOTH {
        for (k, &n) in view.hands[c.index()]
            .iter()
            .enumerate()
            .take(rules.hand_kinds.min(MAX_HAND))
        {
            setup.hands[c.index()][k] = n.into();
        }
    }
    setup.side = color(view.to_move);
    setup.halfmove = view.halfmove;
    setup.fullmove = view.fullmove.max(1);
    setup
}

fn view_of(setup: &Setup) -> SetupView {
    let rules = setup.variant.rules();
    SetupView {
        variant: setup.variant.id().to_string(),
        board: Square::all()
            .map(|sq| {
                setup.board[sq.index()].map(|p| PieceView {
                    side: side(p.color),
                    kind: p.kind.0,
                })
            })
            .collect(),
        hands: Color::BOTH.map(|c| {
            setup.hands[c.index()][..rules.hand_kinds]
                .iter()
                .map(|&n| n.min(u8::MAX.into()) as u8)
                .collect()
        }),
        to_move: side(setup.side),
        halfmove: setup.halfmove,
        fullmove: setup.fullmove,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{EndReason, Ending, Lang, Request, Response, Side};

    fn judged(s: &mut Session, request: SetupRequest) -> Result<Box<SetupJudged>, String> {
        match s.handle(Request::Setup(request), &|| 0.0).pop() {
            Some(Response::Setup(result)) => result,
            other => panic!("no setup answer: {other:?}"),
        }
    }

    fn read(s: &mut Session, variant: &str, fen: &str) -> Result<Box<SetupJudged>, String> {
        judged(
            s,
            SetupRequest::Read {
                variant: variant.into(),
                fen: fen.into(),
            },
        )
    }

    #[test]
    fn a_legal_position_is_read_and_written_back() {
        let mut s = Session::new();
        let start = Variant::Pandemonium.start_fen();
        let j = read(&mut s, "pandemonium", start).unwrap();
        assert_eq!(j.fen, start);
        assert_eq!(
            (j.problem.as_deref(), j.ending, j.check),
            (None, None, None)
        );
        assert_eq!(j.kinds.len(), 19);
        assert_eq!(j.hand_kinds, 9);
        assert_eq!(j.setup.hands, [vec![0; 9], vec![0; 9]]);
        // What the page sends back is the same position.
        let again = judged(&mut s, SetupRequest::Judge(j.setup.clone())).unwrap();
        assert_eq!(again, j);
    }

    #[test]
    fn what_the_rules_refuse_is_said_in_the_pages_language() {
        let mut s = Session::new();
        let j = read(&mut s, "mansindam", "4k4/9/9/9/9/9/9/9/3KK4[] w - - 0 1").unwrap();
        assert_eq!(j.fen, "4k4/9/9/9/9/9/9/9/3KK4[] w - - 0 1");
        assert_eq!(
            j.problem.as_deref(),
            Some("White has 2 Kings; a side has exactly one")
        );
        s.handle(Request::SetLang(Lang::Ko), &|| 0.0);
        let mut view = j.setup.clone();
        view.board[3] = None;
        view.board[75] = Some(PieceView {
            side: Side::White,
            kind: 0,
        });
        let j = judged(&mut s, SetupRequest::Judge(view)).unwrap();
        assert_eq!(j.fen, "3Pk4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(
            j.problem.as_deref(),
            Some("d9의 백 보병은 움직일 수 없습니다 (만신담의 보병은 마지막 줄에서 승격합니다)")
        );
    }

    #[test]
    fn a_finished_game_and_a_check_are_told() {
        let mut s = Session::new();
        // White's King has camped on a9: Black, to move, has lost.
        let j = read(&mut s, "mansindam", "K8/9/9/9/9/9/9/9/8k[] b - - 0 1").unwrap();
        assert_eq!(j.problem, None);
        assert_eq!(
            j.ending,
            Some(Ending {
                winner: Side::White,
                reason: EndReason::Campmate
            })
        );
        let j = read(&mut s, "mansindam", "4k4/9/9/9/9/9/9/4r4/4K4[] w - - 0 1").unwrap();
        assert_eq!((j.ending, j.check), (None, Some(4)));
    }

    #[test]
    fn an_unreadable_fen_is_refused_with_its_fault() {
        let mut s = Session::new();
        assert_eq!(
            read(&mut s, "mansindam", "4k4/9/9/9/9/9/9/k/4K4[] w").unwrap_err(),
            "rank 2 has 1 file; it needs 9"
        );
        assert_eq!(
            read(&mut s, "chess", "8/8 w").unwrap_err(),
            judged(
                &mut s,
                SetupRequest::Judge(SetupView {
                    variant: "chess".into(),
                    ..SetupView::default()
                })
            )
            .unwrap_err()
        );
    }

    /// Nothing the page could send is out of the engine's reach: kinds and
    /// hand kinds the variant lacks are left out, counts are capped.
    #[test]
    fn any_setup_from_the_page_is_judged() {
        let mut s = Session::new();
        let view = SetupView {
            variant: "mansindam".into(),
            board: vec![
                Some(PieceView {
                    side: Side::Black,
                    kind: 200
                });
                100
            ],
            hands: [vec![255; 30], vec![]],
            to_move: Side::Black,
            halfmove: u32::MAX,
            fullmove: 0,
        };
        let j = judged(&mut s, SetupRequest::Judge(view)).unwrap();
        assert_eq!(
            j.fen,
            format!("9/9/9/9/9/9/9/9/9[{}] b - - 4294967295 1", {
                let counts = ["P", "N", "B", "R", "C", "M", "Q", "A"];
                counts.map(|l| l.repeat(255)).concat()
            })
        );
        assert_eq!(
            j.problem.as_deref(),
            Some("White's hand holds 255 Pawns; the set has 18")
        );
    }
}
