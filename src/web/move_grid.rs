//! A piece's moves as a small grid (the rules help's move charts; not
//! the diagram page, which is [`crate::web::still`]): the squares around it (7×7, the piece
//! in the middle, White's forward upwards), each marked by how the piece gets
//! there. Drawn from the engine's own move data ([`atom`]), so the rules
//! help can never disagree with the game.

use crate::engine::atom;

/// How a piece reaches a square of its grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    None,
    /// The piece itself.
    Piece,
    /// One step (to a neighbouring square).
    Step,
    /// A leap over whatever stands between.
    Leap,
    /// Any distance along a line, stopping at the first piece.
    Slide,
}

/// Squares from the middle to the edge of a grid.
pub const REACH: i8 = 3;
const SIZE: usize = (2 * REACH + 1) as usize;

/// The move grid of a piece with these move atoms (a bit set of [`atom`]s);
/// row 0 is the top (White's forward side).
pub fn move_grid(atoms: u8) -> [[Mark; SIZE]; SIZE] {
    let mut grid = [[Mark::None; SIZE]; SIZE];
    let mut mark = |dx: i8, dy: i8, m: Mark| {
        if dx.abs() <= REACH && dy.abs() <= REACH {
            let cell = &mut grid[(REACH - dy) as usize][(REACH + dx) as usize];
            // A square reached two ways shows the farther-reaching one.
            if (m as u8) > (*cell as u8) {
                *cell = m;
            }
        }
    };
    mark(0, 0, Mark::Piece);
    for a in 0..atom::COUNT as u8 {
        if atoms & (1 << a) == 0 {
            continue;
        }
        if atom::is_slider(a) {
            let dirs: &[(i8, i8)] = if a == atom::ROOK {
                &[(0, 1), (1, 0), (0, -1), (-1, 0)]
            } else {
                &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
            };
            for &(dx, dy) in dirs {
                for d in 1..=REACH {
                    mark(dx * d, dy * d, Mark::Slide);
                }
            }
        } else {
            for &(dx, dy) in atom::offsets(a) {
                let m = if dx.abs() <= 1 && dy.abs() <= 1 {
                    Mark::Step
                } else {
                    Mark::Leap
                };
                mark(dx, dy, m);
            }
        }
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn count(atoms: u8, m: Mark) -> usize {
        move_grid(atoms)
            .iter()
            .flatten()
            .filter(|&&c| c == m)
            .count()
    }

    fn atoms_of(variant: Variant, letter: char) -> u8 {
        let rules = variant.rules();
        rules.kind(rules.kind_by_letter(letter).unwrap()).atoms
    }

    #[test]
    fn move_grids_follow_the_piece_tables() {
        let pawn = move_grid(atoms_of(Variant::Mansindam, 'P'));
        assert_eq!(pawn[2][3], Mark::Step, "one step forward, upwards");
        assert_eq!(count(atoms_of(Variant::Mansindam, 'P'), Mark::Step), 1);
        let knight = atoms_of(Variant::Mansindam, 'N');
        assert_eq!(
            (count(knight, Mark::Leap), count(knight, Mark::Step)),
            (8, 0)
        );
        // The Angel: Rook + Bishop + Knight.
        let angel = atoms_of(Variant::Mansindam, 'A');
        assert_eq!(
            (count(angel, Mark::Slide), count(angel, Mark::Leap)),
            (24, 8)
        );
        // Pandemonium's Hwacha: one step any way, and a leap two squares straight.
        let hwacha = atoms_of(Variant::Pandemonium, 'W');
        assert_eq!(
            (count(hwacha, Mark::Step), count(hwacha, Mark::Leap)),
            (8, 4)
        );
        assert_eq!(move_grid(hwacha)[1][3], Mark::Leap);
        // The Kangaroo: Knight and Alfil leaps, no steps.
        let kangaroo = atoms_of(Variant::Pandemonium, 'O');
        assert_eq!(
            (count(kangaroo, Mark::Leap), count(kangaroo, Mark::Step)),
            (12, 0)
        );
        for variant in Variant::ALL {
            for k in &variant.rules().kinds {
                assert_eq!(count(k.atoms, Mark::Piece), 1, "{}", k.name);
            }
        }
    }
}
