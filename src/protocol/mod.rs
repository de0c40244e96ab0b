//! The messages between the page and the worker.
//!
//! The page never decides a rule: it sends what the player asked for
//! ([`Request`]) and shows what the worker answers ([`Snapshot`]), which
//! carries every legal move of the position. These types use no engine type,
//! so the page's wasm does not link the rules engine. Squares are indices
//! `0..81`, rank by rank from a1 (0) to i9 (80); piece kinds are indices into
//! [`Snapshot::kinds`], hand kinds first (`0..hand_kinds`).
//!
//! On the wasm target the page and the worker post them to each other as
//! bytes: `encode` and `decode` write and read them with postcard (a
//! compact binary form, no text), and an unreadable message is named by
//! [`unreadable`] in our own words. Natively they are plain data (the tests
//! and tools call the worker's session directly), so their serde derives
//! are compiled for wasm only.

mod analysis;
#[cfg(feature = "study")]
pub mod friend;
pub mod puzzle;

#[cfg(target_arch = "wasm32")]
use serde::{Deserialize, Serialize};

pub use analysis::{
    Analyse, Analysis, Eval, GameReview, LineView, Mark, MoveMark, ReviewGame, ReviewProgress,
    SideSummary, ANALYSIS_LINES,
};

/// A side of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum Side {
    #[default]
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn flip(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `white` / `black`, as in the page's `data-hand` attributes and URLs.
    pub const fn id(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Side::White),
            "black" | "b" => Some(Side::Black),
            _ => None,
        }
    }
}

/// The language of the page and of the worker's refusals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum Lang {
    #[default]
    En,
    Ko,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ko];

    /// `en` / `ko`, as in URLs, storage and `<html lang>`.
    pub const fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    /// The language's own name, for the switch.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ko => "한국어",
        }
    }

    /// A short form of [`Lang::name`] for narrow screens.
    pub const fn short_name(self) -> &'static str {
        match self {
            Lang::En => "EN",
            Lang::Ko => "한",
        }
    }

    /// The other language (the page's switch).
    pub const fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Ko,
            Lang::Ko => Lang::En,
        }
    }

    /// `en`, `ko`, or a browser language tag such as `ko-KR`.
    pub fn parse(s: &str) -> Option<Lang> {
        let primary = s.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "ko" => Some(Lang::Ko),
            _ => None,
        }
    }

    /// The first of the browser's preferred languages that the page speaks
    /// (English when none is).
    pub fn from_preferences<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter().find_map(Lang::parse).unwrap_or_default()
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum Player {
    Human,
    Computer,
    /// A friend on another device, whose moves come over the network (the
    /// study bundle's online games; last, as the play page has none).
    #[cfg(feature = "study")]
    Friend,
}

impl Player {
    pub const fn id(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer => "computer",
            #[cfg(feature = "study")]
            Player::Friend => "friend",
        }
    }

    pub fn parse(s: &str) -> Option<Player> {
        match s.trim().to_ascii_lowercase().as_str() {
            "human" | "player" => Some(Player::Human),
            "computer" | "ai" | "cpu" => Some(Player::Computer),
            _ => None,
        }
    }
}

/// A game to start: the variant (its id, `mansindam` or `pandemonium`), an
/// optional start position and moves already played (UCI strings), who
/// plays each side, and the computer's level (1 to 6).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct NewGame {
    /// The page's number for this game, given back in every snapshot. A game
    /// resumed in a restarted worker keeps its number, so the page knows it
    /// is the same game.
    pub id: u32,
    pub variant: String,
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub players: [Player; 2],
    pub level: u8,
    /// The game comes from a link: a FEN or a move that cannot be used is
    /// reported and the game starts from the standard position (a bad move:
    /// from the position before it) instead of being refused.
    pub from_link: bool,
    /// The computer's time, when the game has a clock.
    pub clock: Option<TimeLeft>,
}

/// The computer's time on the game's clock, as the page's clock reads it
/// when the computer's turn comes: main time, increment, and byoyomi
/// periods. The computer thinks within its share of it, and a search that
/// overran it all would lose the game on time (the page judges only the
/// humans' time, the worker the computer's, where it is spent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct TimeLeft {
    pub main_ms: u64,
    pub increment_ms: u64,
    pub byoyomi_ms: u64,
    pub periods: u32,
}

impl TimeLeft {
    /// The longest one move may take: the main time and every period.
    pub fn total_ms(&self) -> u64 {
        self.main_ms + self.byoyomi_ms * u64::from(self.periods)
    }
}

/// A game record (PGN) or a position (FEN) pasted by the player, to play on
/// as a new game numbered `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct Load {
    pub id: u32,
    pub text: String,
    /// The game a FEN, or a PGN without a `[Variant]` tag, is read as.
    pub variant: String,
    pub players: [Player; 2],
    pub level: u8,
}

