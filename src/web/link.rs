//! Share links: a game and the way it is shown, in a URL's query.
//!
//! `?variant=pandemonium&fen=…&moves=e3e4,e7e6&orient=black&mode=ai&level=4`
//! `&pieces=traditional&lang=ko&embed=1`
//!
//! Reading never fails. A parameter that cannot be used is named in a
//! [`Problem`] and left at its default; parameters the page does not know
//! (a blog's tracking tags) are ignored. The FEN and the moves are checked
//! by the engine in the worker, which falls back to the standard start
//! (see `NewGame::from_link`). Nothing read here is ever put into the page
//! as HTML: the values only select among the page's own choices or go to
//! the engine as text.
//!
//! Plain Rust, tested natively; `web::storage` hands it the page's query.

use crate::protocol::Lang;
use crate::protocol::{parse_square, square_name};
use crate::protocol::{NewGame, Player, Side, Snapshot, DEFAULT_LEVEL, LEVELS};
use crate::web::prefs::{PieceSet, Theme};
use crate::web::starts::start_fen;

/// How the game of a link is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Against the computer, the player at the bottom.
    #[default]
    Ai,
    /// Two players at one device.
    Local,
    /// A game or a position to look at, with step buttons; no moves.
    View,
    /// The analysis board: the engine's lines, moves for both sides.
    Analysis,
    /// The board editor, on the link's position.
    Editor,
    /// A still picture of the position (`diagram.html`; no engine).
    Diagram,
    /// The embed builder, for the link's game.
    Builder,
    /// Puzzles: the set's (`puzzle=` names one) or the link's own
    /// (`fen=` and `solution=`).
    Puzzle,
    /// A game against a friend on another device: the invitation's terms
    /// are chosen (the links themselves travel in the fragment, `#rtc=`).
    Friend,
}

impl Mode {
    pub const fn id(self) -> &'static str {
        match self {
            Mode::Ai => "ai",
            Mode::Local => "local",
            Mode::View => "view",
            Mode::Analysis => "analysis",
            Mode::Editor => "editor",
            Mode::Diagram => "diagram",
            Mode::Builder => "builder",
            Mode::Puzzle => "puzzle",
            Mode::Friend => "friend",
        }
    }

    pub const ALL: [Mode; 9] = [
        Mode::Ai,
        Mode::Local,
        Mode::View,
        Mode::Analysis,
        Mode::Editor,
        Mode::Diagram,
        Mode::Builder,
        Mode::Puzzle,
        Mode::Friend,
    ];

    fn parse(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.id() == s)
    }
}

/// How the game of a link is shown now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Played,
    /// To look at (`mode=view`).
    Viewed,
    /// On the analysis board (`mode=analysis`).
    Analysed,
}

/// The longest FEN a link may carry (a full 9×9 position with both hands
/// is about 110 characters).
pub const MAX_FEN: usize = 300;
/// The most moves a link may carry.
pub const MAX_MOVES: usize = 2000;

/// Everything a link can say; `None` where it says nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Link {
    pub variant: Option<String>,
    pub fen: Option<String>,
    pub moves: Vec<String>,
    /// The side at the bottom of the board.
    pub orient: Option<Side>,
    pub mode: Option<Mode>,
    pub level: Option<u8>,
    pub pieces: Option<PieceSet>,
    pub lang: Option<Lang>,
    /// The compact layout for an iframe.
    pub embed: bool,
    /// `white=` and `black=` (`human` or `computer`): who plays each side,
    /// before what `mode` implies (the computer against itself, say).
    pub players: [Option<Player>; 2],
    /// The board's colours (a diagram's).
    pub theme: Option<Theme>,
    /// A diagram's last move (`last=e2e4`, `last=P@e5`), arrows
    /// (`arrows=e2e4,c1g5`) and ringed squares (`marks=e4,d5`), as square
    /// indices.
    pub last: Option<(Option<u8>, u8)>,
    pub arrows: Vec<(u8, u8)>,
    pub marks: Vec<u8>,
    /// A puzzle of the set (`puzzle=m17`).
    pub puzzle: Option<String>,
    /// A puzzle's line from the FEN (`solution=e5e6,c4c5,…`; see
    /// `web::state::puzzle::of_link`).
    pub solution: Vec<String>,
}

/// The most moves a link's puzzle may have.
pub const MAX_SOLUTION: usize = 40;

/// The most arrows or marked squares a link may carry.
pub const MAX_SHAPES: usize = 40;

/// A parameter of a link that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub param: &'static str,
    /// What the link said (shortened to 40 characters).
    pub value: String,
    pub expected: Expected,
}

