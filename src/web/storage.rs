//! Where a game comes from when the page opens: the link (a game shared or
//! embedded; see `web::link`), else the game saved in `localStorage`, else a
//! new default game. Storage may be missing (a cross-site iframe, private
//! browsing): then nothing is saved and the game goes on.

use wasm_bindgen::JsValue;
use web_sys::Storage;

use crate::protocol::Lang;
use crate::protocol::Snapshot;
use crate::web::clock::ClockLine;
use crate::web::link::{Link, Problem};
use crate::web::prefs::Prefs;
use crate::web::saved;

const KEY: &str = "pantheon.game.v2";
const PREFS_KEY: &str = "pantheon.prefs.v1";

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The page's link: what its query asks for, and what in it cannot be used.
pub fn link() -> (Link, Vec<Problem>) {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    Link::parse(&query)
}

/// Opens the link's address in this tab (the analysis board, the board
/// editor and the games it starts).
pub fn go_to(link: &Link) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(&url_of(link));
    }
}

/// The address of this page with the link's query (none when the link says
/// nothing): what Share gives, and what the address bar shows.
pub fn url_of(link: &Link) -> String {
    let page = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    match link.query() {
        query if query.is_empty() => page,
        query => format!("{page}?{query}"),
    }
}

/// Takes the game out of the address bar once it is being played (and
/// saved): a reload then resumes the game as it is, not as the link began it.
pub fn drop_game_from_url(link: &Link) {
    let shown = Link {
        pieces: link.pieces,
        lang: link.lang,
        ..Link::default()
    };
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url_of(&shown)));
    }
}

pub fn save(snap: &Snapshot, clock: Option<&ClockLine>) {
    let Some(storage) = storage() else { return };
    // Full or forbidden storage: the game goes on unsaved.
    let _ = storage.set_item(KEY, &saved::write(snap, clock));
}

/// The game saved by an earlier visit: `None` when there is none (or no
/// storage), an error naming the damage when it cannot be read (it is then
/// forgotten, so the next visit starts cleanly).
pub fn load() -> Option<Result<saved::Saved, saved::Damage>> {
    let text = storage()?.get_item(KEY).ok()??;
    let game = saved::read(&text);
    if game.is_err() {
        forget();
    }
    Some(game)
}

/// The display preferences of an earlier visit (defaults without storage).
pub fn load_prefs() -> Prefs {
    storage()
        .and_then(|s| s.get_item(PREFS_KEY).ok().flatten())
        .map(|line| Prefs::parse(&line))
        .unwrap_or_default()
}

pub fn save_prefs(prefs: &Prefs) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(PREFS_KEY, &prefs.line());
    }
}

/// The page's language: the link's (`?lang=ko`), else the one chosen on an
/// earlier visit, else the browser's first preferred language the page speaks.
pub fn language(from_url: Option<Lang>, prefs: &Prefs) -> Lang {
    let window = web_sys::window();
    let browser = || {
        let languages: Vec<String> = window
            .as_ref()
            .map(|w| {
                w.navigator()
                    .languages()
                    .iter()
                    .filter_map(|l| l.as_string())
                    .collect()
            })
            .unwrap_or_default();
        Lang::from_preferences(languages.iter().map(String::as_str))
    };
    from_url.or(prefs.lang).unwrap_or_else(browser)
}

pub fn forget() {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(KEY);
    }
}

/// Where a game with a friend on another device is kept (the study
/// bundle writes it; the play page only looks whether one is there).
const ONLINE_KEY: &str = "pantheon.online.v1";

/// A game with a friend is kept: the page opens the study bundle for it.
pub fn has_online_game() -> bool {
    storage().is_some_and(|s| s.get_item(ONLINE_KEY).ok().flatten().is_some())
}

/// A game with a friend on another device, kept across reloads.
#[cfg(feature = "study")]
mod online {
    use super::{storage, ONLINE_KEY};
    use crate::protocol::friend::StoredGame;

    pub fn save_online(game: &StoredGame) {
        if let Some(storage) = storage() {
            let _ = storage.set_item(ONLINE_KEY, &game.write());
        }
    }

    /// The game kept, or what is wrong with it (it is then forgotten).
    pub fn load_online() -> Option<Result<StoredGame, String>> {
        let text = storage()?.get_item(ONLINE_KEY).ok()??;
        let game = StoredGame::read(&text);
        if game.is_err() {
            forget_online();
        }
        Some(game)
    }

    pub fn forget_online() {
        if let Some(storage) = storage() {
            let _ = storage.remove_item(ONLINE_KEY);
        }
    }
}

#[cfg(feature = "study")]
pub use online::{forget_online, load_online, save_online};

/// The STUN and TURN servers chosen for playing a friend (as the `ice=`
/// parameter writes them), kept for the next visits.
#[cfg(feature = "study")]
mod ice {
    use super::storage;

    const ICE_KEY: &str = "pantheon.ice.v1";

    pub fn ice_setting() -> Option<String> {
        storage()?.get_item(ICE_KEY).ok()?
    }

    /// Keeps the servers chosen (none: the default).
    pub fn set_ice_setting(servers: Option<&str>) {
        let Some(storage) = storage() else { return };
        let _ = match servers.map(str::trim).filter(|s| !s.is_empty()) {
            Some(servers) => storage.set_item(ICE_KEY, servers),
            None => storage.remove_item(ICE_KEY),
        };
    }
}

#[cfg(feature = "study")]
pub use ice::{ice_setting, set_ice_setting};

/// The games by link (correspondence) this browser keeps: one line each,
/// the game's id (hex) and its latest link's fragment, the latest first.
#[cfg(feature = "study")]
mod letters {
    use super::storage;

