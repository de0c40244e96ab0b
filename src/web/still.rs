//! A still picture of a position, as one self-contained SVG: the board with
//! its coordinates, both hands, the last move, arrows and marked squares,
//! in any piece set and board theme. The diagram page shows it as an image
//! and offers it for download (as SVG, or drawn onto a canvas as PNG); it
//! needs nothing from the network but the piece set's sprite, whose
//! symbols it copies in, so the file stands alone in a post or a forum.
//!
//! Plain Rust, tested natively.

use std::fmt::Write;

use crate::engine::{Color, KindInfo, Setup, Square, Variant, FILES, RANKS};
use crate::protocol::Side;
use crate::web::i18n::tile_character;
use crate::web::prefs::{PieceSet, Theme};

/// What the picture shows besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The last move: its origin (none for a drop) and destination.
    pub last: Option<(Option<Square>, Square)>,
    /// Arrows, from a square to a square.
    pub arrows: Vec<(Square, Square)>,
    /// Squares ringed.
    pub squares: Vec<Square>,
}

/// How the picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub pieces: PieceSet,
    pub theme: Theme,
    /// The side at the bottom.
    pub bottom: Color,
}

/// A square's side, in SVG units.
const S: i32 = 48;
/// The margin for the coordinates, left of and below the board.
const COORD: i32 = 18;
/// A hand's strip, above and below the board.
const HAND: i32 = 44;
const PAD: i32 = 8;

/// The picture's size: (width, height).
pub const fn size() -> (i32, i32) {
    (
        PAD + COORD + 9 * S + PAD,
        PAD + HAND + 6 + 9 * S + COORD + 6 + HAND + PAD,
    )
}

/// The id of the symbol a piece set draws a kind with (traditional and
/// figurine sets), or `None` (the international set writes its letter).
pub fn symbol(set: PieceSet, kind: &KindInfo, color: Color) -> Option<String> {
    match set {
        PieceSet::International => None,
        PieceSet::Traditional => {
            let c = character(kind, color);
            Some(format!("k-{:X}", u32::from(c)))
        }
        PieceSet::Figurine => Some(format!("f-{}", kind.betza)),
    }
}

/// The character on a traditional tile (the Kings are 陽 and 陰).
fn character(kind: &KindInfo, color: Color) -> char {
    let side = match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    };
    tile_character(kind.royal, kind.hanja.chars().next().unwrap_or('?'), side)
}

/// The sprite a piece set's symbols come from (`static/pieces/`).
pub const fn sprite(set: PieceSet) -> Option<&'static str> {
    match set {
        PieceSet::International => None,
        PieceSet::Traditional => Some("pieces/kanji.svg"),
        PieceSet::Figurine => Some("pieces/figurine.svg"),
    }
}

/// The `<symbol>` elements with these ids, copied from a sprite's text.
pub fn symbols(sprite: &str, ids: &[String]) -> String {
    let mut out = String::new();
    for id in ids {
        let open = format!("<symbol id=\"{id}\"");
        if let Some(start) = sprite.find(&open) {
            if let Some(len) = sprite[start..].find("</symbol>") {
                out.push_str(&sprite[start..start + len + "</symbol>".len()]);
            }
        }
    }
    out
}

/// Every symbol the picture of `setup` needs, once each.
pub fn needed(setup: &Setup, set: PieceSet) -> Vec<String> {
    let rules = setup.variant.rules();
    let mut ids: Vec<String> = Vec::new();
    let mut add = |kind: &KindInfo, color: Color| {
        if let Some(id) = symbol(set, kind, color) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    };
    for p in setup.board.iter().flatten() {
        add(rules.kind(p.kind), p.color);
    }
    for color in Color::BOTH {
        for kind in rules.hand_kinds() {
            if setup.hands[color.index()][kind.index()] > 0 {
                add(rules.kind(kind), color);
            }
        }
    }
    ids
}