/// What a parameter may say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// One of these words, separated by `|`.
    OneOf(&'static str),
    /// A level from 1 to 6.
    Level,
    /// At most this many characters (a FEN) or moves.
    AtMost(usize),
    /// Only for a game against the computer (a level with `mode=local` or
    /// `mode=view`).
    AgainstComputer,
    /// Squares (`e4`), or moves from square to square (`e2e4`), separated
    /// by commas.
    Squares,
    /// A puzzle's name: `m` or `p` and a number (`m17`).
    PuzzleId,
}

impl Link {
    /// Reads a query string (with or without its leading `?`).
    pub fn parse(query: &str) -> (Link, Vec<Problem>) {
        let mut link = Link::default();
        let mut problems = Vec::new();
        for (key, value) in pairs(query) {
            if let Err((param, expected)) = link.read(&key, &value) {
                problems.push(Problem {
                    param,
                    value: value.trim().chars().take(40).collect(),
                    expected,
                });
            }
        }
        // A level means a game against the computer (the default mode); a
        // mode without the computer cannot use it.
        let computer = link.players.contains(&Some(Player::Computer));
        if let (
            Some(level),
            Some(Mode::Local | Mode::View | Mode::Analysis | Mode::Editor),
            false,
        ) = (link.level, link.mode, computer)
        {
            link.level = None;
            problems.push(Problem {
                param: "level",
                value: level.to_string(),
                expected: Expected::AgainstComputer,
            });
        }
        (link, problems)
    }

    /// Reads one parameter (an unknown one is left alone); `Err` names the
    /// parameter and what it expects. Those of the game are read here,
    /// those of the board's look by [`Link::read_look`].
    fn read(&mut self, key: &str, value: &str) -> Result<(), (&'static str, Expected)> {
        let trimmed = value.trim();
        let lower = trimmed.to_ascii_lowercase();
        match key {
            "variant" => put(
                &mut self.variant,
                matches!(lower.as_str(), "mansindam" | "pandemonium").then(|| Some(lower)),
                ("variant", Expected::OneOf("mansindam|pandemonium")),
            ),
            "fen" => put(
                &mut self.fen,
                (trimmed.chars().count() <= MAX_FEN)
                    .then(|| Some(trimmed.to_string()).filter(|f| !f.is_empty())),
                ("fen", Expected::AtMost(MAX_FEN)),
            ),
            "moves" => put(
                &mut self.moves,
                Some(moves_param(value)).filter(|moves| moves.len() <= MAX_MOVES),
                ("moves", Expected::AtMost(MAX_MOVES)),
            ),
            "mode" => put(
                &mut self.mode,
                Mode::parse(&lower).map(Some),
                (
                    "mode",
                    Expected::OneOf("ai|local|view|analysis|editor|diagram|builder|puzzle"),
                ),
            ),
            "level" => put(
                &mut self.level,
                trimmed
                    .parse::<u8>()
                    .ok()
                    .filter(|l| (1..=LEVELS).contains(l))
                    .map(Some),
                ("level", Expected::Level),
            ),
            "puzzle" => put(
                &mut self.puzzle,
                puzzle_id(trimmed).then(|| Some(trimmed.to_string())),
                ("puzzle", Expected::PuzzleId),
            ),
            "solution" => put(
                &mut self.solution,
                solution_param(trimmed),
                ("solution", Expected::AtMost(MAX_SOLUTION)),
            ),
            "white" | "black" => {
                let side = if key == "white" {
                    Side::White
                } else {
                    Side::Black
                };
                put(
                    &mut self.players[side.index()],
                    Player::parse(trimmed).map(Some),
                    (side.id(), Expected::OneOf("human|computer")),
                )
            }
            _ => self.read_look(key, trimmed),
        }
    }

    /// Reads a parameter that says how the board looks (an unknown one is
    /// left alone).
    fn read_look(&mut self, key: &str, trimmed: &str) -> Result<(), (&'static str, Expected)> {
        let lower = trimmed.to_ascii_lowercase();
        match key {
            "orient" => put(
                &mut self.orient,
                Side::parse(trimmed).map(Some),
                ("orient", Expected::OneOf("white|black")),
            ),
            "pieces" => put(
                &mut self.pieces,
                PieceSet::parse(&lower).map(Some),
                (
                    "pieces",
                    Expected::OneOf("international|traditional|figurine"),
                ),
            ),
            "lang" => put(
                &mut self.lang,
                Lang::parse(trimmed).map(Some),
                ("lang", Expected::OneOf("en|ko")),
            ),
            "embed" => put(
                &mut self.embed,
                match trimmed {
                    "1" | "true" | "" => Some(true),
                    "0" | "false" => Some(false),
                    _ => None,
                },
                ("embed", Expected::OneOf("1|0")),
            ),
            "theme" => put(
                &mut self.theme,
                Theme::parse(&lower).map(Some),
                ("theme", Expected::OneOf("wood|slate")),
            ),
            "last" => put(
                &mut self.last,
                last_move(trimmed).map(Some),
                ("last", Expected::Squares),
            ),
            "arrows" => put(
                &mut self.arrows,
                list(trimmed, |a| {
                    Some((parse_square(a.get(..2)?)?, parse_square(a.get(2..)?)?))
                }),
                ("arrows", Expected::Squares),
            ),
            "marks" => put(
                &mut self.marks,
                list(trimmed, parse_square),
                ("marks", Expected::Squares),
            ),
            _ => Ok(()),
        }
    }