/// The computer's playing levels are `1..=LEVELS` (the worker checks that
/// the AI has as many).
pub const LEVELS: u8 = 6;

/// The computer's level when none is chosen.
pub const DEFAULT_LEVEL: u8 = 3;

/// Mansindam from the start, a human with White against the computer.
impl Default for NewGame {
    fn default() -> Self {
        NewGame {
            id: 0,
            variant: "mansindam".into(),
            fen: None,
            moves: Vec::new(),
            players: [Player::Human, Player::Computer],
            level: DEFAULT_LEVEL,
            from_link: false,
            clock: None,
        }
    }
}

/// How many plies a Take back removes, `plies` having been played with
/// `to_move` to move: the last one, then every computer move before it, so
/// that a human is to move again (never past the start).
pub fn take_back_count(players: [Player; 2], to_move: Side, plies: usize) -> usize {
    let mut side = to_move;
    let mut count = 0;
    while count < plies {
        count += 1;
        side = side.flip();
        if players[side.index()] == Player::Human {
            break;
        }
    }
    count
}

/// A move as the page names it: from a square or from the hand, to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct MoveSpec {
    /// Origin square of a board move.
    pub from: Option<u8>,
    /// Hand kind of a drop.
    pub drop: Option<u8>,
    pub to: u8,
    pub promotes: bool,
}

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum Request {
    NewGame(NewGame),
    /// Play a move for the side to move; ignored unless it is legal and a
    /// human's turn.
    Play(MoveSpec),
    /// A side gives up.
    Resign(Side),
    /// Take back the last move (against the computer: back to the human's
    /// turn). A game that has ended is taken back only when the player
    /// `reopened` it; one lost on time never is.
    TakeBack {
        reopened: bool,
    },
    /// The best move for the side to move and its evaluation.
    Hint,
    /// The position after this many moves, to look back at.
    ShowMove(u32),
    /// Play on from a pasted record or position (the game is unchanged if
    /// it cannot be read).
    Load(Load),
    /// A side's clock ran out (the page keeps the clock).
    Flag(Side),
    /// The game as PGN, dated as given (`2026.11.23`).
    Record {
        date: String,
    },
    /// A move typed by the player (`e3e4`, `c6c7+`, `P@e5` or SAN): played
    /// when it names a legal move, unless it would end the game by
    /// repetition, which is first sent back to be confirmed
    /// ([`Response::Confirm`]).
    PlayTyped(String),
    /// The language of the worker's refusals.
    SetLang(Lang),
    /// The computer's time on the clock, sent with each human move of a
    /// timed game (for the computer's reply).
    ComputerTime(TimeLeft),
    // (The analysis board's requests come last, so that the play page,
    // built without them, numbers the others as the worker does.)
    /// Analyse a position: [`Response::Analysis`] after every iteration of
    /// the search, until it is done (the page replaces a busy worker to
    /// analyse another position). Leaves the worker's game as it was.
    #[cfg(feature = "study")]
    Analyse(Analyse),
    /// Review a game: [`Response::ReviewProgress`] after every position,
    /// then [`Response::Reviewed`].
    #[cfg(feature = "study")]
    Review(ReviewGame),
    /// The board editor: judge a position being set up, or read one from a
    /// FEN ([`Response::Setup`]). Leaves the worker's game as it was.
    #[cfg(feature = "study")]
    Setup(SetupRequest),
    /// The game against a friend on another device.
    #[cfg(feature = "study")]
    Friend(friend::FriendRequest),
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum Response {
    /// The worker has started and reads requests.
    Ready,
    Snapshot(Box<Snapshot>),
    Hint(Hint),
    /// A position of the game's past (no moves to make in it).
    Past(Box<Snapshot>),
    /// The game as PGN.
    Record(String),
    /// A typed move that would end the game by repetition: the page asks
    /// the player before it sends it as [`Request::Play`].
    Confirm(MoveView),
    /// A request could not be carried out (the game goes on as it was).
    Error(String),
    // (The analysis board's answers come last: see `Request`.)
    #[cfg(feature = "study")]
    Analysis(Analysis),
    #[cfg(feature = "study")]
    ReviewProgress(ReviewProgress),
    #[cfg(feature = "study")]
    Reviewed(Box<GameReview>),
    /// The position set up, judged; or why a FEN could not be read (the
    /// editor's position is then unchanged).
    #[cfg(feature = "study")]
    Setup(Result<Box<SetupJudged>, String>),
    #[cfg(feature = "study")]
    Friend(friend::FriendNews),
}

/// A position being set up on the board editor, as the page holds it: the
/// rules have not judged it (two Kings, a Pawn too many are possible).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct SetupView {
    pub variant: String,
    /// 81 squares, a1 first (none on an empty square).
    pub board: Vec<Option<PieceView>>,
    /// Counts per hand kind, White's then Black's.
    pub hands: [Vec<u8>; 2],
    pub to_move: Side,
    /// The FEN's counters, kept as they were read.
    pub halfmove: u32,
    pub fullmove: u32,
}

