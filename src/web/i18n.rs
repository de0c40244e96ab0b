//! Every text the page shows, in English and in Korean (the inventor's
//! language). A text with a `{name}` placeholder is filled by [`fill`]; piece
//! names come from [`piece_name`], which knows both games' pieces by letter.
//!
//! Plain data with no web dependency, so that it is tested natively.

use crate::protocol::{EndReason, Ending, KindView, Lang, Player, Side, Snapshot};
use crate::web::clock::TimeControl;
use crate::web::link::{Expected, Problem};
use crate::web::prefs::{PieceSet, Theme};

/// The page's texts in a language.
pub trait Texts {
    fn text(self) -> &'static Text;
}

impl Texts for Lang {
    fn text(self) -> &'static Text {
        match self {
            Lang::En => &EN,
            Lang::Ko => &KO,
        }
    }
}

/// Replaces each `{key}` in `template` by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}

/// The texts of one language.
pub struct Text {
    pub lang: Lang,
    /// The analysis board's words (in the study bundle only).
    #[cfg(feature = "study")]
    pub an: &'static AnalysisText,
    /// The button that opens the analysis board, and its title.
    pub analyse: &'static str,
    pub analyse_title: &'static str,
    /// The board editor's words (in the study bundle only).
    #[cfg(feature = "study")]
    pub ed: &'static EditorText,
    /// The embed builder's words (in the study bundle only).
    #[cfg(feature = "study")]
    pub bd: &'static BuilderText,
    /// The puzzle board's words (in the study bundle only).
    #[cfg(feature = "study")]
    pub pz: &'static PuzzleText,
    /// A game against a friend on another device (in the study bundle only).
    #[cfg(feature = "study")]
    pub fr: &'static crate::web::friend_text::FriendText,
    /// The Share dialog's way to the embed builder.
    pub embed_in_post: &'static str,
    /// The New game dialog's way to the board editor.
    pub set_up_position: &'static str,
    /// The New game dialog's way to the puzzles.
    pub solve_puzzles: &'static str,
    /// The New game dialog's way to a game with a friend on another device.
    pub play_friend: &'static str,
    pub tagline: &'static str,
    pub loading: &'static str,
    pub language: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub mansindam: &'static str,
    pub pandemonium: &'static str,
    // Status line.
    pub to_move: &'static str,
    pub your_move: &'static str,
    pub thinking: &'static str,
    pub check: &'static str,
    pub wins_by: &'static str,
    // Buttons.
    pub new_game: &'static str,
    /// New game on a phone's top bar, where the game's name needs the room.
    pub new_game_short: &'static str,
    pub flip: &'static str,
    pub flip_title: &'static str,
    pub take_back: &'static str,
    pub hint: &'static str,
    pub hint_title: &'static str,
    pub resign: &'static str,
    pub ok: &'static str,
    // Hint.
    pub hint_searching: &'static str,
    pub hint_label: &'static str,
    pub hint_score_title: &'static str,
    pub hint_line: &'static str,
    // Result.
    pub you_won: &'static str,
    pub computer_won: &'static str,
    pub side_won: &'static str,
    pub reasons: [&'static str; 7],
    /// Why a game ended, for the endings that need no name (a
    /// resignation and a loss on time name who lost: `resigned`,
    /// `out_of_time`), in `EndReason` order.
    pub explanations: [&'static str; 5],
    /// Who lost by resigning and by time, for the explanation: a side
    /// (`{side}`), you (against the computer), the computer.
    pub resigned: [&'static str; 3],
    pub out_of_time: [&'static str; 3],
    pub reopen: &'static str,
    pub rematch: &'static str,
    pub swap_sides: &'static str,
    // Moves.
    pub moves: &'static str,
    pub no_moves: &'static str,
    pub viewing: &'static str,
    pub viewing_start: &'static str,
    pub back_to_game: &'static str,
    // Hands.
    pub hand: &'static str,
    pub hand_slot: &'static str,
    pub computer: &'static str,
    pub you: &'static str,
    pub player: &'static str,
    // Board.
    pub board: &'static str,
    pub empty: &'static str,
    pub promote: &'static str,
    pub stay: &'static str,
    pub promote_question: &'static str,
    // Dialogs.
    pub repetition: &'static str,
    pub repetition_warning: &'static str,
    pub play_anyway: &'static str,
    pub take_it_back: &'static str,
    pub resign_question: &'static str,
    pub resign_text: &'static str,
    pub play_on: &'static str,
    pub game: &'static str,
    pub mansindam_note: &'static str,
    pub pandemonium_note: &'static str,
    pub opponent: &'static str,
    pub second_player: &'static str,
    pub on_this_device: &'static str,
    pub strength: &'static str,
    pub level: &'static str,
    pub level_notes: [&'static str; 6],
    pub you_play: &'static str,
    pub at_the_bottom: &'static str,
    pub moves_first: &'static str,
    pub cancel: &'static str,
    pub start: &'static str,
    pub clock: &'static str,
    pub clock_minutes: &'static str,
    pub clock_increment: &'static str,
    pub clock_byoyomi: &'static str,
    pub clock_periods: &'static str,
    pub no_clock: &'static str,
    /// A main time in minutes: `{m}`.
    pub minutes: &'static str,
    /// A clock's byoyomi periods left: `{b}` seconds, `{p}` periods.
    pub byoyomi_left: &'static str,
    pub start_fen: &'static str,
    // Keyboard and screen readers.
    pub type_move: &'static str,
    pub announce: &'static str,
    /// A move chosen while the computer thinks (`{move}`: `e3–e4`, `R@e5`).
    pub premove: &'static str,
    // Records.
    pub record: &'static str,
    pub record_title: &'static str,
    pub fen_label: &'static str,
    pub pgn_label: &'static str,
    pub copy: &'static str,
    pub copied: &'static str,
    pub paste_label: &'static str,
    pub load: &'static str,
    pub bad_record: &'static str,
    // Rules help.
    pub rules: &'static str,
    pub rules_title: &'static str,
    pub rules_mansindam: &'static [&'static str],
    pub rules_pandemonium: &'static [&'static str],
    pub legend_step: &'static str,
    pub legend_leap: &'static str,
    pub legend_slide: &'static str,
    pub promotes_to: &'static str,
    pub inventor_page: &'static str,
    // Settings.
    pub settings: &'static str,
    pub pieces: &'static str,
    pub international: &'static str,
    pub international_note: &'static str,
    pub traditional: &'static str,
    pub traditional_note: &'static str,
    pub figurine: &'static str,
    pub figurine_note: &'static str,
    pub board_theme: &'static str,
    pub wood: &'static str,
    pub slate: &'static str,
    pub sound: &'static str,
    pub on: &'static str,
    pub off: &'static str,
    pub close: &'static str,
    // Messages.
    pub engine_stopped: &'static str,
    pub saved_game_lost: &'static str,
    pub saved_too_long: &'static str,
    pub saved_missing: &'static str,
    pub saved_too_many_moves: &'static str,
    pub saved_unreadable: &'static str,
    /// A request the worker refused, with its reason.
    pub refused: &'static str,
    // Links, sharing and embedding.
    pub link_problem: &'static str,
    pub expected_one_of: &'static str,
    pub expected_level: &'static str,
    pub expected_at_most: &'static str,
    pub expected_against_computer: &'static str,
    pub expected_squares: &'static str,
    pub expected_puzzle_id: &'static str,
    pub share: &'static str,
    pub share_title: &'static str,
    pub share_text: &'static str,
    pub link_label: &'static str,
    pub open_full: &'static str,
    pub step_first: &'static str,
    pub step_back: &'static str,
    pub step_forward: &'static str,
    pub step_last: &'static str,
    pub update_ready: &'static str,
    pub reload: &'static str,
}

impl Text {
    pub fn side(&self, side: Side) -> &'static str {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    pub fn variant(&self, id: &str) -> &'static str {
        if id == "pandemonium" {
            self.pandemonium
        } else {
            self.mansindam
        }
    }

    pub fn reason(&self, reason: EndReason) -> &'static str {
        self.reasons[reason as usize]
    }

    /// The result card's explanation of an ending; a resignation or a loss
    /// on time names who lost: "Black resigned.", "Your clock ran out."
    pub fn ending_explanation(&self, ending: Ending, players: [Player; 2]) -> String {
        let texts = match ending.reason {
            EndReason::Resignation => &self.resigned,
            EndReason::Time => &self.out_of_time,
            reason => return self.explanations[reason as usize].to_string(),
        };
        let loser = ending.winner.flip();
        match (players[loser.index()], one_player_here(players)) {
            (Player::Human, true) => texts[1].to_string(),
            (Player::Computer, _) => texts[2].to_string(),
            (Player::Human, false) => fill(texts[0], &[("side", self.side(loser))]),
            #[cfg(feature = "study")]
            (Player::Friend, _) => match ending.reason {
                EndReason::Time => self.fr.their_clock_out,
                _ => self.fr.they_resigned,
            }
            .to_string(),
        }
    }

    /// "“level=9” in the link was ignored: use a level from 1 to 6."
    pub fn link_problem(&self, p: &Problem) -> String {
        let expected = match p.expected {
            Expected::OneOf(words) => fill(
                self.expected_one_of,
                &[("list", &words.split('|').collect::<Vec<_>>().join(", "))],
            ),
            Expected::Level => self.expected_level.to_string(),
            Expected::AtMost(n) => fill(self.expected_at_most, &[("n", &n.to_string())]),
            Expected::AgainstComputer => self.expected_against_computer.to_string(),
            Expected::Squares => self.expected_squares.to_string(),
            Expected::PuzzleId => self.expected_puzzle_id.to_string(),
        };
        fill(
            self.link_problem,
            &[
                ("param", p.param),
                ("value", &p.value),
                ("expected", &expected),
            ],
        )
    }

    /// A time control as the New game dialog offers it: `5+3`, or with
    /// byoyomi `10 min + 3×30 s` (`10+5 + 3×30 s` with an increment too).
    pub fn time_control(&self, c: TimeControl) -> String {
        let n = |n: u32| n.to_string();
        let main = match (c.periods, c.increment_s) {
            (0, _) | (_, 1..) => format!("{}+{}", c.minutes, c.increment_s),
            _ => fill(self.minutes, &[("m", &n(c.minutes))]),
        };
        if c.periods == 0 {
            return main;
        }
        let byoyomi = fill(
            self.byoyomi_left,
            &[("b", &n(c.byoyomi_s)), ("p", &n(c.periods))],
        );
        format!("{main} + {byoyomi}")
    }

    pub fn level_note(&self, level: u8) -> &'static str {
        self.level_notes[usize::from(level.clamp(1, 6) - 1)]
    }

    /// A piece set's name in the settings and the builder.
    pub fn piece_set(&self, set: PieceSet) -> &'static str {
        match set {
            PieceSet::International => self.international,
            PieceSet::Traditional => self.traditional,
            PieceSet::Figurine => self.figurine,
        }
    }