    /// The link names a game (rather than only how to show one): it then
    /// comes before a saved game.
    pub fn has_game(&self) -> bool {
        self.variant.is_some()
            || self.fen.is_some()
            || !self.moves.is_empty()
            || self.mode.is_some()
            || self.level.is_some()
            || self.players.iter().any(Option::is_some)
    }

    /// The game to start. In `ai` mode the player has the side at the
    /// bottom (White unless `orient=black`).
    pub fn new_game(&self) -> NewGame {
        let human_side = self.orient.unwrap_or(Side::White);
        let by_mode = |side: Side| match self.mode.unwrap_or_default() {
            Mode::Ai if side != human_side => Player::Computer,
            _ => Player::Human,
        };
        NewGame {
            id: 0,
            variant: self.variant.clone().unwrap_or_else(|| "mansindam".into()),
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            players: Side::BOTH.map(|side| self.players[side.index()].unwrap_or(by_mode(side))),
            level: self.level.unwrap_or(DEFAULT_LEVEL),
            from_link: true,
            clock: None,
        }
    }

    /// The query that says all of this (without `?`); what is `None` is left
    /// out, and `fen` is always written before `moves`.
    pub fn query(&self) -> String {
        let mut parts: Vec<(&str, String)> = Vec::new();
        if let Some(v) = &self.variant {
            parts.push(("variant", v.clone()));
        }
        if let Some(f) = &self.fen {
            parts.push(("fen", f.clone()));
        }
        if !self.moves.is_empty() {
            parts.push(("moves", self.moves.join(",")));
        }
        if let Some(mode) = self.mode {
            parts.push(("mode", mode.id().into()));
        }
        for side in Side::BOTH {
            if let Some(p) = self.players[side.index()] {
                parts.push((side.id(), p.id().into()));
            }
        }
        if let Some(level) = self.level {
            parts.push(("level", level.to_string()));
        }
        if let Some(side) = self.orient {
            parts.push(("orient", side.id().into()));
        }
        if let Some(pieces) = self.pieces {
            parts.push(("pieces", pieces.id().into()));
        }
        if let Some(lang) = self.lang {
            parts.push(("lang", lang.id().into()));
        }
        if let Some(theme) = self.theme {
            parts.push(("theme", theme.id().into()));
        }
        if let Some((from, to)) = self.last {
            let from = from.map_or_else(|| "@".to_string(), square_name);
            parts.push(("last", format!("{from}{}", square_name(to))));
        }
        if !self.arrows.is_empty() {
            let arrows: Vec<String> = self
                .arrows
                .iter()
                .map(|&(a, b)| format!("{}{}", square_name(a), square_name(b)))
                .collect();
            parts.push(("arrows", arrows.join(",")));
        }
        if !self.marks.is_empty() {
            let marks: Vec<String> = self.marks.iter().map(|&m| square_name(m)).collect();
            parts.push(("marks", marks.join(",")));
        }
        if let Some(id) = &self.puzzle {
            parts.push(("puzzle", id.clone()));
        }
        if !self.solution.is_empty() {
            parts.push(("solution", self.solution.join(",")));
        }
        if self.embed {
            parts.push(("embed", "1".into()));
        }
        parts
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The link to a game as the player sees it now: the game (its start
    /// position only when it is not the standard one, and its moves), who
    /// plays, the orientation and the piece set. The language is left to
    /// whoever opens it.
    pub fn of_game(snap: &Snapshot, bottom: Side, shown: Shown, pieces: PieceSet) -> Link {
        let standard = start_fen(&snap.variant);
        let viewer = shown != Shown::Played;
        let against_computer = snap.players.contains(&Player::Computer);
        let mode = match snap.players {
            _ if shown == Shown::Analysed => Some(Mode::Analysis),
            _ if viewer => Some(Mode::View),
            [Player::Human, Player::Human] => Some(Mode::Local),
            [Player::Computer, Player::Computer] => None,
            _ => Some(Mode::Ai),
        };
        // `mode=ai` gives the player the bottom side: say who plays when
        // the board was turned the other way (or the computer plays both).
        let implied =
            mode.is_some_and(|m| m != Mode::Ai || snap.players[bottom.index()] == Player::Human);
        Link {
            variant: Some(snap.variant.clone()),
            fen: Some(snap.start_fen.clone()).filter(|f| Some(f.as_str()) != standard),
            moves: snap.uci.clone(),
            orient: (bottom == Side::Black).then_some(Side::Black),
            mode,
            level: (against_computer && !viewer).then_some(snap.level),
            pieces: (pieces != PieceSet::default()).then_some(pieces),
            players: if implied {
                [None, None]
            } else {
                snap.players.map(Some)
            },
            // No language, not embedded: the opener's own.
            ..Link::default()
        }
    }
}

/// Stores a parameter's value, or (`None`: the value was not one the
/// parameter takes) names the parameter and what it expects.
fn put<T>(
    slot: &mut T,
    value: Option<T>,
    problem: (&'static str, Expected),
) -> Result<(), (&'static str, Expected)> {
    *slot = value.ok_or(problem)?;
    Ok(())
}

/// The `moves` parameter's moves, separated by commas. A `+` typed as it
/// is into a link reads as a space: after a move it is still promotion.
fn moves_param(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(|m| {
            let m = m.trim_start();
            let promotes = m.ends_with(' ') && !m.trim().is_empty();
            format!("{}{}", m.trim_end(), if promotes { "+" } else { "" })
        })
        .filter(|m| !m.is_empty())
        .collect()
}

/// The `solution` parameter's moves, if there are not too many and none
/// is too long to be a move.
fn solution_param(value: &str) -> Option<Vec<String>> {
    let moves: Vec<String> = value
        .split(',')
        .map(|m| m.trim().to_string())
        .filter(|m| !m.is_empty())
        .collect();
    (moves.len() <= MAX_SOLUTION && moves.iter().all(|m| m.len() <= 8)).then_some(moves)
}

impl Link {
    /// The link to a position set up on the board editor, opened in `mode`
    /// (against the computer, a friend, the analysis board, the editor
    /// again) with `bottom` at the bottom. The FEN is left out when it is
    /// the variant's start.
    pub fn of_position(
        variant: &str,
        fen: &str,
        mode: Mode,
        bottom: Side,
        pieces: PieceSet,
    ) -> Link {
        let standard = start_fen(variant);
        Link {
            variant: Some(variant.to_string()),
            fen: Some(fen.to_string()).filter(|f| Some(f.as_str()) != standard),
            mode: Some(mode),
            // Against the computer the player has the bottom side.
            orient: (bottom == Side::Black).then_some(Side::Black),
            pieces: (pieces != PieceSet::default()).then_some(pieces),
            ..Link::default()
        }
    }
}

/// A puzzle's name in the set: `m` (Mansindam) or `p` (Pandemonium) and a
/// number.
fn puzzle_id(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some('m' | 'p'))
        && (1..=6).contains(&chars.as_str().len())
        && chars.all(|c| c.is_ascii_digit())
}

/// A last move: `e2e4` (`e2e4+` promoting), or a drop `P@e5` (its piece
/// letter is not needed to mark its square: `@e5` too).
fn last_move(s: &str) -> Option<(Option<u8>, u8)> {
    let s = s.trim_end_matches('+');
    match s.split_once('@') {
        Some((piece, to)) if piece.len() <= 1 => Some((None, parse_square(to)?)),
        Some(_) => None,
        None => Some((Some(parse_square(s.get(..2)?)?), parse_square(s.get(2..)?)?)),
    }
}

/// Comma-separated items, each read by `item`; none if any cannot be, or
/// if there are more than [`MAX_SHAPES`].
fn list<T>(s: &str, item: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
    let items: Option<Vec<T>> = s
        .split(',')
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .map(item)
        .collect();
    items.filter(|i| i.len() <= MAX_SHAPES)
}

/// The `key=value` pairs of a query, decoded as a browser's form decoding
/// does (`+` is a space, `%XX` a byte; bytes that are not UTF-8 become U+FFFD).
fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    query
        .strip_prefix('?')
        .unwrap_or(query)
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (decode(k), decode(v))
        })
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let hex = |j: usize| bytes.get(j).and_then(|&c| (c as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
            (b'+', ..) => out.push(b' '),
            _ => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Percent-encodes all but letters, digits and `-._~/,:@` (which a query
/// may hold as they are, and which keep FENs and move lists readable).
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/,:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use proptest::prelude::*;

    fn parse(q: &str) -> (Link, Vec<Problem>) {
        Link::parse(q)
    }

    #[test]
    fn a_puzzle_link_reads_back_and_a_bad_one_is_named() {
        let (link, problems) = parse("mode=puzzle&puzzle=m17&embed=1");
        assert_eq!(problems, []);
        assert_eq!(
            (link.mode, link.puzzle.as_deref()),
            (Some(Mode::Puzzle), Some("m17"))
        );
        assert_eq!(parse(&link.query()), (link, vec![]));
        let own = "variant=mansindam&fen=4k4/9/9/9/9/9/9/9/4K4[Q]+w&solution=Q@e8,e9e8&mode=puzzle";
        let (link, problems) = parse(own);
        assert_eq!(problems, []);
        assert_eq!(link.solution, ["Q@e8", "e9e8"]);
        assert_eq!(parse(&link.query()), (link, vec![]));
        for (query, param, value, expected) in [
            ("puzzle=x17", "puzzle", "x17", Expected::PuzzleId),
            ("puzzle=m", "puzzle", "m", Expected::PuzzleId),
            ("puzzle=m1234567", "puzzle", "m1234567", Expected::PuzzleId),
            (
                "solution=e3e4e5e6e7",
                "solution",
                "e3e4e5e6e7",
                Expected::AtMost(MAX_SOLUTION),
            ),
        ] {
            let (link, problems) = parse(query);
            assert_eq!((link.puzzle, link.solution), (None, vec![]));
            assert_eq!(
                problems,
                [Problem {
                    param,
                    value: value.into(),
                    expected
                }]
            );
        }
        let long = vec!["a3a4"; MAX_SOLUTION + 1].join(",");
        assert_eq!(
            parse(&format!("solution={long}")).1[0].expected,
            Expected::AtMost(MAX_SOLUTION)
        );
        assert_eq!(
            parse(&format!("solution={}", &long[5..])).0.solution.len(),
            MAX_SOLUTION
        );
    }

    #[test]
    fn every_parameter_is_read() {
        let (link, problems) = parse(
            "?variant=pandemonium&fen=9%2F9+w+-+1&moves=e3e4,e7e6&orient=black&mode=ai\
             &level=5&pieces=traditional&lang=ko&embed=1",
        );
        assert_eq!(problems, []);
        // The last value of a parameter counts.
        for (query, embed) in [
            ("embed=1&embed=0", false),
            ("embed=false", false),
            ("embed=true", true),
            ("embed", true),
        ] {
            assert_eq!(
                parse(query),
                (
                    Link {
                        embed,
                        ..Link::default()
                    },
                    vec![]
                ),
                "{query}"
            );
        }
        assert_eq!(
            link,
            Link {
                variant: Some("pandemonium".into()),
                fen: Some("9/9 w - 1".into()),
                moves: vec!["e3e4".into(), "e7e6".into()],
                orient: Some(Side::Black),
                mode: Some(Mode::Ai),
                level: Some(5),
                pieces: Some(PieceSet::Traditional),
                lang: Some(Lang::Ko),
                embed: true,
                players: [None, None],
                ..Link::default()
            }
        );
    }

    #[test]
    fn bad_values_are_named_and_left_at_their_defaults() {
        let (link, problems) = parse(
            "variant=chess&orient=up&mode=watch&level=9&pieces=wood&lang=fr&embed=yes&white=dog",
        );
        assert_eq!(link, Link::default());
        let named: Vec<(&str, &str, Expected)> = problems
            .iter()
            .map(|p| (p.param, p.value.as_str(), p.expected))
            .collect();
        assert_eq!(
            named,
            [
                ("variant", "chess", Expected::OneOf("mansindam|pandemonium")),
                ("orient", "up", Expected::OneOf("white|black")),
                (
                    "mode",
                    "watch",
                    Expected::OneOf("ai|local|view|analysis|editor|diagram|builder|puzzle")
                ),
                ("level", "9", Expected::Level),
                (
                    "pieces",
                    "wood",
                    Expected::OneOf("international|traditional|figurine")
                ),
                ("lang", "fr", Expected::OneOf("en|ko")),
                ("embed", "yes", Expected::OneOf("1|0")),
                ("white", "dog", Expected::OneOf("human|computer")),
            ]
        );
    }

    #[test]
    fn too_much_is_refused_and_values_are_shortened_in_messages() {
        let long_fen = "p".repeat(MAX_FEN + 1);
        let (link, problems) = parse(&format!("fen={long_fen}"));
        assert_eq!(link.fen, None);
        assert_eq!(problems[0].expected, Expected::AtMost(MAX_FEN));
        assert_eq!(problems[0].value.len(), 40);
        let moves = vec!["e3e4"; MAX_MOVES + 1].join(",");
        let (link, problems) = parse(&format!("moves={moves}"));
        assert!(link.moves.is_empty());
        assert_eq!(problems[0].expected, Expected::AtMost(MAX_MOVES));
        let (link, problems) = parse("level=0&level=abc&level=3");
        assert_eq!(link.level, Some(3));
        assert_eq!(problems.len(), 2);
        // The limits themselves are allowed.
        let fen = "p".repeat(MAX_FEN);
        assert_eq!(
            parse(&format!("fen={fen}")),
            (
                Link {
                    fen: Some(fen),
                    ..Link::default()
                },
                vec![]
            )
        );
        let moves = vec!["e3e4"; MAX_MOVES].join(",");
        assert_eq!(parse(&format!("moves={moves}")).0.moves.len(), MAX_MOVES);
        // A solution's move is at most 8 characters.
        assert_eq!(parse("solution=abcdefgh").0.solution, ["abcdefgh"]);
        assert_eq!(
            parse("solution=abcdefghi").1[0].expected,
            Expected::AtMost(MAX_SOLUTION)
        );
    }

    #[test]
    fn unknown_parameters_and_empty_values_are_ignored() {
        let (link, problems) = parse("utm_source=blog&fbclid=x&fen=&moves=&&=");
        assert_eq!((link, problems), (Link::default(), vec![]));
        assert!(!Link::default().has_game());
        assert!(parse("embed=1&lang=ko&pieces=traditional&orient=black")
            .0
            .has_game()
            .eq(&false));
        for names_a_game in [
            "variant=pandemonium",
            "fen=4k4/9/9/9/9/9/9/9/4K4[]+w",
            "moves=e3e4",
            "mode=view",
            "black=computer",
        ] {
            assert!(parse(names_a_game).0.has_game(), "{names_a_game}");
        }
        // A level alone starts a game against the computer at that level.
        let (link, problems) = parse("level=1");
        assert!(problems.is_empty() && link.has_game());
        let game = link.new_game();
        assert_eq!(
            (game.level, game.players),
            (1, [Player::Human, Player::Computer])
        );
        // ... and is refused, with the reason, where no computer plays.
        let (link, problems) = parse("mode=local&level=2");
        assert_eq!(link.level, None);
        assert_eq!(
            problems,
            [Problem {
                param: "level",
                value: "2".into(),
                expected: Expected::AgainstComputer
            }]
        );
        assert!(parse("mode=local&black=computer&level=2").1.is_empty());
    }

    #[test]
    fn the_mode_and_the_orientation_decide_who_plays() {
        let players = |q: &str| parse(q).0.new_game().players;
        use Player::{Computer as C, Human as H};
        assert_eq!(players(""), [H, C]);
        assert_eq!(players("mode=ai&orient=black"), [C, H]);
        assert_eq!(players("mode=local&orient=black"), [H, H]);
        assert_eq!(players("mode=view"), [H, H]);
        assert_eq!(players("white=computer&black=computer"), [C, C]);
        assert_eq!(players("mode=local&black=computer"), [H, C]);
        let game = parse("variant=pandemonium&moves=e3e4&level=6").0.new_game();
        assert_eq!(
            (
                game.variant.as_str(),
                game.moves,
                game.level,
                game.from_link
            ),
            ("pandemonium", vec!["e3e4".to_string()], 6, true)
        );
        assert_eq!(parse("").0.new_game().variant, "mansindam");
        assert_eq!(parse("").0.new_game().level, DEFAULT_LEVEL);
    }

    #[test]
    fn a_written_link_reads_back_and_stays_readable() {
        let link = Link {
            variant: Some("mansindam".into()),
            fen: Some("rnbqk+b1r/9/9 w - 12".into()),
            moves: vec!["e3e4".into(), "P@e5".into(), "c6c7+".into()],
            orient: Some(Side::Black),
            mode: Some(Mode::View),
            level: Some(2),
            pieces: Some(PieceSet::Traditional),
            lang: Some(Lang::En),
            embed: true,
            players: [Some(Player::Computer), None],
            ..Link::default()
        };
        let q = link.query();
        assert_eq!(
            q,
            "variant=mansindam&fen=rnbqk%2Bb1r/9/9%20w%20-%2012&moves=e3e4,P@e5,c6c7%2B\
             &mode=view&white=computer&level=2&orient=black&pieces=traditional&lang=en&embed=1"
        );
        assert_eq!(parse(&q), (link, vec![]));
    }

    #[test]
    fn a_shared_game_opens_as_it_was_seen() {
        use crate::protocol::Request;
        use crate::worker::testing::Ask;
        use crate::worker::Session;
        use Player::{Computer as C, Human as H};
        let shared = |players: [Player; 2], fen: Option<&str>, bottom, viewer, pieces| {
            let mut s = Session::new();
            s.ask(Request::NewGame(NewGame {
                variant: "pandemonium".into(),
                fen: fen.map(String::from),
                moves: vec!["e4e5".into()],
                players,
                level: 4,
                ..NewGame::default()
            }))
            .unwrap();
            let shown = match viewer {
                true => Shown::Viewed,
                false => Shown::Played,
            };
            Link::of_game(&s.snapshot(), bottom, shown, pieces).query()
        };
        let trad = PieceSet::Traditional;
        let intl = PieceSet::International;
        assert_eq!(
            shared([H, C], None, Side::White, false, intl),
            "variant=pandemonium&moves=e4e5&mode=ai&level=4"
        );
        assert_eq!(
            shared([C, H], None, Side::Black, false, trad),
            "variant=pandemonium&moves=e4e5&mode=ai&level=4&orient=black&pieces=traditional"
        );
        // The player with White turned the board: the link says who plays.
        assert_eq!(
            shared([H, C], None, Side::Black, false, intl),
            "variant=pandemonium&moves=e4e5&mode=ai&white=human&black=computer&level=4&orient=black"
        );
        assert_eq!(
            shared([H, H], None, Side::White, true, intl),
            "variant=pandemonium&moves=e4e5&mode=view"
        );
        assert_eq!(
            shared([C, C], None, Side::White, false, intl),
            "variant=pandemonium&moves=e4e5&white=computer&black=computer&level=4"
        );
        let start = Variant::Pandemonium.start_fen();
        let fen = format!("{} 7", start.rsplit_once(' ').unwrap().0);
        let q = shared([H, H], Some(&fen), Side::White, false, intl);
        assert!(q.starts_with("variant=pandemonium&fen="), "{q}");
        // What the link says starts the same game.
        let (link, problems) = parse(&q);
        assert_eq!(problems, []);
        assert_eq!(link.new_game().fen.as_deref(), Some(fen.as_str()));
        assert_eq!(link.new_game().players, [H, H]);
        // The analysis board: its link opens it again, for two players.
        let mut s = Session::new();
        s.ask(Request::NewGame(NewGame {
            moves: vec!["e3e4".into()],
            players: [H, C],
            ..NewGame::default()
        }))
        .unwrap();
        let q = Link::of_game(&s.snapshot(), Side::Black, Shown::Analysed, intl).query();
        assert_eq!(q, "variant=mansindam&moves=e3e4&mode=analysis&orient=black");
        let (link, problems) = parse(&q);
        assert_eq!(problems, []);
        assert_eq!(
            (link.mode, link.new_game().players),
            (Some(Mode::Analysis), [H, H])
        );
        // Analysis has no computer opponent: a level is ignored, and said so.
        let (link, problems) = parse("mode=analysis&level=3");
        assert_eq!(link.level, None);
        assert_eq!(problems[0].expected, Expected::AgainstComputer);
    }

    #[test]
    fn a_promotion_typed_into_a_link_as_plus_is_kept() {
        let (link, _) = parse("moves=e3e4,+c6c7+,P@e5+,d2d3%2B,+");
        assert_eq!(link.moves, ["e3e4", "c6c7+", "P@e5+", "d2d3+"]);
    }

    #[test]
    fn percent_escapes_decode_like_a_browser() {
        assert_eq!(decode("a%2Bb+c%20d"), "a+b c d");
        assert_eq!(decode("%E5%8F%8B"), "友");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%FF"), "\u{FFFD}");
    }

    /// A diagram's link: its theme, last move, arrows and marked squares.
    #[test]
    fn a_diagrams_marks_read_back() {
        let q = "variant=pandemonium&mode=diagram&theme=slate&last=P@e5&arrows=e2e4,c1g5&marks=d5,i9&embed=1";
        let (link, problems) = parse(q);
        assert_eq!(problems, []);
        let sq = |s: &str| parse_square(s).unwrap();
        assert_eq!(link.mode, Some(Mode::Diagram));
        assert_eq!(link.theme, Some(Theme::Slate));
        assert_eq!(link.last, Some((None, sq("e5"))));
        assert_eq!(link.arrows, [(sq("e2"), sq("e4")), (sq("c1"), sq("g5"))]);
        assert_eq!(link.marks, [sq("d5"), sq("i9")]);
        assert_eq!(
            link.query(),
            "variant=pandemonium&mode=diagram&theme=slate&last=@e5&arrows=e2e4,c1g5&marks=d5,i9&embed=1"
        );
        assert_eq!(parse("last=e2e4+").0.last, Some((Some(sq("e2")), sq("e4"))));
        // What cannot be read is named, and left out.
        // A drop names one piece at most.
        assert_eq!(parse("last=PP@e5").1[0].expected, Expected::Squares);
        let (link, problems) = parse("last=e2&arrows=e2e4,z9a1&marks=e4,,e10&theme=pink");
        assert_eq!(
            (link.last, link.arrows.len(), link.marks.len(), link.theme),
            (None, 0, 0, None)
        );
        let named: Vec<_> = problems.iter().map(|p| (p.param, p.expected)).collect();
        assert_eq!(
            named,
            [
                ("last", Expected::Squares),
                ("arrows", Expected::Squares),
                ("marks", Expected::Squares),
                ("theme", Expected::OneOf("wood|slate")),
            ]
        );
        let many = vec!["e4"; MAX_SHAPES + 1].join(",");
        assert_eq!(parse(&format!("marks={many}")).1.len(), 1);
    }

    /// The board editor's links: each mode's reads back as it was written.
    #[test]
    fn editor_links_read_back_exactly() {
        let fen = "4k4/9/9/9/9/9/9/9/4K4[Pr] b - - 0 1";
        let intl = PieceSet::International;
        let cases = [
            (Mode::Ai, Side::White, "variant=mansindam&fen=4k4/9/9/9/9/9/9/9/4K4%5BPr%5D%20b%20-%20-%200%201&mode=ai"),
            (Mode::Local, Side::Black, "variant=mansindam&fen=4k4/9/9/9/9/9/9/9/4K4%5BPr%5D%20b%20-%20-%200%201&mode=local&orient=black"),
            (Mode::Analysis, Side::White, "variant=mansindam&fen=4k4/9/9/9/9/9/9/9/4K4%5BPr%5D%20b%20-%20-%200%201&mode=analysis"),
            (Mode::Editor, Side::White, "variant=mansindam&fen=4k4/9/9/9/9/9/9/9/4K4%5BPr%5D%20b%20-%20-%200%201&mode=editor"),
        ];
        for (mode, bottom, query) in cases {
            let link = Link::of_position("mansindam", fen, mode, bottom, intl);
            assert_eq!(link.query(), query);
            assert_eq!(parse(query), (link, vec![]));
        }
        // The start position is the variant's own: no FEN.
        let start = Variant::Pandemonium.start_fen();
        let link = Link::of_position("pandemonium", start, Mode::Editor, Side::White, intl);
        assert_eq!(link.query(), "variant=pandemonium&mode=editor");
        // A piece set other than the default goes with the link.
        let traditional = PieceSet::Traditional;
        let link = Link::of_position("pandemonium", start, Mode::Ai, Side::White, traditional);
        assert_eq!(
            link.query(),
            "variant=pandemonium&mode=ai&pieces=traditional"
        );
        // A game against the computer from the editor: the player has the
        // side at the bottom, the computer the other.
        let (link, _) = parse(cases[0].2);
        assert_eq!(link.new_game().players, [Player::Human, Player::Computer]);
        assert_eq!(link.new_game().fen.as_deref(), Some(fen));
    }

    proptest! {
        #[test]
        fn any_query_reads_without_panicking(q in ".{0,200}") {
            let (link, problems) = parse(&q);
            prop_assert!(problems.len() <= q.split('&').count());
            prop_assert!(link.fen.map_or(0, |f| f.chars().count()) <= MAX_FEN);
        }

        #[test]
        fn any_position_link_reads_back(
            fen in "[ -~]{1,80}",
            mode in 0usize..Mode::ALL.len(),
            black in proptest::bool::ANY,
        ) {
            let mode = Mode::ALL[mode];
            let bottom = if black { Side::Black } else { Side::White };
            let link = Link::of_position("pandemonium", fen.trim(), mode, bottom, PieceSet::Traditional);
            prop_assume!(!fen.trim().is_empty());
            prop_assert_eq!(parse(&link.query()), (link, vec![]));
        }

        #[test]
        fn any_fen_and_moves_survive_a_round_trip(
            fen in "[ -~]{1,80}",
            moves in proptest::collection::vec("[a-zA-Z0-9@+=*]{1,6}", 0..20),
        ) {
            let link = Link {
                fen: Some(fen.trim().to_string()).filter(|f| !f.is_empty()),
                moves,
                ..Link::default()
            };
            prop_assert_eq!(parse(&link.query()), (link, vec![]));
        }
    }
}
