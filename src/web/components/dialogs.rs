//! Dialogs: a new game, a question before a move that loses by repetition or
//! before resigning.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::protocol::{Lang, NewGame, Player, Side, Snapshot, DEFAULT_LEVEL, LEVELS};
use crate::web::clock::TimeControl;
use crate::web::i18n::{fill, Texts};
use crate::web::prefs::{PieceSet, Prefs, Theme};
use crate::web::state::Start;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub pandemonium: bool,
    pub side: Side,
    pub computer: bool,
    pub level: u8,
}

impl Settings {
    /// The New game dialog's choices, as the game on the board was started.
    pub fn of(snap: Option<&Snapshot>) -> Settings {
        match snap {
            Some(s) => Settings {
                pandemonium: s.variant == "pandemonium",
                side: if s.players == [Player::Computer, Player::Human] {
                    Side::Black
                } else {
                    Side::White
                },
                computer: s.players.contains(&Player::Computer),
                level: s.level,
            },
            None => Settings {
                pandemonium: false,
                side: Side::White,
                computer: true,
                level: DEFAULT_LEVEL,
            },
        }
    }

    pub fn new_game(self) -> NewGame {
        let (me, other) = (
            Player::Human,
            if self.computer {
                Player::Computer
            } else {
                Player::Human
            },
        );
        NewGame {
            id: 0,
            variant: if self.pandemonium {
                "pandemonium"
            } else {
                "mansindam"
            }
            .into(),
            fen: None,
            moves: Vec::new(),
            players: match self.side {
                Side::White => [me, other],
                Side::Black => [other, me],
            },
            level: self.level,
            from_link: false,
            clock: None,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    pub initial: Settings,
    /// The clock of the game shown, offered again.
    pub clock: Option<TimeControl>,
    pub lang: Lang,
    pub on_start: Callback<Start>,
    /// Set up a position on the board editor instead.
    pub on_editor: Callback<()>,
    /// Solve puzzles of the game chosen instead (`pandemonium`).
    pub on_puzzles: Callback<bool>,
    /// Invite a friend on another device instead.
    pub on_friend: Callback<()>,
    pub on_close: Callback<()>,
}

#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let settings = use_state(|| props.initial);
    let t = props.lang.text();
    let choice =
        |testid: &'static str, title: &'static str, note: &'static str, on: bool, set: Settings| {
            let settings = settings.clone();
            choice_button(
                testid.into(),
                title,
                note,
                on,
                Callback::from(move |_| settings.set(set)),
            )
        };
    let s = *settings;
    let fen = use_node_ref();
    let clock = use_state(|| ClockFields::of(props.clock));
    let start = {
        let on_start = props.on_start.clone();
        let (fen, clock) = (fen.clone(), *clock);
        Callback::from(move |_| {
            let position = fen
                .cast::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            let mut game = s.new_game();
            game.fen = Some(position.trim().to_string()).filter(|f| !f.is_empty());
            on_start.emit((game, s.side, clock.control()))
        })
    };
    let close = props.on_close.reform(|_| ());
    html! {
        <Modal title={t.new_game} lang={props.lang} on_close={props.on_close.clone()}>
            <fieldset>
                <legend>{ t.game }</legend>
                <div class="choices">
                    { choice("variant-mansindam", t.mansindam, t.mansindam_note,
                        !s.pandemonium, Settings { pandemonium: false, ..s }) }
                    { choice("variant-pandemonium", t.pandemonium, t.pandemonium_note,
                        s.pandemonium, Settings { pandemonium: true, ..s }) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.opponent }</legend>
                <div class="choices">
                    { choice("opponent-computer", t.computer, "", s.computer, Settings { computer: true, ..s }) }
                    { choice("opponent-human", t.second_player, t.on_this_device, !s.computer,
                        Settings { computer: false, ..s }) }
                </div>
            </fieldset>
            if s.computer {
                <fieldset>
                    <legend>{ t.strength }</legend>
                    <div class="levels">
                        { for (1..=LEVELS).map(|n| {
                            let settings = settings.clone();
                            let on = s.level == n;
                            html! {
                                <button type="button" class={classes!("level", on.then_some("on"))}
                                    data-testid={format!("level-{n}")} aria-pressed={on.to_string()}
                                    aria-label={fill(t.level, &[("n", &n.to_string())])}
                                    onclick={Callback::from(move |_| settings.set(Settings { level: n, ..s }))}>
                                    { n }
                                </button>
                            }
                        }) }
                    </div>
                    <p class="level-note">{ t.level_note(s.level) }</p>
                </fieldset>
            }
            <fieldset>
                <legend>{ if s.computer { t.you_play } else { t.at_the_bottom } }</legend>
                <div class="choices">
                    { choice("side-white", t.white, t.moves_first, s.side == Side::White,
                        Settings { side: Side::White, ..s }) }
                    { choice("side-black", t.black, "", s.side == Side::Black, Settings { side: Side::Black, ..s }) }
                </div>
            </fieldset>
            <ClockChooser value={*clock} lang={props.lang}
                on_change={Callback::from(move |v| clock.set(v))} />
            <label class="field">
                <span class="field-label">{ t.start_fen }</span>
                <input type="text" ref={fen} data-testid="start-fen" spellcheck="false"
                    autocomplete="off" placeholder="rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1" />
            </label>
            <div class="dialog-buttons">
                <button type="button" class="button" data-testid="open-editor"
                    onclick={props.on_editor.reform(|_| ())}>{ t.set_up_position }</button>
                <button type="button" class="button" data-testid="open-puzzles"
                    onclick={props.on_puzzles.reform(move |_| s.pandemonium)}>{ t.solve_puzzles }</button>
                <button type="button" class="button" data-testid="open-friend"
                    onclick={props.on_friend.reform(|_| ())}>{ t.play_friend }</button>
                <button type="button" class="button" onclick={close}>{ t.cancel }</button>
                <button type="button" class="button primary" data-testid="start-game" onclick={start}>
                    { t.start }
                </button>
            </div>
        </Modal>
    }
}