    /// A board theme's name.
    pub fn theme(&self, theme: Theme) -> &'static str {
        match theme {
            Theme::Wood => self.wood,
            Theme::Slate => self.slate,
        }
    }

    /// "White Pawn", "백 보병".
    pub fn piece(&self, side: Side, kind: &KindView) -> String {
        format!("{} {}", self.side(side), piece_name(self.lang, kind))
    }

    /// The status line: whose turn it is, or who won and why.
    pub fn status(&self, snap: &Snapshot) -> String {
        let t = self;
        if let Some(e) = snap.ending {
            return fill(
                t.wins_by,
                &[("side", t.side(e.winner)), ("reason", t.reason(e.reason))],
            );
        }
        let side = [("side", t.side(snap.to_move))];
        if snap.thinking {
            return t.thinking.to_string();
        }
        #[cfg(feature = "study")]
        if snap.players[snap.to_move.index()] == Player::Friend {
            return fill(t.fr.their_move, &side);
        }
        let who = if one_player_here(snap.players) {
            fill(t.your_move, &side)
        } else {
            fill(t.to_move, &side)
        };
        if snap.check.is_some() {
            fill(t.check, &[("status", &who)])
        } else {
            who
        }
    }

    /// The last line of the move list once the game has ended, the result
    /// as PGN writes it and the status: "1-0 · White wins by checkmate".
    pub fn result_line(&self, snap: &Snapshot) -> Option<String> {
        let e = snap.ending?;
        Some([e.result(), " · ", &self.status(snap)].concat())
    }

    /// "Computer", "You" (against the computer) or "Player" (two players).
    pub fn player(&self, players: [Player; 2], side: Side) -> &'static str {
        match (players[side.index()], one_player_here(players)) {
            (Player::Computer, _) => self.computer,
            (Player::Human, true) => self.you,
            (Player::Human, false) => self.player,
            #[cfg(feature = "study")]
            (Player::Friend, _) => self.fr.friend,
        }
    }
}

/// The page speaks to one player ("you"), against the computer or a
/// friend on another device; not to two players at one device.
pub fn one_player_here(players: [Player; 2]) -> bool {
    players.iter().any(|&p| p != Player::Human)
}

/// The text with its first letter in upper case: the engine writes its
/// messages (and the page its reasons) from the middle of a sentence.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A piece's name: the engine's English name, or its Korean name (both
/// come with the snapshot's kinds, from the engine's table of names).
pub fn piece_name(lang: Lang, kind: &KindView) -> String {
    match lang {
        Lang::En => kind.name.clone(),
        Lang::Ko => kind.korean.clone(),
    }
}

/// The diagram page's words (`diagram.html`: only its bundle has them).
pub struct DiagramText {
    pub download_svg: &'static str,
    pub download_png: &'static str,
    pub play_from_here: &'static str,
    /// "This diagram's position could not be read ({detail})."
    pub unreadable: &'static str,
    /// A link's move that cannot be played: the diagram stops before it.
    pub moves_stop: &'static str,
    pub offline: &'static str,
}

