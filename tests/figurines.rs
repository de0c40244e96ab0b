//! The figurine piece set draws each piece by the way it moves (a symbol
//! `f-<Betza>` in `static/pieces/figurine.svg`): every piece of both games
//! must have its figure, and the sprite must hold nothing else.

use pantheon::engine::Variant;

#[test]
fn every_piece_of_both_games_has_a_figure() {
    let sprite = std::fs::read_to_string("static/pieces/figurine.svg").unwrap();
    let symbols: Vec<&str> = sprite
        .split("<symbol id=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    let mut wanted: Vec<String> = Variant::ALL
        .iter()
        .flat_map(|v| v.rules().kinds.iter().map(|k| format!("f-{}", k.betza)))
        .collect();
    wanted.sort();
    wanted.dedup();
    let mut found: Vec<String> = symbols.iter().map(|s| s.to_string()).collect();
    found.sort();
    assert_eq!(found, wanted);
    assert_eq!(found.len(), 21);
    // Colours come from the page (CSS custom properties), never the file.
    assert!(!sprite.contains("fill=\"#") && !sprite.contains("stroke=\"#"));
}
