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

#[derive(Clone, Debug, PartialEq)]
pub enum ViewAction {
    Flip,
    SetLang(Lang),
    /// New preferences (a language chosen in them is shown at once).
    SetPrefs(Prefs),
    /// How the page's link asks for the game to be shown: compact for an
    /// iframe, as a game to look at rather than play, and with this side at
    /// the bottom of its first game.
    Present {
        embed: bool,
        viewer: bool,
        bottom: Option<Side>,
        /// The link's game is to be shown on the analysis board.
        analysis: bool,
    },
}

impl View {
    /// The presentation after `action`.
    pub fn reduce(&mut self, action: ViewAction) {
        match action {
            ViewAction::Flip => self.flipped = !self.flipped,
            ViewAction::SetLang(lang) => self.lang = lang,
            ViewAction::SetPrefs(prefs) => {
                self.lang = prefs.lang.unwrap_or(self.lang);
                self.prefs = prefs;
            }
            ViewAction::Present {
                embed,
                viewer,
                bottom,
                analysis,
            } => {
                self.embed = embed;
                self.viewer = viewer;
                self.analysis_link = analysis;
                self.bottom_wish = bottom.or(self.bottom_wish);
            }
        }
    }
}