/// What the board editor asks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum SetupRequest {
    /// Judge this position.
    Judge(SetupView),
    /// Read a FEN of a variant (judged too, if it can be read).
    Read { variant: String, fen: String },
}

/// A position set up, as the rules see it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct SetupJudged {
    pub setup: SetupView,
    /// The variant's pieces, as in [`Snapshot::kinds`] (for the palette).
    pub kinds: Vec<KindView>,
    pub hand_kinds: u8,
    /// The position as FEN (written whether or not the rules allow it).
    pub fen: String,
    /// What the rules do not allow, in the page's language; `None`: a
    /// position that can be played.
    pub problem: Option<String>,
    /// A legal position in which the game is already over (a Mansindam
    /// King that has camped, a side checkmated).
    pub ending: Option<Ending>,
    /// The square of the King in check, if the side to move is in check.
    pub check: Option<u8>,
}

/// The computer's advice for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct Hint {
    /// The game and the number of moves played when it was asked: a hint for
    /// a position no longer on the board is dropped.
    pub game_id: u32,
    pub ply: u32,
    pub spec: MoveSpec,
    /// The move in SAN (`Nc3`, `P@e5+`).
    pub san: String,
    /// The evaluation for the side to move: `+0.35`, `#3` (mates in 3).
    pub score: String,
    /// The expected line in SAN, starting with the move.
    pub line: Vec<String>,
    pub depth: u32,
}

/// Why a game ended, in the words of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Campmate,
    Repetition,
    PerpetualCheck,
    Resignation,
    /// A player's clock ran out.
    Time,
}

impl EndReason {
    /// A name that stays the same in every language (the page's
    /// `data-reason`); the page's texts are in `web::i18n`.
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Campmate => "campmate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct Ending {
    pub winner: Side,
    pub reason: EndReason,
}

impl Ending {
    /// The result as PGN writes it: `1-0` (White wins) or `0-1`.
    pub const fn result(self) -> &'static str {
        match self.winner {
            Side::White => "1-0",
            Side::Black => "0-1",
        }
    }
}

/// One piece kind of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct KindView {
    pub letter: char,
    /// The piece's name in English and in Korean.
    pub name: String,
    pub korean: String,
    /// The Chinese character of the traditional piece set.
    pub hanja: char,
    /// The King.
    pub royal: bool,
    /// How it moves: Betza notation, and the engine's bit set of move atoms
    /// (for the rules help's diagrams).
    pub betza: String,
    pub atoms: u8,
    pub promoted: bool,
    /// The kind it promotes to, if any.
    pub promotes_to: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct PieceView {
    pub side: Side,
    pub kind: u8,
}

/// A legal move and what it would cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct MoveView {
    pub spec: MoveSpec,
    /// Pandemonium: the move makes a third occurrence and ends the game so.
    pub ends_game: Option<Ending>,
}

/// Everything the page shows, after every change.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct Snapshot {
    /// Grows with every new game, so the page can reset what it remembers.
    pub game_id: u32,
    pub variant: String,
    pub kinds: Vec<KindView>,
    pub hand_kinds: u8,
    /// 81 squares, a1 first.
    pub board: Vec<Option<PieceView>>,
    /// Counts per hand kind, White's then Black's.
    pub hands: [Vec<u8>; 2],
    pub to_move: Side,
    /// Every legal move of the side to move (none once the game is over or
    /// while the computer is to move).
    pub moves: Vec<MoveView>,
    /// The last move's origin square (none for a drop) and destination.
    pub last_move: Option<(Option<u8>, u8)>,
    /// The square of a King in check.
    pub check: Option<u8>,
    pub san: Vec<String>,
    pub ending: Option<Ending>,
    pub players: [Player; 2],
    pub level: u8,
    /// The computer is choosing its move.
    pub thinking: bool,
    /// The position on the board, as FEN.
    pub fen: String,
    /// The start position and the moves played, to save and restore the game.
    pub start_fen: String,
    pub uci: Vec<String>,
}

impl Snapshot {
    pub fn piece(&self, square: u8) -> Option<PieceView> {
        self.board.get(square as usize).copied().flatten()
    }

    pub fn kind(&self, kind: u8) -> Option<&KindView> {
        self.kinds.get(kind as usize)
    }

