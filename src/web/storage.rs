//! Where a game comes from when the page opens: URL parameters first (a
//! position to share or to test), else the game saved in `localStorage`, else
//! a new default game. Storage may be missing (a cross-site iframe, private
//! browsing): then nothing is saved and the game goes on.

use web_sys::{Storage, UrlSearchParams};

use crate::protocol::{NewGame, Player, Side, Snapshot, DEFAULT_LEVEL};
use crate::web::i18n::Lang;
use crate::web::prefs::Prefs;
use crate::web::saved;

const KEY: &str = "pantheon.game.v2";
const PREFS_KEY: &str = "pantheon.prefs.v1";

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// `?variant=pandemonium&fen=...&moves=e3e4,e7e6&white=human&black=computer&level=3`.
pub fn from_url() -> Option<NewGame> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = UrlSearchParams::new_with_str(&search).ok()?;
    let variant = params.get("variant")?;
    let player = |side: Side, default: Player| {
        params
            .get(side.id())
            .and_then(|p| Player::parse(&p))
            .unwrap_or(default)
    };
    Some(NewGame {
        id: 0,
        variant,
        fen: params.get("fen").filter(|f| !f.trim().is_empty()),
        moves: split_moves(&params.get("moves").unwrap_or_default()),
        players: [
            player(Side::White, Player::Human),
            player(Side::Black, Player::Computer),
        ],
        level: params
            .get("level")
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or(DEFAULT_LEVEL),
    })
}

fn split_moves(s: &str) -> Vec<String> {
    s.split([',', ' '])
        .filter(|m| !m.is_empty())
        .take(2000)
        .map(|m| m.chars().take(16).collect())
        .collect()
}

pub fn save(snap: &Snapshot) {
    let Some(storage) = storage() else { return };
    // Full or forbidden storage: the game goes on unsaved.
    let _ = storage.set_item(KEY, &saved::write(snap));
}

/// The game saved by an earlier visit: `None` when there is none (or no
/// storage), an error naming the damage when it cannot be read (it is then
/// forgotten, so the next visit starts cleanly).
pub fn load() -> Option<Result<NewGame, saved::Damage>> {
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

/// The page's language: `?lang=ko`, else the one chosen on an earlier
/// visit, else the browser's first preferred language the page speaks.
pub fn language(prefs: &Prefs) -> Lang {
    let window = web_sys::window();
    let from_url = window
        .as_ref()
        .and_then(|w| w.location().search().ok())
        .and_then(|s| UrlSearchParams::new_with_str(&s).ok())
        .and_then(|p| p.get("lang"))
        .and_then(|l| Lang::parse(&l));
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