/// The clock's four fields as the New game dialog shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockFields {
    pub minutes: u32,
    pub increment: u32,
    pub byoyomi: u32,
    pub periods: u32,
}

impl ClockFields {
    pub fn of(control: Option<TimeControl>) -> ClockFields {
        let c = control.unwrap_or(TimeControl::fischer(0, 0));
        ClockFields {
            minutes: c.minutes,
            increment: c.increment_s,
            byoyomi: c.byoyomi_s,
            periods: c.periods,
        }
    }

    pub fn control(self) -> Option<TimeControl> {
        TimeControl::from_fields(self.minutes, self.increment, self.byoyomi, self.periods)
    }
}

#[derive(Properties, PartialEq)]
pub struct ClockProps {
    pub value: ClockFields,
    pub lang: Lang,
    pub on_change: Callback<ClockFields>,
}

/// The clock: no clock, a quick choice, or the four fields (minutes,
/// increment, byoyomi seconds and periods), kept in step.
#[function_component(ClockChooser)]
pub fn clock_chooser(props: &ClockProps) -> Html {
    let (t, value) = (props.lang.text(), props.value);
    let chosen = value.control();
    let chip = |control: Option<TimeControl>| {
        let on = chosen == control;
        let label = control.map_or(t.no_clock.to_string(), |c| t.time_control(c));
        let testid = control.map_or("none".to_string(), |c| c.to_string());
        html! {
            <button type="button" class={classes!("level", "clock-preset", on.then_some("on"))}
                data-testid={format!("clock-preset-{testid}")} aria-pressed={on.to_string()}
                onclick={props.on_change.reform(move |_| ClockFields::of(control))}>
                { label }
            </button>
        }
    };
    let field = |testid: &'static str,
                 text: &'static str,
                 get: fn(&ClockFields) -> u32,
                 set: fn(&mut ClockFields, u32)| {
        let on_change = props.on_change.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = value;
            set(&mut next, input.value().trim().parse().unwrap_or(0));
            on_change.emit(next);
        });
        html! {
            <label>
                <input type="number" min="0" max="600" inputmode="numeric" value={get(&value).to_string()}
                    data-testid={testid} {oninput} />
                { text }
            </label>
        }
    };
    html! {
        <fieldset>
            <legend>{ t.clock }</legend>
            <div class="clock-presets">
                { chip(None) }
                { for TimeControl::PRESETS.into_iter().map(|c| chip(Some(c))) }
            </div>
            <div class="clock-fields">
                { field("clock-minutes", t.clock_minutes, |f| f.minutes, |f, n| f.minutes = n) }
                { field("clock-increment", t.clock_increment, |f| f.increment, |f, n| f.increment = n) }
                { field("clock-byoyomi", t.clock_byoyomi, |f| f.byoyomi, |f, n| f.byoyomi = n) }
                { field("clock-periods", t.clock_periods, |f| f.periods, |f, n| f.periods = n) }
            </div>
        </fieldset>
    }
}

