//! How the game is presented: the board's orientation, the language and
//! settings, and the layout the link asked for.

use crate::protocol::{Lang, Side};
use crate::web::prefs::Prefs;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    /// Black at the bottom.
    pub flipped: bool,
    /// The side the player chose for the bottom of a game being started.
    pub bottom_wish: Option<Side>,
    /// The language shown (from the URL, the preferences or the browser).
    pub lang: Lang,
    pub prefs: Prefs,
    /// The compact layout for an iframe (`embed=1`).
    pub embed: bool,
    /// A game to look at (`mode=view`): step buttons, no moves.
    pub viewer: bool,
    /// The link's game opens on the analysis board (`mode=analysis`),
    /// once its first position comes.
    pub analysis_link: bool,
}

impl View {
    /// Which side sits at the bottom of the screen.
    pub fn bottom(&self) -> Side {
        if self.flipped {
            Side::Black
        } else {
            Side::White
        }
    }
}