const STYLE: &str = "\
.l{fill:#efdfc2}.d{fill:#cfae80}.slate .l{fill:#dfe6ee}.slate .d{fill:#8fa3b8}\
.coord{font:600 11px sans-serif;fill:#6b5a44}.slate .coord{fill:#4c5a6b}\
.paper{fill:#f6f1e7}.frame{fill:none;stroke:#6b5030;stroke-width:2}.slate .frame{stroke:#3d4c5e}.hand{fill:#e6dcc9}.slate .hand{fill:#dde3ea}.count{font:800 12px sans-serif;fill:#1f2430}.badge{fill:#e0a84e}\
.last{fill:#f5d36a;opacity:.55}.ring{fill:none;stroke:#2e8b57;stroke-width:4;opacity:.85}\
.arrow{stroke:#2e8b57;stroke-width:7;stroke-linecap:round;opacity:.8}.head{fill:#2e8b57;opacity:.8}\
.disc.w{fill:#f8efdd;stroke:#8a6d46;stroke-width:2}.disc.b{fill:#2a303b;stroke:#0b0d11;stroke-width:2}\
.letter{font:700 25px Georgia,'Times New Roman',serif;text-anchor:middle;dominant-baseline:central}\
.w .letter,.letter.w{fill:#2a2118}.letter.b{fill:#f4eee3}.letter.pw{fill:#c62828}.letter.pb{fill:#ff7a70}\
.promo{fill:none;stroke-width:1.5;opacity:.5}.fring{fill:none;stroke:#c62828;stroke-width:2;opacity:.55}.promo.w{stroke:#c62828}.promo.b{stroke:#ff7a70}\
.tile{fill:#f2d7a0;stroke:#7b5a2a;stroke-width:3;stroke-linejoin:round}.tile.p{fill:#e9c27f}\
.glyph{fill:#1d1a16}.glyph.p{fill:#c62828}\
.fw{--fig-body:#fbf6ec;--fig-line:#231b12}.fb{--fig-body:#262b35;--fig-line:#f1ebe0}\
.fw.p{--fig-line:#c62828}.fb.p{--fig-body:#4a1f1c;--fig-line:#ffd9d2}";

/// The picture, as an SVG document. `defs`: the symbols it uses (see
/// [`symbols`] and [`needed`]); `title`: what it shows, for screen readers.
pub fn svg(setup: &Setup, look: Look, marks: &Marks, defs: &str, title: &str) -> String {
    let (w, h) = size();
    let mut o = String::with_capacity(16_000);
    let theme = match look.theme {
        Theme::Wood => "wood",
        Theme::Slate => "slate",
    };
    let _ = write!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" class=\"{theme}\" role=\"img\">\
         <title>{}</title><style>{STYLE}</style>\
         <defs>{defs}<marker id=\"ah\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" \
         markerWidth=\"3\" markerHeight=\"3\" orient=\"auto-start-reverse\">\
         <path class=\"head\" d=\"M0 0L10 5L0 10z\"/></marker></defs>\
         <rect class=\"paper\" width=\"{w}\" height=\"{h}\" rx=\"10\"/>",
        escape(title)
    );
    let board = Grid {
        x: PAD + COORD,
        y: PAD + HAND + 6,
        bottom: look.bottom,
    };
    hand(&mut o, setup, look, look.bottom.flip(), PAD);
    hand(
        &mut o,
        setup,
        look,
        look.bottom,
        board.y + 9 * S + COORD + 6,
    );
    board.squares(&mut o, marks);
    board.coordinates(&mut o);
    let rules = setup.variant.rules();
    for sq in Square::all() {
        if let Some(p) = setup.board[sq.index()] {
            let (x, y) = board.at(sq);
            piece(&mut o, look.pieces, rules.kind(p.kind), p.color, x, y, S);
        }
    }
    board.marks(&mut o, marks);
    o.push_str("</svg>");
    o
}

/// Where the board is drawn: its top-left corner, and the side at the
/// bottom.
struct Grid {
    x: i32,
    y: i32,
    bottom: Color,
}

