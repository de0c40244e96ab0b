//! The analysis board's place in the page. It is built into the study
//! bundle (`src/bin/study.rs`, the `study` feature) and not into the play
//! page's wasm, so a first visit does not download it: the play page opens
//! the board by loading the study bundle ([`load`]), which then runs the
//! whole page with the board in it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::web::commands::Commands;
use crate::web::hooks::Store;
use crate::web::link::{Link, Mode};
use crate::web::state::State;

/// The analysis board's panel, when it is open.
#[cfg(feature = "study")]
pub fn panel(state: &State, store: &Store, commands: &Commands) -> Option<Html> {
    let board = state.analysis.as_ref()?;
    Some(crate::web::components::analysis::panel(
        state, board, store, commands,
    ))
}

#[cfg(not(feature = "study"))]
pub fn panel(_: &State, _: &Store, _: &Commands) -> Option<Html> {
    None
}

/// The evaluation bar, when the board is open.
#[cfg(feature = "study")]
pub fn bar(state: &State) -> Option<Html> {
    let board = state.analysis.as_ref()?;
    Some(crate::web::components::analysis::eval_bar(
        board.eval(),
        state.view.flipped,
        state.text(),
    ))
}

#[cfg(not(feature = "study"))]
pub fn bar(_: &State) -> Option<Html> {
    None
}

/// In a frame, the best line instead of the status, when the board is open.
#[cfg(feature = "study")]
pub fn embed_line(state: &State) -> Option<Html> {
    let board = state.analysis.as_ref()?;
    let snap = state.snapshot.as_deref()?;
    Some(crate::web::components::analysis::embed_line(
        board,
        snap,
        state.text(),
        state.view.prefs.pieces,
    ))
}

#[cfg(not(feature = "study"))]
pub fn embed_line(_: &State) -> Option<Html> {
    None
}

/// The analyser (a second worker), while the board is open; the palette's
/// drag on the editor; the puzzles' set and timer.
#[cfg(feature = "study")]
#[hook]
pub fn use_study(store: &Store) {
    crate::web::hooks::use_analyser(store);
    crate::web::components::editor::use_palette_drag(store);
    crate::web::hooks::use_puzzles(store);
    use_away_countdown(store);
}

/// While the friend is away, the page's clock ticks every second (no game
/// clock runs then), for the countdown to a claim.
#[cfg(feature = "study")]
#[hook]
fn use_away_countdown(store: &Store) {
    use crate::protocol::friend::LinkState;
    use crate::web::state::{Action, ClockAction};
    let away = store.get().friend.as_ref().is_some_and(|b| {
        b.game
            .as_ref()
            .is_some_and(|g| matches!(g.link, LinkState::Away { .. }) && !g.over)
    });
    let store = store.clone();
    use_effect_with(away, move |away| {
        let interval = away.then(|| {
            gloo::timers::callback::Interval::new(1_000, move || {
                store.dispatch(Action::Clock(ClockAction::Tick(js_sys::Date::now())))
            })
        });
        move || drop(interval)
    });
}

#[cfg(not(feature = "study"))]
#[hook]
pub fn use_study(_store: &Store) {}

/// The board editor's parts, when it is open: its verdict (in the status
/// line's place), the position it shows, what the board's taps do, and its
/// panel.
pub struct EditorParts {
    pub status: Html,
    pub snap: Option<std::rc::Rc<crate::protocol::Snapshot>>,
    pub on_input: Callback<crate::web::state::BoardInput>,
    pub panel: Html,
}

#[cfg(feature = "study")]
pub fn editor(state: &State, store: &Store) -> Option<EditorParts> {
    use crate::web::components::editor;
    use crate::web::state::{Action, BoardInput, Edit, Target};
    let board = state.editor.as_ref()?;
    let t = state.text();
    let on_input = {
        let store = store.clone();
        Callback::from(move |input| {
            if let BoardInput::Tap(Target::Square(sq)) = input {
                store.dispatch(Action::Edit(Edit::Tap(sq)));
            }
        })
    };
    let open = {
        let store = store.clone();
        Callback::from(move |mode| open_position(&store, mode))
    };
    Some(EditorParts {
        status: editor::status(board, t),
        snap: board.snapshot().map(std::rc::Rc::new),
        on_input,
        panel: editor::panel(
            board,
            store,
            t,
            state.view.prefs.pieces,
            editor::Exits { open },
        ),
    })
}

#[cfg(not(feature = "study"))]
pub fn editor(_: &State, _: &Store) -> Option<EditorParts> {
    None
}

/// The link to the position on the board editor, opened in `mode`
/// (`None`: the default, a game against the computer, as a shared link
/// opens), if the position may leave the editor.
#[cfg(feature = "study")]
pub fn position_link(state: &State, mode: Option<Mode>) -> Option<Link> {
    let board = state.editor.as_ref()?;
    let view = &state.view;
    let link = Link::of_position(
        &board.setup.variant,
        board.playable()?,
        mode.unwrap_or_default(),
        view.bottom(),
        view.prefs.pieces,
    );
    Some(Link { mode, ..link })
}

#[cfg(not(feature = "study"))]
pub fn position_link(_: &State, _: Option<Mode>) -> Option<Link> {
    None
}

/// Leaves the editor for its position in `mode` (in the page's language).
#[cfg(feature = "study")]
fn open_position(store: &Store, mode: Mode) {
    let state = store.get();
    let Some(link) = position_link(&state, Some(mode)) else {
        return;
    };
    let link = Link {
        lang: Some(state.view.lang),
        ..link
    };
    crate::web::storage::go_to(&link);
}

