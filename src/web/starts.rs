//! The start positions, as the engine has them: a link names a position
//! only when it is not the standard one, and the editor and a puzzle of
//! one's own start from it. With the rules help's move grids
//! ([`crate::web::move_grid`]), one of the two places where the page
//! reads the engine's data.

use crate::engine::Variant;

/// The standard start position of the game of this name (`None` for a
/// name the engine does not know).
pub fn start_fen(variant: &str) -> Option<&'static str> {
    variant.parse::<Variant>().ok().map(Variant::start_fen)
}

/// The engine's name for the game of this name: Mansindam for a name it
/// does not know.
pub fn known_variant(variant: &str) -> &'static str {
    variant
        .parse::<Variant>()
        .unwrap_or(Variant::Mansindam)
        .id()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_by_name() {
        assert_eq!(
            start_fen("pandemonium"),
            Some(Variant::Pandemonium.start_fen())
        );
        assert_eq!(start_fen("chess"), None);
        assert_eq!(known_variant("pandemonium"), "pandemonium");
        assert_eq!(known_variant("chess"), "mansindam");
    }
}