    const LETTERS_KEY: &str = "pantheon.letters.v1";
    /// The most games kept (the oldest goes).
    const MOST: usize = 50;

    /// A game kept: its id, whether it has ended, its latest fragment.
    pub type Kept = (u64, bool, String);

    /// Every game kept, the latest first (lines that cannot be read are
    /// passed over).
    pub fn kept_letters() -> Vec<Kept> {
        let text = storage()
            .and_then(|s| s.get_item(LETTERS_KEY).ok().flatten())
            .unwrap_or_default();
        text.lines()
            .filter_map(|line| {
                let mut parts = line.splitn(3, ' ');
                let id = u64::from_str_radix(parts.next()?, 16).ok()?;
                let over = parts.next()? == "1";
                Some((id, over, parts.next()?.to_string()))
            })
            .collect()
    }

    /// The kept copy of game `id`.
    pub fn kept_letter(id: u64) -> Option<String> {
        kept_letters()
            .into_iter()
            .find(|(g, _, _)| *g == id)
            .map(|(_, _, f)| f)
    }

    /// Keeps game `id` as `fragment`, the latest first.
    pub fn keep_letter(id: u64, fragment: &str, over: bool) {
        let mut all = kept_letters();
        all.retain(|(g, _, _)| *g != id);
        all.insert(0, (id, over, fragment.to_string()));
        all.truncate(MOST);
        let text: Vec<String> = all
            .iter()
            .map(|(g, over, f)| format!("{g:x} {} {f}", u8::from(*over)))
            .collect();
        if let Some(storage) = storage() {
            let _ = storage.set_item(LETTERS_KEY, &text.join("\n"));
        }
    }
}

#[cfg(feature = "study")]
pub use letters::{keep_letter, kept_letter, kept_letters};

/// The analysis board's reviews, kept with their games.
#[cfg(feature = "study")]
mod reviews {
    use super::storage;
    use crate::protocol::{decode, encode, GameReview};

    const REVIEWS_KEY: &str = "pantheon.reviews.v1";
    /// Reviews kept: the most recent games reviewed.
    const KEPT_REVIEWS: usize = 8;

    /// The reviews kept, one per line: the game (variant, start position,
    /// moves) and the review's bytes in hexadecimal.
    fn review_lines() -> Vec<String> {
        storage()
            .and_then(|s| s.get_item(REVIEWS_KEY).ok().flatten())
            .map(|text| text.lines().map(str::to_string).collect())
            .unwrap_or_default()
    }

    fn review_key(variant: &str, fen: &str, moves: &[String]) -> String {
        format!("{variant}\t{fen}\t{}\t", moves.join(" "))
    }

    /// Keeps a finished review with its game, so that the game opened again
    /// is not reviewed again.
    pub fn save_review(variant: &str, fen: &str, review: &GameReview) {
        let Some(storage) = storage() else { return };
        let key = review_key(variant, fen, &review.moves);
        let hex: String = encode(review).iter().map(|b| format!("{b:02x}")).collect();
        let mut lines: Vec<String> = review_lines()
            .into_iter()
            .filter(|l| !l.starts_with(&key))
            .collect();
        lines.push(format!("{key}{hex}"));
        let start = lines.len().saturating_sub(KEPT_REVIEWS);
        let _ = storage.set_item(REVIEWS_KEY, &lines[start..].join("\n"));
    }

    /// The review kept for this game, if there is one; what is wrong with it if
    /// it cannot be read (it is then forgotten).
    pub fn load_review(
        variant: &str,
        fen: &str,
        moves: &[String],
    ) -> Option<Result<GameReview, String>> {
        let key = review_key(variant, fen, moves);
        let line = review_lines().into_iter().find(|l| l.starts_with(&key))?;
        let hex = &line[key.len()..];
        let bytes: Option<Vec<u8>> = (hex.len() % 2 == 0)
            .then(|| {
                (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
                    .collect()
            })
            .flatten();
        let review = match bytes {
            None => Err("not hexadecimal".to_string()),
            Some(bytes) => decode::<GameReview>(&bytes).and_then(|r| {
                if r.moves == moves
                    && r.evals.len() == moves.len() + 1
                    && r.marks.len() == moves.len()
                {
                    Ok(r)
                } else {
                    Err("not this game's".to_string())
                }
            }),
        };
        if review.is_err() {
            if let Some(storage) = storage() {
                let rest: Vec<String> = review_lines()
                    .into_iter()
                    .filter(|l| !l.starts_with(&key))
                    .collect();
                let _ = storage.set_item(REVIEWS_KEY, &rest.join("\n"));
            }
        }
        Some(review)
    }
}

#[cfg(feature = "study")]
pub use reviews::{load_review, save_review};

/// The player's puzzle record (rating, streak, puzzles solved).
#[cfg(feature = "study")]
mod puzzles {
    use super::storage;
    use crate::web::state::puzzle::{Damage, Progress};

    const PUZZLES_KEY: &str = "pantheon.puzzles.v1";

    /// The record kept, a new one if there is none; what is wrong with it
    /// if it cannot be read (a new one then starts, and replaces it once a
    /// puzzle is rated).
    pub fn load_progress() -> Result<Progress, Damage> {
        match storage().and_then(|s| s.get_item(PUZZLES_KEY).ok().flatten()) {
            None => Ok(Progress::default()),
            Some(text) => Progress::read(&text),
        }
    }

    pub fn save_progress(progress: &Progress) {
        if let Some(storage) = storage() {
            let _ = storage.set_item(PUZZLES_KEY, &progress.write());
        }
    }
}

#[cfg(feature = "study")]
pub use puzzles::{load_progress, save_progress};