/// The embed builder's page, when it is open (once the game has come).
#[cfg(feature = "study")]
pub fn builder(state: &State, store: &Store) -> Option<Html> {
    let b = state.builder.as_ref()?;
    let snap = state.snapshot.as_deref()?;
    // The site's folder (the frame's page is this page, or diagram.html
    // beside it), and the game's own link to go back to.
    let here = crate::web::storage::url_of(&Link::default());
    let site = match here.rfind('/') {
        Some(i) => here[..=i].to_string(),
        None => here.clone(),
    };
    let back = Link {
        lang: Some(state.view.lang),
        ..Link::of_game(snap, b.bottom, crate::web::link::Shown::Viewed, b.pieces)
    };
    Some(crate::web::components::builder::page(
        b,
        snap,
        &site,
        &crate::web::storage::url_of(&back),
        store,
        state.text(),
    ))
}

#[cfg(not(feature = "study"))]
pub fn builder(_: &State, _: &Store) -> Option<Html> {
    None
}

/// The puzzle board's parts, when it is open: its status line, its panel
/// and the buttons of a frame's bar.
pub struct PuzzleParts {
    pub status: Html,
    pub panel: Html,
    pub bar: Html,
}

#[cfg(feature = "study")]
pub fn puzzle(state: &State, store: &Store) -> Option<PuzzleParts> {
    use crate::web::components::puzzle;
    let board = state.puzzle.as_ref()?;
    let t = state.text();
    Some(PuzzleParts {
        status: puzzle::status(board, state.snapshot.as_deref(), t),
        panel: puzzle::panel(board, state, store),
        bar: puzzle::buttons(board, store, t, true),
    })
}

#[cfg(not(feature = "study"))]
pub fn puzzle(_: &State, _: &Store) -> Option<PuzzleParts> {
    None
}

/// The friend mode's parts, when it is open: the dialog that brings the
/// two pages together (until the game begins) and the panel's part.
pub struct FriendParts {
    pub dialog: Html,
    pub section: Html,
}

#[cfg(feature = "study")]
pub fn friend(state: &State, commands: &Commands) -> Option<FriendParts> {
    use crate::web::components::friend::{self, FindActions, FindDialog, GameActions};
    let board = state.friend.as_ref()?;
    let lang = state.view.lang;
    let actions = FindActions {
        invite: commands.with(|c, (terms, me, by_link)| c.invite_friend(terms, me, by_link)),
        open_letter: commands.with(|c, fragment: String| c.open_letter(&fragment)),
        again: commands.on(Commands::friend_again),
        accept: commands.with(|c, link: std::rc::Rc<_>| c.accept_invitation(&link)),
        reply: commands.with(|c, text: String| c.take_reply(&text)),
        close: commands.on(Commands::leave_friend),
    };
    let game = GameActions {
        reconnect: commands.on(Commands::reconnect_friend),
        by_link: commands.on(Commands::continue_by_link),
        claim: commands.on(Commands::claim_win),
        say: commands.with(Commands::say),
        answer_takeback: commands.with(Commands::answer_takeback),
        answer_rematch: commands.with(Commands::answer_rematch),
        dismiss: commands.on(Commands::dismiss_friend_news),
    };
    Some(FriendParts {
        dialog: html! { <FindDialog stage={board.stage.clone()} {lang} {actions} /> },
        section: friend::section(board, state.text(), &game, state.clock.now),
    })
}

#[cfg(not(feature = "study"))]
pub fn friend(_: &State, _: &Commands) -> Option<FriendParts> {
    None
}

/// The link to the puzzle on the board (`own`: by its line, not its name).
#[cfg(feature = "study")]
pub fn puzzle_link(state: &State, own: bool) -> Option<Link> {
    state.puzzle.as_ref()?.link(own)
}

#[cfg(not(feature = "study"))]
pub fn puzzle_link(_: &State, _: bool) -> Option<Link> {
    None
}

/// Whether the page's link asks for the study bundle (the analysis board,
/// the board editor, the embed builder or the puzzles): the play page then
/// loads it instead of starting.
pub fn wanted() -> bool {
    let friends_link = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .is_some_and(|h| h.starts_with("#rtc=") || h.starts_with("#corr="));
    friends_link
        || crate::web::storage::has_online_game()
        || matches!(
            crate::web::storage::link().0.mode,
            Some(Mode::Analysis | Mode::Editor | Mode::Builder | Mode::Puzzle | Mode::Friend)
        )
}

/// Loads the study bundle: its wasm-bindgen glue, then the loader that
/// starts it (`static/study-loader.js`), both with the build id, so that a
/// cached old bundle never runs with a new page. Said on the page if it
/// cannot be loaded (offline before it was ever kept).
pub fn load() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(head) = document.head() else { return };
    let id = crate::web::bridge::build_id();
    // Its styles first (a small file, here long before the wasm).
    if let Ok(link) = document.create_element("link") {
        let _ = link.set_attribute("rel", "stylesheet");
        let _ = link.set_attribute("href", &format!("./study.css?v={id}"));
        let _ = head.append_child(&link);
    }
    for file in ["study.js", "study-loader.js"] {
        let Ok(script) = document.create_element("script") else {
            return;
        };
        let _ = script.set_attribute("src", &format!("./{file}?v={id}"));
        // Inserted scripts run in the order they were added.
        let _ = js_sys::Reflect::set(&script, &"async".into(), &false.into());
        let failed = wasm_bindgen::closure::Closure::once_into_js(move || {
            if let Some(status) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(".status").ok().flatten())
            {
                status.set_text_content(Some(
                    "The analysis board, the board editor and the puzzles could not be loaded: connect once to keep them for offline play.",
                ));
            }
        });
        let _ = script.add_event_listener_with_callback("error", failed.unchecked_ref());
        let _ = head.append_child(&script);
    }
}