impl Grid {
    /// Where a square is drawn (its top-left corner).
    fn at(&self, sq: Square) -> (i32, i32) {
        let (file, rank) = (i32::from(sq.file()), i32::from(sq.rank()));
        let (col, row) = match self.bottom {
            Color::White => (file, 8 - rank),
            Color::Black => (8 - file, rank),
        };
        (self.x + col * S, self.y + row * S)
    }

    /// The squares, the frame and the last move's two squares.
    fn squares(&self, o: &mut String, marks: &Marks) {
        for sq in Square::all() {
            let (x, y) = self.at(sq);
            let class = if (sq.file() + sq.rank()) % 2 == 0 {
                "d"
            } else {
                "l"
            };
            let _ = write!(
                o,
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\"/>"
            );
        }
        let _ = write!(
            o,
            "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            self.x - 1,
            self.y - 1,
            9 * S + 2,
            9 * S + 2
        );
        if let Some((from, to)) = marks.last {
            for sq in from.into_iter().chain([to]) {
                let (x, y) = self.at(sq);
                let _ = write!(
                    o,
                    "<rect class=\"last\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\"/>"
                );
            }
        }
    }

    /// Coordinates: files under the board, ranks to its left.
    fn coordinates(&self, o: &mut String) {
        for i in 0..9u8 {
            let file = match self.bottom {
                Color::White => i,
                Color::Black => 8 - i,
            };
            let x = self.x + i32::from(i) * S + S / 2;
            let y = self.y + 9 * S + 13;
            let _ = write!(
                o,
                "<text class=\"coord\" x=\"{x}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
                (b'a' + file) as char
            );
            let rank = match self.bottom {
                Color::White => 9 - i,
                Color::Black => i + 1,
            };
            let y = self.y + i32::from(i) * S + S / 2 + 4;
            let _ = write!(
                o,
                "<text class=\"coord\" x=\"{}\" y=\"{y}\" text-anchor=\"middle\">{rank}</text>",
                PAD + COORD / 2
            );
        }
    }

    /// The marked squares' rings and the arrows, over the pieces.
    fn marks(&self, o: &mut String, marks: &Marks) {
        for &sq in &marks.squares {
            let (x, y) = self.at(sq);
            let _ = write!(
                o,
                "<circle class=\"ring\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                x + S / 2,
                y + S / 2,
                S / 2 - 3
            );
        }
        for &(from, to) in &marks.arrows {
            let ((x1, y1), (x2, y2)) = (self.at(from), self.at(to));
            let (x1, y1, x2, y2) = (x1 + S / 2, y1 + S / 2, x2 + S / 2, y2 + S / 2);
            // The line stops short of the square's middle, so the head ends
            // there.
            let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let back = f64::from(S) * 0.25;
            let (ex, ey) = (
                f64::from(x2) - dx / len * back,
                f64::from(y2) - dy / len * back,
            );
            let _ = write!(
                o,
                "<line class=\"arrow\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\" marker-end=\"url(#ah)\"/>"
            );
        }
    }
}

/// A side's hand: a dark strip with each kind held, and its count.
fn hand(o: &mut String, setup: &Setup, look: Look, color: Color, y: i32) {
    let (w, _) = size();
    let _ = write!(
        o,
        "<rect class=\"hand\" x=\"{PAD}\" y=\"{y}\" width=\"{}\" height=\"{HAND}\" rx=\"8\"/>",
        w - 2 * PAD
    );
    // The side's colour, at the strip's start.
    let dot = if color == Color::White { "w" } else { "b" };
    let _ = write!(
        o,
        "<circle class=\"disc {dot}\" cx=\"{}\" cy=\"{}\" r=\"7\"/>",
        PAD + 14,
        y + HAND / 2
    );
    let rules = setup.variant.rules();
    let mut x = PAD + 30;
    let size = HAND - 6;
    for kind in rules.hand_kinds() {
        let n = setup.hands[color.index()][kind.index()];
        if n == 0 {
            continue;
        }
        piece(o, look.pieces, rules.kind(kind), color, x, y + 3, size);
        if n > 1 {
            let (bx, by) = (x + size - 4, y + HAND - 10);
            let _ = write!(
                o,
                "<circle class=\"badge\" cx=\"{bx}\" cy=\"{by}\" r=\"8\"/>\
                 <text class=\"count\" x=\"{bx}\" y=\"{}\" text-anchor=\"middle\">{n}</text>",
                by + 4
            );
        }
        x += size + 8;
    }
}