impl DiagramText {
    pub fn of(lang: Lang) -> &'static DiagramText {
        match lang {
            Lang::En => &DG_EN,
            Lang::Ko => &DG_KO,
        }
    }
}

static DG_EN: DiagramText = DiagramText {
    download_svg: "Download SVG",
    download_png: "Download PNG",
    play_from_here: "Play from this position",
    unreadable: "This diagram's position could not be read ({detail}).",
    moves_stop: "The diagram shows the position before a move that could not be played ({detail}).",
    offline: "The pieces could not be loaded: connect once to keep them for offline use.",
};

static DG_KO: DiagramText = DiagramText {
    download_svg: "SVG 내려받기",
    download_png: "PNG 내려받기",
    play_from_here: "이 국면에서 두기",
    unreadable: "이 그림의 국면을 읽을 수 없습니다({detail}).",
    moves_stop: "둘 수 없는 수가 있어 그 앞의 국면을 보여 줍니다({detail}).",
    offline: "말 그림을 불러오지 못했습니다. 한 번 연결하면 오프라인에서도 쓸 수 있습니다.",
};

/// The analysis board's words.
#[cfg(feature = "study")]
pub struct AnalysisText {
    pub title: &'static str,
    pub back_to_game: &'static str,
    pub engine: &'static str,
    pub engine_title: &'static str,
    /// "Depth {depth}".
    pub depth: &'static str,
    pub deepest: &'static str,
    pub starting: &'static str,
    /// "Evaluation: {eval}" (the bar, for screen readers).
    pub evaluation: &'static str,
    pub best_lines: &'static str,
    pub game_over_here: &'static str,
    pub engine_off: &'static str,
    pub review: &'static str,
    pub review_title: &'static str,
    /// "Reviewing: {done} of {total} positions".
    pub reviewing: &'static str,
    pub cancel: &'static str,
    pub review_heading: &'static str,
    /// Inaccuracies, mistakes, blunders (as `Mark::ALL`).
    pub marks: [&'static str; 3],
    /// One of each, for a move's label.
    pub mark_one: [&'static str; 3],
    pub average_loss: &'static str,
    /// "{move} was best".
    pub was_best: &'static str,
    pub graph: &'static str,
    pub variation: &'static str,
    pub moves: &'static str,
    pub export: &'static str,
    /// "The saved review of this game could not be read ({detail}): review
    /// it again."
    pub review_lost: &'static str,
}

#[cfg(feature = "study")]
pub static AN_EN: AnalysisText = AnalysisText {
    title: "Analysis board",
    back_to_game: "Back to the game",
    engine: "Engine",
    engine_title: "The engine's best lines for the position on the board",
    depth: "Depth {depth}",
    deepest: "Depth {depth}, done",
    starting: "The engine is starting…",
    evaluation: "Evaluation: {eval}",
    best_lines: "Best lines",
    game_over_here: "The game is over in this position.",
    engine_off: "Turn the engine on to see its lines.",
    review: "Review the game",
    review_title: "Judge every move of the main line with the engine",
    reviewing: "Reviewing: {done} of {total} positions",
    cancel: "Cancel",
    review_heading: "Review",
    marks: ["Inaccuracies", "Mistakes", "Blunders"],
    mark_one: ["Inaccuracy", "Mistake", "Blunder"],
    average_loss: "Average loss (pawns)",
    was_best: "{move} was best",
    graph: "Evaluation through the game: choose a move to see it",
    variation: "Variation",
    moves: "Moves",
    export: "Record with evaluations",
    review_lost: "The saved review of this game could not be read ({detail}): review it again.",
};

#[cfg(feature = "study")]
pub static AN_KO: AnalysisText = AnalysisText {
    title: "분석판",
    back_to_game: "대국으로 돌아가기",
    engine: "엔진",
    engine_title: "판 위 국면에 대한 엔진의 최선 수순",
    depth: "깊이 {depth}",
    deepest: "깊이 {depth}, 완료",
    starting: "엔진을 시작하는 중…",
    evaluation: "형세 평가: {eval}",
    best_lines: "최선 수순",
    game_over_here: "이 국면에서 대국이 끝났습니다.",
    engine_off: "엔진을 켜면 수순이 보입니다.",
    review: "대국 복기",
    review_title: "본선의 모든 수를 엔진으로 평가합니다",
    reviewing: "복기 중: 국면 {total}개 중 {done}개",
    cancel: "취소",
    review_heading: "복기",
    marks: ["부정확한 수", "실수", "큰 실수"],
    mark_one: ["부정확한 수", "실수", "큰 실수"],
    average_loss: "평균 손실 (폰 단위)",
    was_best: "최선은 {move}",
    graph: "대국 전체의 형세 그래프: 수를 고르면 그 국면을 봅니다",
    variation: "변화",
    moves: "수순",
    export: "평가가 담긴 기보",
    review_lost: "저장된 이 대국의 복기를 읽을 수 없습니다({detail}). 다시 복기해 주세요.",
};

/// The embed builder's words.
#[cfg(feature = "study")]
pub struct BuilderText {
    pub title: &'static str,
    pub intro: &'static str,
    pub shows: &'static str,
    /// Play on, the game, a diagram, the puzzle (as `Show::ALL`).
    pub show: [&'static str; 4],
    pub level: &'static str,
    pub bottom: &'static str,
    pub size: &'static str,
    /// Small, medium, large (as `SIZES`).
    pub sizes: [&'static str; 3],
    pub width: &'static str,
    pub height: &'static str,
    pub preview: &'static str,
    pub snippet: &'static str,
    pub back: &'static str,
    pub download: &'static str,
    /// The frame's title, as a screen reader says it: "{game}: …" (as
    /// `Show::ALL`).
    pub frame_title: [&'static str; 4],
}

#[cfg(feature = "study")]
pub static BD_EN: BuilderText = BuilderText {
    title: "Put this game in a post",
    intro: "Choose what your readers see; the preview is the frame itself. Copy the snippet into your post's HTML.",
    shows: "The post shows",
    show: [
        "This position, to play on against the computer",
        "The whole game, to step through",
        "A still diagram of this position",
        "This puzzle, to solve",
    ],
    level: "Computer's level",
    bottom: "At the bottom",
    size: "Frame size",
    sizes: ["Small", "Medium", "Large"],
    width: "Width",
    height: "Height",
    preview: "Preview",
    snippet: "Snippet for your post",
    back: "Back to the game",
    download: "Download it as SVG or PNG",
    frame_title: [
        "{game}: play against the computer",
        "{game}: a game to step through",
        "{game}: a diagram",
        "{game}: a puzzle to solve",
    ],
};

#[cfg(feature = "study")]
pub static BD_KO: BuilderText = BuilderText {
    title: "이 대국을 글에 넣기",
    intro: "독자에게 보일 것을 고르세요. 미리보기가 바로 그 틀입니다. 아래 코드를 글의 HTML에 붙여 넣으세요.",
    shows: "글에 보일 것",
    show: [
        "이 국면에서 컴퓨터와 이어 두기",
        "대국 전체를 한 수씩 보기",
        "이 국면의 그림",
        "이 퍼즐 풀어 보기",
    ],
    level: "컴퓨터 수준",
    bottom: "아래쪽",
    size: "틀 크기",
    sizes: ["작게", "보통", "크게"],
    width: "너비",
    height: "높이",
    preview: "미리보기",
    snippet: "글에 넣을 코드",
    back: "대국으로 돌아가기",
    download: "SVG나 PNG로 내려받기",
    frame_title: [
        "{game}: 컴퓨터와 두기",
        "{game}: 한 수씩 보는 대국",
        "{game}: 국면 그림",
        "{game}: 풀어 볼 퍼즐",
    ],
};

/// The board editor's words.
#[cfg(feature = "study")]
pub struct EditorText {
    pub title: &'static str,
    pub palette: &'static str,
    /// "{side}'s pieces".
    pub pieces_of: &'static str,
    pub palette_help: &'static str,
    /// "{side}'s hand".
    pub hand_of: &'static str,
    /// "One more {piece} in {side}'s hand" / "One fewer".
    pub more: &'static str,
    pub fewer: &'static str,
    pub to_move: &'static str,
    pub clear: &'static str,
    pub start: &'static str,
    pub game: &'static str,
    pub fen_help: &'static str,
    pub read_fen: &'static str,
    /// The position can be played: "{side} to move".
    pub legal: &'static str,
    /// "The game is over here: {ending}".
    pub over: &'static str,
    pub judging: &'static str,
    pub play_computer: &'static str,
    pub play_friend: &'static str,
    pub analyse: &'static str,
    pub share: &'static str,
}

/// The puzzle board's words.
#[cfg(feature = "study")]
pub struct PuzzleText {
    pub title: &'static str,
    /// "{side} to move: find the best move."
    pub your_move: &'static str,
    pub right: &'static str,
    /// "{move} is not the move. Try another."
    pub wrong: &'static str,
    pub solved: &'static str,
    pub failed: &'static str,
    pub showing: &'static str,
    pub loading: &'static str,
    /// "The puzzles could not be loaded: {detail}."
    pub problem: &'static str,
    /// "There is no puzzle “{id}”."
    pub unknown: &'static str,
    pub none_fits: &'static str,
    pub offline: &'static str,
    pub show_solution: &'static str,
    pub retry: &'static str,
    pub next: &'static str,
    /// "Puzzle {id} · rated {rating}".
    pub about: &'static str,
    /// "Your puzzle rating: {rating}".
    pub rating: &'static str,
    /// "Streak {streak} · best {best} · solved {solved}".
    pub record: &'static str,
    /// "The line: {moves}".
    pub line: &'static str,
    pub game: &'static str,
    pub both_games: &'static str,
    pub theme: &'static str,
    pub any_theme: &'static str,
    /// By `Theme::ALL`'s order.
    pub themes: [&'static str; 9],
    /// "Mate in {n}".
    pub mate_in: &'static str,
    /// "Your puzzle record could not be read ({detail}): it starts again."
    pub damaged: &'static str,
    pub not_a_record: &'static str,
    /// "its {field} “{value}” is not a number".
    pub not_a_number: &'static str,
    /// "it has a line “{line}” it should not have".
    pub unknown_line: &'static str,
}

#[cfg(feature = "study")]
impl PuzzleText {
    pub fn theme(&self, theme: crate::protocol::puzzle::Theme) -> &'static str {
        self.themes[theme as usize]
    }
}

#[cfg(feature = "study")]
pub static PZ_EN: PuzzleText = PuzzleText {
    title: "Puzzles",
    your_move: "{side} to move: find the best move.",
    right: "Right! Keep going.",
    wrong: "{move} is not the move. Try another.",
    solved: "Solved!",
    failed: "Not solved this time.",
    showing: "The solution:",
    loading: "Loading the puzzles…",
    problem: "The puzzles could not be loaded: {detail}.",
    unknown: "There is no puzzle “{id}”.",
    none_fits: "No puzzle has this game and theme.",
    offline: "connect once to keep them for offline play",
    show_solution: "Show the solution",
    retry: "Try again",
    next: "Next puzzle",
    about: "Puzzle {id} · rated {rating}",
    rating: "Your puzzle rating: {rating}",
    record: "Streak {streak} · best {best} · solved {solved}",
    line: "The line: {moves}",
    game: "Game",
    both_games: "Both games",
    theme: "Theme",
    any_theme: "Any theme",
    themes: [
        "Mate",
        "Winning material",
        "Drop mate",
        "Campmate",
        "Repetition rule",
        "Promotion",
        "Fork",
        "One move",
        "Three moves or more",
    ],
    mate_in: "Mate in {n}",
    damaged: "Your puzzle record could not be read ({detail}): it starts again.",
    not_a_record: "it is not a puzzle record",
    not_a_number: "its {field} “{value}” is not a number",
    unknown_line: "it has a line “{line}” it should not have",
};

#[cfg(feature = "study")]
pub static PZ_KO: PuzzleText = PuzzleText {
    title: "퍼즐",
    your_move: "{side} 차례: 가장 좋은 수를 찾으세요.",
    right: "맞습니다! 계속하세요.",
    wrong: "{move}은(는) 답이 아닙니다. 다른 수를 찾아보세요.",
    solved: "풀었습니다!",
    failed: "이번에는 풀지 못했습니다.",
    showing: "정답 수순:",
    loading: "퍼즐을 불러오는 중…",
    problem: "퍼즐을 불러오지 못했습니다: {detail}.",
    unknown: "“{id}” 퍼즐은 없습니다.",
    none_fits: "이 게임과 주제에 맞는 퍼즐이 없습니다.",
    offline: "한 번 연결하면 오프라인에서도 풀 수 있습니다",
    show_solution: "정답 보기",
    retry: "다시 풀기",
    next: "다음 퍼즐",
    about: "퍼즐 {id} · 난이도 {rating}",
    rating: "퍼즐 레이팅: {rating}",
    record: "연속 {streak} · 최고 {best} · 푼 퍼즐 {solved}",
    line: "수순: {moves}",
    game: "게임",
    both_games: "두 게임 모두",
    theme: "주제",
    any_theme: "모든 주제",
    themes: [
        "외통",
        "기물 이득",
        "드롭 외통",
        "입옥",
        "반복 규칙",
        "승격",
        "양수걸이",
        "한 수",
        "세 수 이상",
    ],
    mate_in: "{n}수 외통",
    damaged: "저장된 퍼즐 기록을 읽을 수 없어 새로 시작합니다: {detail}.",
    not_a_record: "퍼즐 기록이 아닙니다",
    not_a_number: "{field} 값 “{value}”이(가) 숫자가 아닙니다",
    unknown_line: "있으면 안 되는 줄 “{line}”이(가) 있습니다",
};

#[cfg(feature = "study")]
pub static ED_EN: EditorText = EditorText {
    title: "Board editor",
    palette: "Pieces to place",
    pieces_of: "{side}'s pieces",
    palette_help:
        "Choose a piece, then tap squares to place it; tap a piece on the board to take it off.",
    hand_of: "{side}'s hand",
    more: "One more {piece} in {side}'s hand",
    fewer: "One fewer {piece} in {side}'s hand",
    to_move: "To move",
    clear: "Clear",
    start: "Start position",
    game: "Game",
    fen_help: "Paste a FEN and press Enter to set it up",
    read_fen: "Set up",
    legal: "A legal position, {side} to move.",
    over: "The game is already over here: {ending}.",
    judging: "Checking the position…",
    play_computer: "Play the computer",
    play_friend: "Play a friend",
    analyse: "Analyse",
    share: "Share",
};

#[cfg(feature = "study")]
pub static ED_KO: EditorText = EditorText {
    title: "국면 편집기",
    palette: "놓을 말",
    pieces_of: "{side} 말",
    palette_help: "말을 고른 뒤 칸을 누르면 놓입니다. 판 위의 말을 누르면 치워집니다.",
    hand_of: "{side} 보유 말",
    more: "{side} 보유 말에 {piece} 하나 더",
    fewer: "{side} 보유 말에서 {piece} 하나 빼기",
    to_move: "둘 차례",
    clear: "모두 치우기",
    start: "시작 국면",
    game: "게임",
    fen_help: "FEN을 붙여 넣고 Enter를 누르면 배치됩니다",
    read_fen: "배치",
    legal: "둘 수 있는 국면입니다. {side} 차례.",
    over: "이 국면에서는 이미 대국이 끝났습니다: {ending}.",
    judging: "국면을 확인하는 중…",
    play_computer: "컴퓨터와 두기",
    play_friend: "친구와 두기",
    analyse: "분석",
    share: "공유",
};

pub static EN: Text = Text {
    lang: Lang::En,
    #[cfg(feature = "study")]
    an: &AN_EN,
    analyse: "Analyse",
    analyse_title: "Explore this game with the engine on an analysis board",
    #[cfg(feature = "study")]
    ed: &ED_EN,
    #[cfg(feature = "study")]
    bd: &BD_EN,
    #[cfg(feature = "study")]
    pz: &PZ_EN,
    #[cfg(feature = "study")]
    fr: &crate::web::friend_text::FR_EN,
    embed_in_post: "Put it in a post…",
    set_up_position: "Set up a position",
    solve_puzzles: "Solve puzzles",
    play_friend: "Play a friend online",
    tagline: "Chess on 9×9 with drops",
    loading: "Starting the game engine…",
    language: "Language",
    white: "White",
    black: "Black",
    mansindam: "Mansindam",
    pandemonium: "Pandemonium",
    to_move: "{side} to move",
    your_move: "Your move ({side})",
    thinking: "Computer is thinking…",
    check: "{status} — check!",
    wins_by: "{side} wins by {reason}",
    new_game: "New game",
    new_game_short: "New",
    flip: "⇅ Flip",
    flip_title: "Turn the board around",
    take_back: "↶ Take back",
    hint: "? Hint",
    hint_title: "The computer's best move here",
    resign: "⚑ Resign",
    ok: "OK",
    hint_searching: "Looking for a good move…",
    hint_label: "Hint: ",
    hint_score_title: "The evaluation for you: + is good, # is a forced mate",
    hint_line: "Expected: {line} (depth {depth})",
    you_won: "You won!",
    computer_won: "The computer won",
    side_won: "{side} won",
    reasons: [
        "checkmate",
        "stalemate",
        "campmate",
        "repetition",
        "perpetual check",
        "resignation",
        "time",
    ],
    explanations: [
        "The King is in check and cannot escape.",
        "The side to move has no legal move, which loses.",
        "The King reached the far rank.",
        "The same position occurred a third time; the player who repeated it loses.",
        "The same position occurred a third time through perpetual check; the checking side loses.",
    ],
    resigned: ["{side} resigned.", "You resigned.", "The computer resigned."],
    out_of_time: [
        "{side}'s clock ran out.",
        "Your clock ran out.",
        "The computer's clock ran out.",
    ],
    reopen: "Reopen the game (allow take back)",
    rematch: "Rematch",
    swap_sides: "Swap sides",
    moves: "{game} · moves",
    no_moves: "No moves yet.",
    viewing: "Move {n} of {total}",
    viewing_start: "The start position",
    back_to_game: "Back to the game",
    hand: "{side}'s hand",
    hand_slot: "{side}'s hand: {count} {piece}",
    computer: "Computer",
    you: "You",
    player: "Player",
    board: "Board",
    empty: "empty",
    promote: "Promote",
    stay: "Don't promote",
    promote_question: "Promote?",
    repetition: "Repetition",
    repetition_warning: "This move makes the same position occur for the third time. {mover} would lose: {winner} wins by {reason}.",
    play_anyway: "Play it anyway",
    take_it_back: "Take it back",
    resign_question: "Resign?",
    resign_text: "{side} gives up this game.",
    play_on: "Play on",
    game: "Game",
    mansindam_note: "萬神談 · compulsory promotion, campmate",
    pandemonium_note: "修羅場 · optional promotion, drops anywhere",
    opponent: "Opponent",
    second_player: "Second player",
    on_this_device: "on this device",
    strength: "Computer's strength",
    level: "Level {n}",
    level_notes: [
        "A beginner: sees one move ahead and often errs.",
        "Casual: looks two moves ahead.",
        "Club player: a quick, solid game.",
        "Strong: a fraction of a second a move.",
        "Expert: about a second a move.",
        "Master: its best, up to four seconds a move.",
    ],
    you_play: "You play",
    at_the_bottom: "At the bottom",
    moves_first: "moves first",
    cancel: "Cancel",
    start: "Start",
    clock: "Clock",
    clock_minutes: "minutes each",
    clock_increment: "seconds added per move",
    clock_byoyomi: "seconds of byoyomi (each move, after)",
    clock_periods: "byoyomi periods",
    no_clock: "None",
    minutes: "{m} min",
    byoyomi_left: "{p}×{b} s",
    start_fen: "Start from a position (FEN, optional)",
    type_move: "Type a move: e3e4, P@e5, Nc3…",
    announce: "{side} played {san}. {status}",
    premove: "Premove: {move}",
    record: "✎ Record",
    record_title: "Game record",
    fen_label: "This position (FEN)",
    pgn_label: "This game (PGN)",
    copy: "Copy",
    copied: "Copied ✓",
    paste_label: "Play on from a position or game: paste its FEN or PGN",
    load: "Play from it",
    bad_record: "This cannot be read, and the game on the board stays as it was. {error}",
    rules: "§ Rules",
    rules_title: "Rules",
    rules_mansindam: &[
        "Checkmate the King to win. A player who cannot move, in check or not (stalemate), loses. There are no draws.",
        "A captured piece changes sides and goes to the capturer's hand, unpromoted. Instead of moving, you may drop a piece from your hand on any empty square; it arrives unpromoted.",
        "Pawn drops: not on your last rank, and not on a file that already holds an unpromoted Pawn of yours. A Pawn drop may give mate.",
        "Promotion zone: the far three ranks. A move that starts or ends there promotes, always (promotion is compulsory).",
        "Campmate: a King that moves onto the far rank wins at once (like any King move, not into check).",
        "Repetition: a move that would make the same position (pieces, hands, side to move) occur a third time is not allowed; a player left without moves so loses.",
    ],
    rules_pandemonium: &[
        "Checkmate the King to win. A player who cannot move, in check or not (stalemate), loses. There are no draws.",
        "A captured piece changes sides and goes to the capturer's hand, unpromoted. Instead of moving, you may drop a piece from your hand on any empty square, Pawns too: on any file, even the last rank, and a Pawn drop may mate.",
        "Promotion zone: the far three ranks. A move that starts or ends there may promote: you choose each time. The three pieces on each second rank start promoted.",
        "No campmate: a King on the far rank does not win.",
        "Repetition: the move that makes a position occur for the third time ends the game. If one side gave check with every move since the first time, that side loses (perpetual check); otherwise the player who repeated loses. The page warns you first.",
    ],
    legend_step: "one step",
    legend_leap: "leaps (over pieces)",
    legend_slide: "slides any distance",
    promotes_to: "promotes to",
    inventor_page: "The inventor's page (English)",
    settings: "Settings",
    pieces: "Pieces",
    international: "International",
    international_note: "letters, as in the move list",
    traditional: "Traditional",
    traditional_note: "Chinese characters on shogi tiles",
    figurine: "Figurine",
    figurine_note: "chess figures; a fairy piece shows what it combines",
    board_theme: "Board",
    wood: "Wood",
    slate: "Slate",
    sound: "Sound",
    on: "On",
    off: "Off",
    close: "Close",
    engine_stopped: "The game engine stopped working. Reload the page to start again.",
    saved_game_lost: "The saved game could not be read ({damage}), so a new game has started.",
    saved_too_long: "{bytes} bytes, more than a saved game holds",
    saved_missing: "line {line} is missing",
    saved_too_many_moves: "line 3 holds {count} moves, more than {max}",
    saved_unreadable: "line {line} cannot be read: “{value}”",
    refused: "{detail}",
    link_problem: "“{param}={value}” in the link was ignored: {expected}.",
    expected_one_of: "use one of {list}",
    expected_level: "use a level from 1 to 6",
    expected_at_most: "it is too long (at most {n})",
    expected_against_computer: "a level is for a game against the computer (mode=ai)",
    expected_squares: "squares such as e4, or moves such as e2e4, separated by commas (at most 40)",
    expected_puzzle_id: "a puzzle's name, such as m17 or p4",
    share: "↗ Share",
    share_title: "Share this game",
    share_text: "This link opens the game as it stands, seen as you see it.",
    link_label: "Link",
    open_full: "Open the full game",
    step_first: "First position",
    step_back: "Previous move",
    step_forward: "Next move",
    step_last: "Last move",
    update_ready: "A new version of the game is ready.",
    reload: "Reload",
};

pub static KO: Text = Text {
    lang: Lang::Ko,
    #[cfg(feature = "study")]
    an: &AN_KO,
    analyse: "분석",
    analyse_title: "분석판에서 엔진과 함께 이 대국을 살펴봅니다",
    #[cfg(feature = "study")]
    ed: &ED_KO,
    #[cfg(feature = "study")]
    bd: &BD_KO,
    #[cfg(feature = "study")]
    pz: &PZ_KO,
    #[cfg(feature = "study")]
    fr: &crate::web::friend_text::FR_KO,
    embed_in_post: "글에 넣기…",
    set_up_position: "국면 배치하기",
    solve_puzzles: "퍼즐 풀기",
    play_friend: "온라인으로 친구와 두기",
    tagline: "잡은 말을 다시 놓는 9×9 체스",
    loading: "게임 엔진을 시작하는 중…",
    language: "언어",
    white: "백",
    black: "흑",
    mansindam: "만신담",
    pandemonium: "수라장",
    to_move: "{side} 차례",
    your_move: "당신 차례 ({side})",
    thinking: "컴퓨터가 생각하는 중…",
    check: "{status} — 장군!",
    wins_by: "{side} 승리: {reason}",
    new_game: "새 게임",
    new_game_short: "새 게임",
    flip: "⇅ 뒤집기",
    flip_title: "판을 돌려 봅니다",
    take_back: "↶ 무르기",
    hint: "? 힌트",
    hint_title: "이 국면에서 컴퓨터가 찾은 최선의 수",
    resign: "⚑ 기권",
    ok: "확인",
    hint_searching: "좋은 수를 찾는 중…",
    hint_label: "힌트: ",
    hint_score_title: "당신 쪽에서 본 평가: +는 유리, #은 외통수",
    hint_line: "예상 수순: {line} (깊이 {depth})",
    you_won: "당신이 이겼습니다!",
    computer_won: "컴퓨터가 이겼습니다",
    side_won: "{side} 승리",
    reasons: [
        "외통수",
        "스테일메이트",
        "입옥",
        "동형 반복",
        "연속 장군",
        "기권",
        "시간패",
    ],
    explanations: [
        "왕이 장군을 받았고 피할 수 없습니다.",
        "둘 차례인 쪽에 둘 수 있는 수가 없으면 집니다.",
        "왕이 상대의 끝 줄에 들어갔습니다.",
        "같은 국면이 세 번째로 나왔습니다. 반복한 쪽이 집니다.",
        "연속 장군으로 같은 국면이 세 번째로 나왔습니다. 장군을 건 쪽이 집니다.",
    ],
    resigned: ["{side}이 기권했습니다.", "당신이 기권했습니다.", "컴퓨터가 기권했습니다."],
    out_of_time: [
        "{side}의 시간이 다 되었습니다.",
        "당신의 시간이 다 되었습니다.",
        "컴퓨터의 시간이 다 되었습니다.",
    ],
    reopen: "대국 다시 열기 (무르기 허용)",
    rematch: "재대국",
    swap_sides: "흑백 바꿔 재대국",
    moves: "{game} · 기보",
    no_moves: "아직 둔 수가 없습니다.",
    viewing: "{total}수 중 {n}수째",
    viewing_start: "처음 국면",
    back_to_game: "대국으로 돌아가기",
    hand: "{side} 보유 말",
    hand_slot: "{side} 보유 말: {piece} {count}개",
    computer: "컴퓨터",
    you: "당신",
    player: "대국자",
    board: "판",
    empty: "빈 칸",
    promote: "승격",
    stay: "승격하지 않음",
    promote_question: "승격할까요?",
    repetition: "동형 반복",
    repetition_warning:
        "이 수를 두면 같은 국면이 세 번째로 나옵니다. {mover} 패배: {winner} 승리 ({reason}).",
    play_anyway: "그래도 둔다",
    take_it_back: "무른다",
    resign_question: "기권할까요?",
    resign_text: "{side}이(가) 이 게임을 포기합니다.",
    play_on: "계속 둔다",
    game: "게임",
    mansindam_note: "萬神談 · 의무 승격, 입옥 승리",
    pandemonium_note: "修羅場 · 선택 승격, 잡은 말을 어디든 놓기",
    opponent: "상대",
    second_player: "다른 사람",
    on_this_device: "이 기기에서 함께",
    strength: "컴퓨터의 실력",
    level: "{n}단계",
    level_notes: [
        "입문: 한 수 앞만 보고 자주 실수합니다.",
        "초급: 두 수 앞을 봅니다.",
        "중급: 빠르고 탄탄하게 둡니다.",
        "상급: 한 수에 1초도 걸리지 않습니다.",
        "고수: 한 수에 1초 정도 생각합니다.",
        "최고수: 한 수에 최대 4초까지 생각합니다.",
    ],
    you_play: "당신의 색",
    at_the_bottom: "아래쪽",
    moves_first: "먼저 둠",
    cancel: "취소",
    start: "시작",
    clock: "시계",
    clock_minutes: "분 (각자)",
    clock_increment: "초 (한 수마다 추가)",
    clock_byoyomi: "초읽기 (그 뒤 한 수마다 초)",
    clock_periods: "초읽기 횟수",
    no_clock: "없음",
    minutes: "{m}분",
    byoyomi_left: "{p}×{b}초",
    start_fen: "국면에서 시작 (FEN, 선택)",
    type_move: "수 입력: e3e4, P@e5, Nc3…",
    announce: "{side}: {san}. {status}",
    premove: "미리 두기: {move}",
    record: "✎ 기보",
    record_title: "기보",
    fen_label: "이 국면 (FEN)",
    pgn_label: "이 대국 (PGN)",
    copy: "복사",
    copied: "복사됨 ✓",
    paste_label: "국면이나 대국에서 이어 두기: FEN 또는 PGN을 붙여 넣으세요",
    load: "이어 두기",
    bad_record: "읽을 수 없어 판의 대국은 그대로입니다. {error}",
    rules: "§ 규칙",
    rules_title: "규칙",
    rules_mansindam: &[
        "왕을 외통수로 잡으면 이깁니다. 장군을 받았든 아니든 둘 수가 없는 쪽(스테일메이트)이 집니다. 무승부는 없습니다.",
        "잡은 말은 편을 바꾸어 잡은 쪽의 보유 말이 되며, 승격은 풀립니다. 말을 움직이는 대신 보유 말 하나를 빈 칸에 놓을 수 있고, 놓은 말은 승격하지 않은 상태입니다.",
        "보병 놓기: 자신의 마지막 줄에는 놓을 수 없고, 승격하지 않은 자신의 보병이 이미 있는 줄에도 놓을 수 없습니다. 보병을 놓아 외통수를 만들 수는 있습니다.",
        "승격 구역: 상대 쪽 세 줄. 이 구역에서 출발하거나 도착하는 수는 반드시 승격합니다(의무 승격).",
        "입옥: 왕이 상대의 끝 줄로 움직이면 곧바로 이깁니다(다른 왕의 수처럼 장군 받는 칸으로는 갈 수 없습니다).",
        "동형 반복: 같은 국면(말의 배치, 보유 말, 둘 차례)을 세 번째로 만드는 수는 둘 수 없습니다. 그 때문에 둘 수가 없으면 집니다.",
    ],
    rules_pandemonium: &[
        "왕을 외통수로 잡으면 이깁니다. 장군을 받았든 아니든 둘 수가 없는 쪽(스테일메이트)이 집니다. 무승부는 없습니다.",
        "잡은 말은 편을 바꾸어 잡은 쪽의 보유 말이 되며, 승격은 풀립니다. 말을 움직이는 대신 보유 말 하나를 아무 빈 칸에나 놓을 수 있습니다. 병도 어느 줄이든, 마지막 줄에도 놓을 수 있고 병을 놓아 외통수를 만들 수 있습니다.",
        "승격 구역: 상대 쪽 세 줄. 이 구역에서 출발하거나 도착하는 수는 승격할 수 있으며 매번 선택합니다. 양쪽 둘째 줄의 세 말은 승격한 상태로 시작합니다.",
        "입옥은 없습니다. 왕이 끝 줄에 가도 이기지 않습니다.",
        "동형 반복: 같은 국면이 세 번째로 나오게 하는 수를 두면 대국이 끝납니다. 처음 나온 뒤로 한 쪽이 매 수마다 장군을 걸었다면 그쪽이 지고(연속 장군), 아니면 반복한 쪽이 집니다. 두기 전에 경고합니다.",
    ],
    legend_step: "한 칸",
    legend_leap: "뛰어넘기",
    legend_slide: "몇 칸이든",
    promotes_to: "승격하면",
    inventor_page: "창안자의 설명 (영어)",
    settings: "설정",
    pieces: "말",
    international: "국제식",
    international_note: "기보와 같은 알파벳",
    traditional: "전통식",
    traditional_note: "쇼기식 말에 한자",
    figurine: "체스 그림",
    figurine_note: "체스 말 그림. 요정 말은 합친 말들의 모습",
    board_theme: "판",
    wood: "나무",
    slate: "청회색",
    sound: "소리",
    on: "켜기",
    off: "끄기",
    close: "닫기",
    engine_stopped: "게임 엔진이 멈췄습니다. 페이지를 새로 고쳐 다시 시작하세요.",
    saved_game_lost: "저장된 대국을 읽을 수 없어({damage}) 새 게임을 시작했습니다.",
    saved_too_long: "{bytes}바이트로 저장된 대국이라기엔 너무 깁니다",
    saved_missing: "{line}행이 없습니다",
    saved_too_many_moves: "3행의 수가 {count}개로 {max}개보다 많습니다",
    saved_unreadable: "{line}행을 읽을 수 없습니다: “{value}”",
    refused: "할 수 없습니다: {detail}",
    link_problem: "링크의 “{param}={value}”은(는) 무시했습니다: {expected}.",
    expected_one_of: "{list} 중 하나를 쓰세요",
    expected_level: "1부터 6까지의 수준을 쓰세요",
    expected_at_most: "너무 깁니다(최대 {n})",
    expected_against_computer: "수준은 컴퓨터와 두는 대국에만 씁니다(mode=ai)",
    expected_squares: "e4 같은 칸이나 e2e4 같은 수를 쉼표로 나눠 씁니다(40개까지)",
    expected_puzzle_id: "m17이나 p4 같은 퍼즐 이름을 씁니다",
    share: "↗ 공유",
    share_title: "이 대국 공유하기",
    share_text: "이 링크는 지금의 대국을 지금 보이는 그대로 엽니다.",
    link_label: "링크",
    open_full: "전체 화면으로 열기",
    step_first: "처음 국면",
    step_back: "이전 수",
    step_forward: "다음 수",
    step_last: "마지막 수",
    update_ready: "게임의 새 버전이 준비되었습니다.",
    reload: "새로 고침",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resignation_or_a_loss_on_time_names_who_lost() {
        let (en, ko) = (Lang::En.text(), Lang::Ko.text());
        let two = [Player::Human, Player::Human];
        let computer_black = [Player::Human, Player::Computer];
        let ending = |winner, reason| Ending { winner, reason };
        let resigned = ending(Side::White, EndReason::Resignation);
        assert_eq!(en.ending_explanation(resigned, two), "Black resigned.");
        assert_eq!(ko.ending_explanation(resigned, two), "흑이 기권했습니다.");
        let white_resigned = ending(Side::Black, EndReason::Resignation);
        assert_eq!(
            en.ending_explanation(white_resigned, computer_black),
            "You resigned."
        );
        let timed_out = ending(Side::White, EndReason::Time);
        assert_eq!(
            en.ending_explanation(timed_out, computer_black),
            "The computer's clock ran out."
        );
        assert_eq!(
            en.ending_explanation(timed_out, two),
            "Black's clock ran out."
        );
        assert_eq!(
            en.ending_explanation(ending(Side::Black, EndReason::Time), computer_black),
            "Your clock ran out."
        );
        assert_eq!(
            en.ending_explanation(ending(Side::Black, EndReason::Checkmate), two),
            "The King is in check and cannot escape."
        );
    }

    #[test]
    fn korean_names_a_new_game_and_campmate_one_way_everywhere() {
        let ko = Lang::Ko.text();
        assert_eq!(ko.new_game_short, ko.new_game);
        assert!(ko.mansindam_note.contains(ko.reason(EndReason::Campmate)));
        #[cfg(feature = "study")]
        assert_eq!(
            PZ_KO.theme(crate::protocol::puzzle::Theme::Campmate),
            ko.reason(EndReason::Campmate)
        );
    }

    #[test]
    fn languages_come_from_tags_and_preferences() {
        assert_eq!(Lang::parse("ko-KR"), Some(Lang::Ko));
        assert_eq!(Lang::parse("EN_gb"), Some(Lang::En));
        assert_eq!(Lang::parse("fr"), None);
        assert_eq!(Lang::parse(""), None);
        assert_eq!(Lang::from_preferences(["fr-FR", "ko", "en"]), Lang::Ko);
        assert_eq!(Lang::from_preferences(["de"]), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.id()), Some(lang));
            assert_eq!(lang.text().lang, lang);
        }
    }

    #[test]
    fn placeholders_are_filled() {
        let t = Lang::Ko.text();
        assert_eq!(fill(t.premove, &[("move", "e3–e4")]), "미리 두기: e3–e4");
        assert_eq!(fill(EN.premove, &[("move", "R@e5")]), "Premove: R@e5");
        assert_eq!(fill(t.to_move, &[("side", t.white)]), "백 차례");
        assert_eq!(
            fill(
                EN.wins_by,
                &[
                    ("side", "Black"),
                    ("reason", EN.reason(EndReason::Campmate))
                ]
            ),
            "Black wins by campmate"
        );
    }

    #[test]
    fn both_languages_fill_the_same_placeholders() {
        let placeholders = |s: &str| {
            let mut v: Vec<String> = s
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(k, _)| k.to_string()))
                .collect();
            v.sort();
            v
        };
        let pairs = [
            (EN.to_move, KO.to_move),
            (EN.your_move, KO.your_move),
            (EN.check, KO.check),
            (EN.resigned[0], KO.resigned[0]),
            (EN.out_of_time[0], KO.out_of_time[0]),
            (EN.wins_by, KO.wins_by),
            (EN.hint_line, KO.hint_line),
            (EN.side_won, KO.side_won),
            (EN.moves, KO.moves),
            (EN.hand, KO.hand),
            (EN.hand_slot, KO.hand_slot),
            (EN.repetition_warning, KO.repetition_warning),
            (EN.resign_text, KO.resign_text),
            (EN.level, KO.level),
            (EN.viewing, KO.viewing),
        ];
        for (en, ko) in pairs {
            assert_eq!(placeholders(en), placeholders(ko), "{en} / {ko}");
            assert!(!placeholders(en).is_empty(), "{en}");
        }
    }
}

/// The character on a traditional tile (and in the traditional set's
/// notation): the piece's own, but for the Kings,
/// which are the Yang (陽, White's) and the Eum (陰, Black's), as the inventor
/// names them.
pub fn character(side: Side, kind: &KindView) -> char {
    tile_character(kind.royal, kind.hanja, side)
}

/// [`character`] from a piece's parts (the diagrams read them from the
/// engine's tables).
pub const fn tile_character(royal: bool, hanja: char, side: Side) -> char {
    match (royal, side) {
        (true, Side::White) => '陽',
        (true, Side::Black) => '陰',
        _ => hanja,
    }
}

/// A move's SAN as the piece set writes it: with the traditional set, each
/// piece letter (the moving piece's, first, and the promoted kind's, after
/// `=`) becomes the piece's character, as on its tile, of `mover`'s side
/// (lishogi's kanji notation). File letters are lower case and stay.
pub fn notation(san: &str, mover: Side, kinds: &[KindView], set: PieceSet) -> String {
    if set != PieceSet::Traditional {
        return san.to_string();
    }
    let mut after_equals = true;
    san.chars()
        .map(|c| {
            let piece = after_equals && c.is_ascii_uppercase();
            after_equals = c == '=';
            match kinds.iter().find(|k| k.letter == c).filter(|_| piece) {
                Some(kind) => character(mover, kind),
                None => c,
            }
        })
        .collect()
}

#[cfg(test)]
mod notation_tests {
    use super::*;
    use crate::worker::testing;

