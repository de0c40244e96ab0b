//! The embed builder (`mode=builder`): what a blog post's frame shows of
//! the game on the page (play on from its position against the computer,
//! the game to step through, a still diagram), seen how (the side at the
//! bottom, the piece set, the board, the language) and how large; and the
//! `<iframe>` snippet that shows it. The frame's address is a link the
//! page reads back exactly.

use crate::protocol::{Lang, Side, Snapshot, DEFAULT_LEVEL, LEVELS};
use crate::web::link::{Link, Mode};
use crate::web::prefs::{PieceSet, Theme};
use crate::web::starts::start_fen;

use super::State;

/// What the frame shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Show {
    /// The position on the page, to play on against the computer.
    #[default]
    Play,
    /// The whole game, to step through.
    Game,
    /// A still picture of the position (`diagram.html`: no engine).
    Diagram,
    /// The puzzle the builder was opened from, to solve.
    Puzzle,
}

impl Show {
    pub const ALL: [Show; 4] = [Show::Play, Show::Game, Show::Diagram, Show::Puzzle];

    pub const fn id(self) -> &'static str {
        match self {
            Show::Play => "play",
            Show::Game => "game",
            Show::Diagram => "diagram",
            Show::Puzzle => "puzzle",
        }
    }
}

/// The frame's size presets (CSS pixels): a phone's column, a post's, a
/// wide post's.
pub const SIZES: [(u32, u32); 3] = [(320, 400), (400, 480), (560, 660)];
/// The frame's width and height stay within these.
pub const MIN_SIDE: u32 = 240;
pub const MAX_SIDE: u32 = 1200;

#[derive(Clone, Debug, PartialEq)]
pub struct Builder {
    pub show: Show,
    pub level: u8,
    pub bottom: Side,
    pub pieces: PieceSet,
    pub theme: Theme,
    pub lang: Lang,
    pub width: u32,
    pub height: u32,
    /// The puzzle's line from the game's start position, when the builder
    /// was opened from a puzzle (`solution=`): then it may show the puzzle.
    pub solution: Vec<String>,
}

/// A choice on the builder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choose {
    Show(Show),
    Level(u8),
    Bottom(Side),
    Pieces(PieceSet),
    Theme(Theme),
    Lang(Lang),
    Width(u32),
    Height(u32),
}

impl Builder {
    /// The builder's first choices: the page's own (its side at the
    /// bottom, its pieces, board and language), a medium frame; the puzzle
    /// when it was opened from one.
    pub fn new(
        bottom: Side,
        pieces: PieceSet,
        theme: Theme,
        lang: Lang,
        solution: Vec<String>,
    ) -> Builder {
        Builder {
            show: if solution.is_empty() {
                Show::Play
            } else {
                Show::Puzzle
            },
            solution,
            level: DEFAULT_LEVEL,
            bottom,
            pieces,
            theme,
            lang,
            width: SIZES[1].0,
            height: SIZES[1].1,
        }
    }

    pub fn choose(&self, choice: Choose) -> Builder {
        let mut b = self.clone();
        let side = |n: u32| n.clamp(MIN_SIDE, MAX_SIDE);
        match choice {
            Choose::Show(show) if self.shows().contains(&show) => b.show = show,
            Choose::Show(_) => {}
            Choose::Level(level) => b.level = level.clamp(1, LEVELS),
            Choose::Bottom(side) => b.bottom = side,
            Choose::Pieces(pieces) => b.pieces = pieces,
            Choose::Theme(theme) => b.theme = theme,
            Choose::Lang(lang) => b.lang = lang,
            Choose::Width(w) => b.width = side(w),
            Choose::Height(h) => b.height = side(h),
        }
        b
    }

    /// What the frame may show: the puzzle only when there is one.
    pub fn shows(&self) -> Vec<Show> {
        Show::ALL
            .into_iter()
            .filter(|&s| s != Show::Puzzle || !self.solution.is_empty())
            .collect()
    }