/// One of a group of choices (pressed when `on`), with an optional note.
pub fn choice_button(
    testid: String,
    title: &'static str,
    note: &'static str,
    on: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button type="button" class={classes!("choice", on.then_some("on"))} data-testid={testid}
            aria-pressed={on.to_string()} {onclick}>
            <span class="choice-title">{ title }</span>
            if !note.is_empty() {
                <span class="choice-note">{ note }</span>
            }
        </button>
    }
}

#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    pub prefs: Prefs,
    /// The language shown (the preferences may leave it to the browser).
    pub lang: Lang,
    pub on_change: Callback<Prefs>,
    pub on_close: Callback<()>,
}

/// Language, piece set, board and sound; every choice applies at once.
#[function_component(SettingsDialog)]
pub fn settings_dialog(props: &SettingsProps) -> Html {
    let t = props.lang.text();
    let p = props.prefs;
    let choice = |testid: String, title: &'static str, note: &'static str, on: bool, set: Prefs| {
        choice_button(
            testid,
            title,
            note,
            on,
            props.on_change.reform(move |_| set),
        )
    };
    let piece_note = |set: PieceSet| match set {
        PieceSet::International => t.international_note,
        PieceSet::Traditional => t.traditional_note,
        PieceSet::Figurine => t.figurine_note,
    };
    html! {
        <Modal title={t.settings} lang={props.lang} on_close={props.on_close.clone()}>
            <fieldset>
                <legend>{ t.language }</legend>
                <div class="choices">
                    { for Lang::ALL.iter().map(|&l| choice(format!("lang-{}", l.id()), l.name(), "",
                        props.lang == l, Prefs { lang: Some(l), ..p })) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.pieces }</legend>
                <div class="choices">
                    { for PieceSet::ALL.iter().map(|&set| choice(format!("pieces-{}", set.id()),
                        t.piece_set(set), piece_note(set), p.pieces == set, Prefs { pieces: set, ..p })) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.board_theme }</legend>
                <div class="choices">
                    { for Theme::ALL.iter().map(|&theme| choice(format!("theme-{}", theme.id()),
                        t.theme(theme), "", p.theme == theme, Prefs { theme, ..p })) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.sound }</legend>
                <div class="choices">
                    { choice("sound-on".into(), t.on, "", p.sound, Prefs { sound: true, ..p }) }
                    { choice("sound-off".into(), t.off, "", !p.sound, Prefs { sound: false, ..p }) }
                </div>
            </fieldset>
            <div class="dialog-buttons">
                <button type="button" class="button primary" data-testid="settings-close"
                    onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
            </div>
        </Modal>
    }
}

