//! The puzzle set's format (`static/puzzles.tsv`): written by the generator
//! (`lab/src/bin/puzzles.rs`), read by the page and by the test that proves a
//! sample again (`lab/tests/puzzles.rs`). Plain data, no engine type, so that
//! the page reads it without the rules engine.
//!
//! One puzzle per line, tab-separated, after a header line:
//!
//! ```text
//! id  variant  fen  moves  rating  themes  source
//! m17 mansindam <FEN> e5e6 c4c5 ... 1240 fork,advantage,short self-play s1 g12 p31 (3-2)
//! ```
//!
//! `moves` are UCI moves separated by spaces: the first is the opponent's
//! move that sets the puzzle (shown played), then the solver's and the
//! opponent's replies in turn, ending with the solver's move.

use std::fmt;

/// What a puzzle teaches (its tags on the page and in the file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The line ends the game: checkmate, campmate, a stalemate (lost by
    /// the side that cannot move) or a losing repetition.
    Mate,
    /// A forced win of material (the line does not end the game).
    Advantage,
    /// The mating move is a drop.
    DropMate,
    /// Mansindam: the solver's King walks onto its far rank.
    Campmate,
    /// Pandemonium: the line ends by the repetition rule.
    Repetition,
    /// The solver promotes a piece on the way.
    Promotion,
    /// A solver's move attacks two or more of the opponent's pieces (the
    /// King counts), and the line takes one of them.
    Fork,
    /// One move of the solver.
    Short,
    /// Three or more moves of the solver.
    Long,
}

impl Theme {
    pub const ALL: [Theme; 9] = [
        Theme::Mate,
        Theme::Advantage,
        Theme::DropMate,
        Theme::Campmate,
        Theme::Repetition,
        Theme::Promotion,
        Theme::Fork,
        Theme::Short,
        Theme::Long,
    ];

    /// The name in the file and in links (`mate`, `dropMate`, …).
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Mate => "mate",
            Theme::Advantage => "advantage",
            Theme::DropMate => "dropMate",
            Theme::Campmate => "campmate",
            Theme::Repetition => "repetition",
            Theme::Promotion => "promotion",
            Theme::Fork => "fork",
            Theme::Short => "short",
            Theme::Long => "long",
        }
    }

    pub fn parse(s: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == s)
    }
}

/// One puzzle of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// `m17` (Mansindam) or `p4` (Pandemonium): unique in the set.
    pub id: String,
    /// `mansindam` or `pandemonium`.
    pub variant: String,
    /// The position before the opponent's move that sets the puzzle.
    pub fen: String,
    /// UCI moves: the opponent's, then the solution (see the module's note).
    pub moves: Vec<String>,
    /// An estimate of how hard it is, on the scale of the player's puzzle
    /// rating (docs/ai.md: Puzzles).
    pub rating: u32,
    pub themes: Vec<Theme>,
    /// Where it comes from: a self-play game of the generator (its seed,
    /// game, ply and the levels that played it) or an imported record.
    pub source: String,
}

impl Puzzle {
    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.moves.len() / 2
    }

    /// Mate in so many moves, if the line ends the game.
    pub fn mate_in(&self) -> Option<usize> {
        self.themes
            .contains(&Theme::Mate)
            .then(|| self.solver_moves())
    }
}

/// The header line of the file.
pub const HEADER: &str = "id\tvariant\tfen\tmoves\trating\tthemes\tsource";

impl fmt::Display for Puzzle {
    /// The puzzle's line in the file (without the line break).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.id()).collect();
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.variant,
            self.fen,
            self.moves.join(" "),
            self.rating,
            themes.join(","),
            self.source
        )
    }
}

/// Reads a puzzle file: every puzzle, or the first line that cannot be read
/// with what is wrong in it (`line 12: the rating "x" is not a number`).
pub fn read_set(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, h)) if h.trim_end() == HEADER => {}
        _ => return Err("line 1: not a puzzle file (its header is missing)".into()),
    }
    let mut out = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        out.push(read_line(line).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    Ok(out)
}

fn read_line(line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.trim_end_matches('\r').split('\t').collect();
    let [id, variant, fen, moves, rating, themes, source] = fields[..] else {
        return Err(format!("{} fields instead of 7", fields.len()));
    };
    if !matches!(variant, "mansindam" | "pandemonium") {
        return Err(format!("unknown game \"{variant}\""));
    }
    let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    if moves.len() < 2 || !moves.len().is_multiple_of(2) {
        return Err(format!(
            "{} moves: a puzzle has the opponent's move and the solver's answer in pairs",
            moves.len()
        ));
    }
    let rating = rating
        .parse()
        .map_err(|_| format!("the rating \"{rating}\" is not a number"))?;
    let themes = themes
        .split(',')
        .filter(|t| !t.is_empty())
        .map(|t| Theme::parse(t).ok_or_else(|| format!("unknown theme \"{t}\"")))
        .collect::<Result<_, _>>()?;
    Ok(Puzzle {
        id: id.to_string(),
        variant: variant.to_string(),
        fen: fen.to_string(),
        moves,
        rating,
        themes,
        source: source.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Puzzle {
        Puzzle {
            id: "m1".into(),
            variant: "mansindam".into(),
            fen: "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1".into(),
            moves: vec!["e1e2".into(), "e9e8".into()],
            rating: 1234,
            themes: vec![Theme::Mate, Theme::DropMate, Theme::Short],
            source: "self-play s1 g2 p3 (1-2)".into(),
        }
    }

    #[test]
    fn a_puzzle_reads_back_as_written() {
        let text = format!("{HEADER}\n{}\n\n", sample());
        assert_eq!(read_set(&text), Ok(vec![sample()]));
        assert_eq!(sample().mate_in(), Some(1));
    }

    #[test]
    fn every_theme_reads_back_by_its_id() {
        for t in Theme::ALL {
            assert_eq!(Theme::parse(t.id()), Some(t));
        }
        assert_eq!(Theme::parse("Mate"), None);
    }

    #[test]
    fn a_bad_line_is_named_with_what_is_wrong() {
        let good = sample().to_string();
        let cases = [
            (good.replace("\t1234\t", "\tx\t"), "line 3: the rating \"x\" is not a number"),
            (good.replace("mansindam", "chess"), "line 3: unknown game \"chess\""),
            (good.replace("dropMate", "pin"), "line 3: unknown theme \"pin\""),
            (good.replace("e1e2 e9e8", "e1e2"), "line 3: 1 moves: a puzzle has the opponent's move and the solver's answer in pairs"),
            (good.replace("\tself-play s1 g2 p3 (1-2)", ""), "line 3: 6 fields instead of 7"),
        ];
        for (line, message) in cases {
            let text = format!("{HEADER}\n{good}\n{line}\n");
            assert_eq!(read_set(&text), Err(message.to_string()), "{line}");
        }
        assert_eq!(
            read_set("m1\tmansindam"),
            Err("line 1: not a puzzle file (its header is missing)".to_string())
        );
    }
}