    /// The frame's page (`""`: the game's page, or `diagram.html`) and its
    /// link, for the game `snap` on the page.
    pub fn frame(&self, snap: &Snapshot) -> (&'static str, Link) {
        let standard = start_fen(&snap.variant);
        let unless_start =
            |fen: &str| Some(fen.to_string()).filter(|f| Some(f.as_str()) != standard);
        let seen = Link {
            variant: Some(snap.variant.clone()),
            orient: (self.bottom == Side::Black).then_some(Side::Black),
            pieces: Some(self.pieces),
            theme: Some(self.theme),
            lang: Some(self.lang),
            embed: true,
            ..Link::default()
        };
        match self.show {
            Show::Play => (
                "",
                Link {
                    fen: unless_start(&snap.fen),
                    mode: Some(Mode::Ai),
                    level: Some(self.level),
                    ..seen
                },
            ),
            Show::Game => (
                "",
                Link {
                    fen: unless_start(&snap.start_fen),
                    moves: snap.uci.clone(),
                    mode: Some(Mode::View),
                    ..seen
                },
            ),
            Show::Puzzle => (
                "",
                Link {
                    fen: unless_start(&snap.start_fen),
                    solution: self.solution.clone(),
                    mode: Some(Mode::Puzzle),
                    ..seen
                },
            ),
            Show::Diagram => (
                "diagram.html",
                Link {
                    fen: Some(snap.fen.clone()),
                    mode: Some(Mode::Diagram),
                    last: snap.last_move,
                    ..seen
                },
            ),
        }
    }

    /// The frame's address, for the site at `site` (the folder the game's
    /// page is in, ending with `/`).
    pub fn src(&self, site: &str, snap: &Snapshot) -> String {
        let (page, link) = self.frame(snap);
        format!("{site}{page}?{}", link.query())
    }

    /// The frame's page on its own (a diagram's, with its downloads).
    pub fn unframed_src(&self, site: &str, snap: &Snapshot) -> String {
        let (page, link) = self.frame(snap);
        let link = Link {
            embed: false,
            ..link
        };
        format!("{site}{page}?{}", link.query())
    }

    /// The snippet to paste into a post: the frame, its size and its title
    /// (what a screen reader says of it).
    pub fn snippet(&self, site: &str, snap: &Snapshot, title: &str) -> String {
        format!(
            "<iframe src=\"{}\" width=\"{}\" height=\"{}\" title=\"{}\" loading=\"lazy\" \
             style=\"border:0;max-width:100%\"></iframe>",
            attr(&self.src(site, snap)),
            self.width,
            self.height,
            attr(title)
        )
    }
}

/// A value inside a double-quoted HTML attribute.
fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[derive(Clone, Debug, PartialEq)]
pub enum BuilderAction {
    /// Opens the builder with the page's own choices (and the puzzle's
    /// line, when it comes from a puzzle).
    Open { solution: Vec<String> },
    /// A choice on the builder.
    Choose(Choose),
}