/// A piece in a square (or hand slot) of side `s` at (`x`, `y`).
fn piece(o: &mut String, set: PieceSet, kind: &KindInfo, color: Color, x: i32, y: i32, s: i32) {
    let c = if color == Color::White { "w" } else { "b" };
    let (cx, cy) = (
        f64::from(x) + f64::from(s) / 2.0,
        f64::from(y) + f64::from(s) / 2.0,
    );
    let unit = f64::from(s) / 100.0;
    let p = if kind.promoted { " p" } else { "" };
    match set {
        PieceSet::International => {
            let _ = write!(
                o,
                "<circle class=\"disc {c}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\"/>",
                42.0 * unit
            );
            if kind.promoted {
                let _ = write!(
                    o,
                    "<circle class=\"promo {c}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\"/>",
                    34.0 * unit
                );
            }
            let class = if kind.promoted {
                format!("p{c}")
            } else {
                c.to_string()
            };
            let _ = write!(
                o,
                "<text class=\"letter {class}\" x=\"{cx}\" y=\"{cy}\" font-size=\"{:.1}\">{}</text>",
                52.0 * unit,
                kind.letter
            );
        }
        PieceSet::Traditional => {
            // Pointing at the opponent: Black's tile turned round.
            let turn = if color == Color::Black {
                " rotate(180 50 50)"
            } else {
                ""
            };
            let id = symbol(set, kind, color).unwrap_or_default();
            let _ = write!(
                o,
                "<g transform=\"translate({x} {y}) scale({unit}){turn}\">\
                 <polygon class=\"tile{p}\" points=\"50,2 84,15 93,97 7,97 16,15\"/>\
                 <use class=\"glyph{p}\" href=\"#{id}\" xlink:href=\"#{id}\" x=\"17\" y=\"24\" width=\"66\" height=\"66\"/></g>"
            );
        }
        PieceSet::Figurine => {
            let id = symbol(set, kind, color).unwrap_or_default();
            let _ = write!(
                o,
                "<use class=\"f{c}{p}\" href=\"#{id}\" xlink:href=\"#{id}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/>",
                f64::from(x) + 3.0 * unit,
                f64::from(y) + 3.0 * unit,
                94.0 * unit,
                94.0 * unit
            );
            if kind.promoted {
                let _ = write!(
                    o,
                    "<circle class=\"fring\" cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\"/>",
                    47.0 * unit
                );
            }
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The diagram's title: the game and whose move it is.
pub fn title(variant: Variant, setup: &Setup) -> String {
    let side = if setup.side == Color::White {
        "White"
    } else {
        "Black"
    };
    format!("{} diagram, {side} to move", variant.name())
}

// The board is 9×9 (the picture's geometry counts on it).
const _: () = assert!(FILES == 9 && RANKS == 9);

#[cfg(test)]
mod tests {
    use super::*;

    fn look(pieces: PieceSet) -> Look {
        Look {
            pieces,
            theme: Theme::Wood,
            bottom: Color::White,
        }
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    fn sprite(set: PieceSet) -> String {
        std::fs::read_to_string(format!("static/{}", super::sprite(set).unwrap())).unwrap()
    }

    #[test]
    fn the_start_position_in_letters() {
        let setup = Setup::read(Variant::Mansindam, Variant::Mansindam.start_fen()).unwrap();
        let svg = svg(
            &setup,
            look(PieceSet::International),
            &Marks::default(),
            "",
            "t",
        );
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains(&format!("viewBox=\"0 0 {} {}\"", size().0, size().1)));
        assert_eq!(size(), (466, 566));
        // 81 squares, 36 pieces, 18 coordinates.
        assert_eq!(
            count(&svg, "<rect class=\"l\"") + count(&svg, "<rect class=\"d\""),
            81
        );
        assert_eq!(count(&svg, "<text class=\"letter"), 36);
        assert_eq!(count(&svg, "<text class=\"coord\""), 18);
        // a1 is dark and at the bottom left; White's Marshal stands there.
        assert!(svg.contains("<rect class=\"d\" x=\"26\" y=\"442\""));
        assert!(svg.contains("x=\"50\" y=\"466\" font-size=\"25.0\">M</text>"));
        assert!(!svg.contains("<use"));
    }

    #[test]
    fn hands_marks_and_arrows_are_drawn_where_they_belong() {
        let fen = "4k4/9/9/9/9/9/9/9/4K4[PPPrr] b - - 0 1";
        let setup = Setup::read(Variant::Mansindam, fen).unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        let marks = Marks {
            last: Some((Some(sq("e2")), sq("e1"))),
            arrows: vec![(sq("e9"), sq("e8"))],
            squares: vec![sq("d8")],
        };
        let black = Look {
            bottom: Color::Black,
            ..look(PieceSet::International)
        };
        let svg = svg(&setup, black, &marks, "", "t");
        assert_eq!(count(&svg, "<rect class=\"last\""), 2);
        assert_eq!(count(&svg, "<line class=\"arrow\""), 1);
        assert_eq!(count(&svg, "<circle class=\"ring\""), 1);
        // Two kinds in hand, each with its count.
        assert!(svg.contains(">3</text>") && svg.contains(">2</text>"));
        // Black at the bottom: i9 is the bottom-left square, e1 in the top row.
        assert!(svg.contains("<rect class=\"last\" x=\"218\" y=\"58\""));
        // White's hand (3 Pawns) is the top strip, Black's at the bottom.
        let top_pawn = svg.find(">P</text>").unwrap();
        let bottom_rook = svg.find(">R</text>").unwrap();
        assert!(top_pawn < bottom_rook);
    }

    #[test]
    fn tiles_and_figures_carry_their_symbols_with_them() {
        let fen = "4k4/9/9/9/9/9/9/4+p4/4K4[C] w - - 0 1";
        let setup = Setup::read(Variant::Mansindam, fen).unwrap();
        for (set, ids) in [
            (
                PieceSet::Traditional,
                vec!["k-967D", "k-54E8", "k-9670", "k-730A"],
            ),
            (PieceSet::Figurine, vec!["f-K", "f-WF", "f-BN"]),
        ] {
            let wanted = needed(&setup, set);
            assert_eq!(wanted, ids, "{set:?}");
            let defs = symbols(&sprite(set), &wanted);
            assert_eq!(count(&defs, "<symbol id="), ids.len(), "{set:?}");
            let svg = svg(&setup, look(set), &Marks::default(), &defs, "t");
            // Every symbol used is defined in the file itself.
            for id in &ids {
                assert!(svg.contains(&format!("<symbol id=\"{id}\"")), "{id}");
                assert!(svg.contains(&format!("href=\"#{id}\"")), "{id}");
            }
        }
    }

    #[test]
    fn a_title_cannot_break_the_file() {
        let setup = Setup::empty(Variant::Pandemonium);
        let svg = svg(
            &setup,
            look(PieceSet::International),
            &Marks::default(),
            "",
            "<a&\"b\">",
        );
        assert!(svg.contains("<title>&lt;a&amp;&quot;b&quot;&gt;</title>"));
        assert_eq!(
            title(Variant::Pandemonium, &setup),
            "Pandemonium diagram, White to move"
        );
    }
}