/// Copies a text to the clipboard. Refused (no permission, an insecure
/// page, a frame without the right): the text is still on screen to select.
fn copy_to_clipboard(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

#[derive(Properties, PartialEq)]
pub struct CopyFieldProps {
    pub lang: Lang,
    pub label: AttrValue,
    pub value: Option<AttrValue>,
    /// A textarea of this many rows (a one-line input when 0).
    #[prop_or_default]
    pub rows: u32,
    pub testid: AttrValue,
    /// Copied as soon as it is shown (the Share button).
    #[prop_or_default]
    pub copy_at_once: bool,
}

/// A labelled text to read and copy, with its Copy button.
#[function_component(CopyField)]
pub fn copy_field(props: &CopyFieldProps) -> Html {
    let t = props.lang.text();
    let copied = use_state(|| false);
    {
        let value = props.value.clone();
        let copied = copied.clone();
        let at_once = props.copy_at_once;
        use_effect_with(value, move |value| {
            copied.set(false);
            if let (true, Some(v)) = (at_once, value) {
                copy_to_clipboard(v);
                copied.set(true);
            }
        });
    }
    let copy = {
        let copied = copied.clone();
        let value = props.value.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(v) = &value {
                copy_to_clipboard(v);
                copied.set(true);
            }
        })
    };
    let value = props.value.clone().unwrap_or_default();
    let testid = props.testid.clone();
    let select_all = Callback::from(|e: FocusEvent| {
        if let Some(field) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            field.select();
        }
    });
    let button = html! {
        <button type="button" class="button" data-testid={format!("copy-{testid}")}
            disabled={props.value.is_none()} onclick={copy}>
            { if *copied { t.copied } else { t.copy } }
        </button>
    };
    html! {
        <label class="field">
            <span class="field-label">{ props.label.clone() }</span>
            if props.rows == 0 {
                <span class="field-row">
                    <input type="text" readonly=true {value} data-testid={testid} spellcheck="false"
                        onfocus={select_all} />
                    { button }
                </span>
            } else {
                <textarea readonly=true rows={props.rows.to_string()} data-testid={testid}
                    spellcheck="false" {value} />
                <span class="field-row end">{ button }</span>
            }
        </label>
    }
}

#[derive(Properties, PartialEq)]
pub struct RecordProps {
    pub lang: Lang,
    /// The position on the board as FEN.
    pub fen: AttrValue,
    /// The game as PGN (`None` until the worker has written it).
    pub pgn: Option<AttrValue>,
    pub loading: bool,
    pub error: Option<AttrValue>,
    /// Play on from a pasted text.
    pub on_load: Callback<String>,
    pub on_close: Callback<()>,
}

/// The game as FEN and PGN to copy, and a field to paste one to play from.
#[function_component(RecordDialog)]
pub fn record_dialog(props: &RecordProps) -> Html {
    let t = props.lang.text();
    let paste = use_node_ref();
    let load = {
        let paste = paste.clone();
        let on_load = props.on_load.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = paste.cast::<web_sys::HtmlTextAreaElement>() {
                on_load.emit(area.value());
            }
        })
    };
    html! {
        <Modal title={t.record_title} lang={props.lang} on_close={props.on_close.clone()}>
            <CopyField lang={props.lang} label={t.fen_label} value={Some(props.fen.clone())} testid="fen" />
            <CopyField lang={props.lang} label={t.pgn_label} value={props.pgn.clone()} rows={5} testid="pgn" />
            <label class="field">
                <span class="field-label">{ t.paste_label }</span>
                <textarea rows="4" data-testid="paste" ref={paste} spellcheck="false"
                    placeholder="[Variant \"Mansindam\"] 1. Pe4 … / rnbakqcnm/9/…[] w - - 0 1" />
            </label>
            if let Some(e) = &props.error {
                <p class="load-error" role="alert" data-testid="load-error">
                    { fill(t.bad_record, &[("error", e)]) }</p>
            }
            <div class="dialog-buttons">
                <button type="button" class="button" onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
                <button type="button" class="button primary" data-testid="load" onclick={load}
                    disabled={props.loading}>{ t.load }</button>
            </div>
        </Modal>
    }
}

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub lang: Lang,
    pub link: AttrValue,
    /// The embed builder for the same game.
    #[prop_or_default]
    pub builder: Option<AttrValue>,
    pub on_close: Callback<()>,
}