impl State {
    /// The embed builder.
    pub(super) fn reduce_builder(&mut self, action: BuilderAction) {
        match action {
            BuilderAction::Open { solution } => {
                let v = &self.view;
                let bottom = v.bottom_wish.unwrap_or(v.bottom());
                self.builder = Some(Builder::new(
                    bottom,
                    v.prefs.pieces,
                    v.prefs.theme,
                    v.lang,
                    solution,
                ));
            }
            BuilderAction::Choose(choice) => {
                if let Some(b) = &self.builder {
                    self.builder = Some(b.choose(choice));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{parse_square, NewGame, Player, Request};
    use crate::worker::Session;

    const SITE: &str = "https://example.org/games/";

    /// A game of two moves, as the page has it.
    fn game() -> Snapshot {
        let mut s = Session::new();
        s.handle(
            Request::NewGame(NewGame {
                variant: "mansindam".into(),
                moves: vec!["e3e4".into(), "e7e6".into()],
                players: [Player::Human, Player::Computer],
                ..NewGame::default()
            }),
            &|| 0.0,
        );
        s.snapshot()
    }

    fn builder() -> Builder {
        Builder::new(
            Side::White,
            PieceSet::Traditional,
            Theme::Slate,
            Lang::Ko,
            Vec::new(),
        )
    }

    #[test]
    fn each_way_to_show_has_its_own_id() {
        // The builder's radio buttons are named by them (`show-<id>`).
        assert_eq!(
            Show::ALL.map(Show::id),
            ["play", "game", "diagram", "puzzle"]
        );
    }

    /// Every frame's address is a link the page reads back as it was.
    #[test]
    fn each_frame_reads_back_exactly() {
        let snap = game();
        for show in Show::ALL {
            for bottom in Side::BOTH {
                let b = Builder {
                    solution: vec!["e3e4".into()],
                    ..builder()
                }
                .choose(Choose::Show(show))
                .choose(Choose::Bottom(bottom));
                let (page, link) = b.frame(&snap);
                let src = b.src(SITE, &snap);
                assert_eq!(src, format!("{SITE}{page}?{}", link.query()));
                assert_eq!(Link::parse(&link.query()), (link, vec![]), "{show:?}");
            }
        }
    }

    #[test]
    fn each_choice_is_in_the_frame() {
        let snap = game();
        let b = builder().choose(Choose::Level(5));
        assert_eq!(
            b.src(SITE, &snap),
            format!(
                "{SITE}?variant=mansindam&fen={}&mode=ai&level=5&pieces=traditional&lang=ko&theme=slate&embed=1",
                "rnbakqcnm/9/pppp1pppp/4p4/9/4P4/PPPP1PPPP/9/MNCQKABNR%5B%5D%20w%20-%20-%202%202"
            )
        );
        let b = b
            .choose(Choose::Show(Show::Game))
            .choose(Choose::Bottom(Side::Black));
        assert_eq!(
            b.src(SITE, &snap),
            format!("{SITE}?variant=mansindam&moves=e3e4,e7e6&mode=view&orient=black&pieces=traditional&lang=ko&theme=slate&embed=1")
        );
        let b = b.choose(Choose::Show(Show::Diagram));
        let (page, link) = b.frame(&snap);
        assert_eq!(page, "diagram.html");
        assert_eq!(
            link.last,
            Some((parse_square("e7"), parse_square("e6").unwrap()))
        );
        assert_eq!(link.fen.as_deref(), Some(snap.fen.as_str()));
        let outside = b.unframed_src(SITE, &snap);
        assert_eq!(outside, b.src(SITE, &snap).replace("&embed=1", ""));
    }

    #[test]
    fn a_game_set_up_on_the_board_goes_with_its_start() {
        let start = "4k4/9/9/9/9/9/9/9/4K4[R] w - - 0 1";
        let mut s = Session::new();
        s.handle(
            Request::NewGame(NewGame {
                variant: "mansindam".into(),
                fen: Some(start.into()),
                moves: vec!["e1d1".into()],
                ..NewGame::default()
            }),
            &|| 0.0,
        );
        let snap = s.snapshot();
        let b = Builder {
            solution: vec!["e1d1".into()],
            ..builder()
        };
        for (show, mode) in [(Show::Game, Mode::View), (Show::Puzzle, Mode::Puzzle)] {
            let (_, link) = b.clone().choose(Choose::Show(show)).frame(&snap);
            assert_eq!((link.fen.as_deref(), link.mode), (Some(start), Some(mode)));
        }
        let (_, diagram) = b.choose(Choose::Show(Show::Diagram)).frame(&snap);
        assert_eq!(diagram.mode, Some(Mode::Diagram));
    }

    #[test]
    fn a_puzzle_is_offered_only_from_a_puzzle() {
        let snap = game();
        assert_eq!(builder().shows(), [Show::Play, Show::Game, Show::Diagram]);
        assert_eq!(
            builder().choose(Choose::Show(Show::Puzzle)).show,
            Show::Play
        );
        // (A puzzle from the start position: its FEN is left out.)
        let solution = vec!["e3e4".to_string(), "e7e6".to_string()];
        let b = Builder::new(
            Side::Black,
            PieceSet::International,
            Theme::Wood,
            Lang::En,
            solution,
        );
        assert_eq!(b.show, Show::Puzzle);
        assert_eq!(
            b.src(SITE, &snap),
            format!("{SITE}?variant=mansindam&mode=puzzle&orient=black&pieces=international&lang=en&theme=wood&solution=e3e4,e7e6&embed=1")
        );
    }

    #[test]
    fn the_snippet_is_a_frame_of_the_chosen_size() {
        let snap = game();
        let b = builder()
            .choose(Choose::Width(10))
            .choose(Choose::Height(5000))
            .choose(Choose::Level(99));
        assert_eq!((b.width, b.height, b.level), (MIN_SIDE, MAX_SIDE, LEVELS));
        let b = b.choose(Choose::Width(400)).choose(Choose::Height(480));
        let snippet = b.snippet(SITE, &snap, "Mansindam \"live\" <3");
        assert_eq!(
            snippet,
            format!(
                "<iframe src=\"{}\" width=\"400\" height=\"480\" title=\"Mansindam &quot;live&quot; &lt;3\" \
                 loading=\"lazy\" style=\"border:0;max-width:100%\"></iframe>",
                b.src(SITE, &snap).replace('&', "&amp;")
            )
        );
    }
}