    fn written(variant: &str, san: &str, mover: Side) -> String {
        let kinds = testing::game(variant, None).snapshot().kinds;
        notation(san, mover, &kinds, PieceSet::Traditional)
    }

    #[test]
    fn the_traditional_set_writes_each_piece_letter_as_its_character() {
        let w = Side::White;
        for (san, expected) in [
            ("Pe4", "步e4"),
            ("Na1xb3", "騎a1xb3"),
            ("R1a3", "方1a3"),
            ("N@e5", "騎@e5"),
            ("Pd8=G+", "步d8=哨+"),
            ("Ri9=T#", "方i9=龍#"),
            ("Ke3", "陽e3"),
        ] {
            assert_eq!(written("mansindam", san, w), expected, "{san}");
        }
        // The Kings are the Yang and the Eum, as on their tiles.
        assert_eq!(written("pandemonium", "Kxe2", Side::White), "陽xe2");
        assert_eq!(written("pandemonium", "Ke8", Side::Black), "陰e8");
        assert_eq!(written("pandemonium", "Ve4=M", Side::Black), "前e4=犀");
        // The international and figurine sets keep the letters.
        let kinds = testing::game("mansindam", None).snapshot().kinds;
        assert_eq!(notation("Bxc4", w, &kinds, PieceSet::International), "Bxc4");
        assert_eq!(notation("Bxc4", w, &kinds, PieceSet::Figurine), "Bxc4");
    }
}