/// The link to the game as it is seen now, copied at once.
#[function_component(ShareDialog)]
pub fn share_dialog(props: &ShareProps) -> Html {
    let t = props.lang.text();
    html! {
        <Modal title={t.share_title} lang={props.lang} on_close={props.on_close.clone()}>
            <p class="note">{ t.share_text }</p>
            <CopyField lang={props.lang} label={t.link_label} value={Some(props.link.clone())}
                testid="share-link" copy_at_once=true />
            <div class="dialog-buttons">
                if let Some(builder) = &props.builder {
                    <a class="button" href={builder.clone()} data-testid="open-builder">{ t.embed_in_post }</a>
                }
                <button type="button" class="button" onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
            </div>
        </Modal>
    }
}

#[derive(Properties, PartialEq)]
pub struct QuestionProps {
    pub title: AttrValue,
    pub text: AttrValue,
    pub yes: AttrValue,
    pub no: AttrValue,
    pub testid: AttrValue,
    pub lang: Lang,
    /// "No" is the answer Enter gives and the one set out as the main
    /// button (where "yes" would lose the game).
    #[prop_or_default]
    pub no_by_default: bool,
    pub on_answer: Callback<bool>,
}

/// A yes/no question; the default answer has the focus.
#[function_component(Question)]
pub fn question(props: &QuestionProps) -> Html {
    let answer = |yes: bool| props.on_answer.reform(move |_| yes);
    let (yes_ref, no_ref) = (use_node_ref(), use_node_ref());
    {
        let default = if props.no_by_default {
            no_ref.clone()
        } else {
            yes_ref.clone()
        };
        use_effect_with((), move |_| {
            if let Some(button) = default.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    let class = |yes: bool| classes!("button", (yes != props.no_by_default).then_some("primary"));
    html! {
        <Modal title={props.title.clone()} lang={props.lang} on_close={props.on_answer.reform(|_| false)}>
            <p class="question" data-testid={props.testid.clone()}>{ props.text.clone() }</p>
            <div class="dialog-buttons">
                <button type="button" class={class(false)} data-testid="answer-no" ref={no_ref}
                    onclick={answer(false)}>
                    { props.no.clone() }
                </button>
                <button type="button" class={class(true)} data-testid="answer-yes" ref={yes_ref}
                    onclick={answer(true)}>
                    { props.yes.clone() }
                </button>
            </div>
        </Modal>
    }
}

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    pub title: AttrValue,
    pub lang: Lang,
    pub on_close: Callback<()>,
    pub children: Html,
}

/// A centred dialog over a dimmed page. It closes by its button at the top
/// (which stays in view as the dialog scrolls, as does the row of buttons
/// at its foot), by a tap outside it, or by Escape (`use_keys`).
#[function_component(Modal)]
pub fn modal(props: &ModalProps) -> Html {
    // A click on the backdrop itself, not on the dialog (Yew hands events
    // over from the document's root, so the target is compared with the
    // backdrop's element, not with `currentTarget`).
    let backdrop = use_node_ref();
    let on_backdrop = {
        let (on_close, backdrop) = (props.on_close.clone(), backdrop.clone());
        Callback::from(move |e: MouseEvent| {
            let on_it = e
                .target()
                .zip(backdrop.get())
                .is_some_and(|(target, el)| target.dyn_ref::<web_sys::Node>() == Some(&el));
            if on_it {
                on_close.emit(());
            }
        })
    };
    let t = props.lang.text();
    html! {
        <div class="backdrop" ref={backdrop} onclick={on_backdrop}>
            <div class="dialog" role="dialog" aria-modal="true" aria-label={props.title.clone()}>
                <div class="dialog-head">
                    <h2>{ props.title.clone() }</h2>
                    <button type="button" class="button icon dialog-close" data-testid="dialog-close"
                        aria-label={t.close} title={t.close}
                        onclick={props.on_close.reform(|_| ())}>{ "✕" }</button>
                </div>
                { props.children.clone() }
            </div>
        </div>
    }
}