    pub fn hand(&self, side: Side, kind: u8) -> u8 {
        self.hands[side.index()]
            .get(kind as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The game as it stands, to start again in a new worker.
    pub fn resume(&self) -> NewGame {
        NewGame {
            id: self.game_id,
            variant: self.variant.clone(),
            fen: Some(self.start_fen.clone()),
            moves: self.uci.clone(),
            players: self.players,
            level: self.level,
            from_link: false,
            clock: None,
        }
    }

    /// The game after a Take back (see [`take_back_count`]), to start again
    /// in a new worker; `None` when no move was played.
    pub fn taken_back(&self) -> Option<NewGame> {
        let plies = self.uci.len();
        let count = take_back_count(self.players, self.to_move, plies);
        (count > 0).then(|| NewGame {
            moves: self.uci[..plies - count].to_vec(),
            ..self.resume()
        })
    }

    /// The same game again from its start (variant, start position,
    /// players, level), the colours exchanged when `swap`.
    pub fn rematch(&self, swap: bool) -> NewGame {
        let mut players = self.players;
        if swap {
            players.reverse();
        }
        NewGame {
            moves: Vec::new(),
            players,
            ..self.resume()
        }
    }

    /// Whether a human is to move in a game still going on.
    pub fn human_to_move(&self) -> bool {
        self.ending.is_none()
            && !self.thinking
            && self.players[self.to_move.index()] == Player::Human
    }
}

/// The human's side in a game against the computer or a friend on
/// another device (none between two players at one device).
pub fn human_side(players: [Player; 2]) -> Option<Side> {
    match players {
        [Player::Human, Player::Human] => None,
        [Player::Human, _] => Some(Side::White),
        [_, Player::Human] => Some(Side::Black),
        _ => None,
    }
}

/// Square names for people and for the page's `data-square` attributes.
pub fn square_name(square: u8) -> String {
    let file = (b'a' + square % 9) as char;
    let rank = square / 9 + 1;
    format!("{file}{rank}")
}

/// Parses `a1`..`i9` into a square index.
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = b[0].wrapping_sub(b'a');
    let rank = b[1].wrapping_sub(b'1');
    (file < 9 && rank < 9).then(|| rank * 9 + file)
}

/// The page and the worker exchange requests and responses as bytes
/// (postcard): compact and quick to read at both ends, and reading them
/// brings no float or Debug formatting (serde's error messages) into the
/// page's wasm.
#[cfg(target_arch = "wasm32")]
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    postcard::to_allocvec(message).unwrap_or_default()
}

/// A request or response from its bytes (`encode`'s), or why it cannot be read.
/// The reason is our own short sentence: postcard's error texts (its
/// `Display`) would cost the first visit almost a kilobyte.
#[cfg(target_arch = "wasm32")]
pub fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| unreadable(&e).to_string())
}

/// Why bytes are not a message: cut short, or not one this build knows.
pub fn unreadable(e: &postcard::Error) -> &'static str {
    match e {
        postcard::Error::DeserializeUnexpectedEnd => "its bytes end too early",
        _ => "its bytes are not a message this build knows",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_bytes_are_named_in_a_sentence() {
        let cut = postcard::from_bytes::<u32>(&[]).unwrap_err();
        assert_eq!(unreadable(&cut), "its bytes end too early");
        let unknown = postcard::from_bytes::<bool>(&[7]).unwrap_err();
        assert_eq!(
            unreadable(&unknown),
            "its bytes are not a message this build knows"
        );
    }

    #[test]
    fn square_names_round_trip() {
        for sq in 0..81u8 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(80), "i9");
        assert_eq!(parse_square("j1"), None);
        assert_eq!(parse_square("a0"), None);
        assert_eq!(parse_square("e"), None);
        assert_eq!(parse_square("é1"), None);
    }

    #[test]
    fn take_back_returns_to_a_human_turn() {
        use Player::{Computer, Human};
        // Two players: one ply. Against the computer: back to the human.
        assert_eq!(take_back_count([Human, Human], Side::White, 5), 1);
        assert_eq!(take_back_count([Human, Computer], Side::White, 4), 2);
        // The computer is thinking (its turn): the human's last move only.
        assert_eq!(take_back_count([Human, Computer], Side::Black, 3), 1);
        // The computer moved first: never past the start.
        assert_eq!(take_back_count([Computer, Human], Side::Black, 1), 1);
        assert_eq!(take_back_count([Human, Computer], Side::White, 0), 0);
        assert_eq!(take_back_count([Computer, Computer], Side::White, 3), 3);
    }

    #[test]
    fn sides_and_players_parse() {
        assert_eq!(Side::parse("Black"), Some(Side::Black));
        assert_eq!(Side::parse("x"), None);
        assert_eq!(Player::parse("computer"), Some(Player::Computer));
        assert_eq!(Player::parse(""), None);
    }
}
