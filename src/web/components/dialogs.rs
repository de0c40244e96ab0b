//! Dialogs: a new game, a question before a move that loses by repetition or
//! before resigning.

use yew::prelude::*;

use crate::protocol::{NewGame, Player, Side};

/// The computer's playing levels (`crate::ai::LEVELS`, without linking the AI into the page).
const LEVELS: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub pandemonium: bool,
    pub side: Side,
    pub computer: bool,
    pub level: u8,
}

impl Settings {
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
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    pub initial: Settings,
    /// The game, and the side the player wants at the bottom.
    pub on_start: Callback<(NewGame, Side)>,
    pub on_close: Callback<()>,
}

#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let settings = use_state(|| props.initial);
    let choice = |testid: &'static str,
                  title: &'static str,
                  note: &'static str,
                  on: bool,
                  set: Settings| {
        let settings = settings.clone();
        html! {
            <button type="button" class={classes!("choice", on.then_some("on"))} data-testid={testid}
                aria-pressed={on.to_string()} onclick={Callback::from(move |_| settings.set(set))}>
                <span class="choice-title">{ title }</span>
                if !note.is_empty() {
                    <span class="choice-note">{ note }</span>
                }
            </button>
        }
    };
    let s = *settings;
    let start = {
        let on_start = props.on_start.clone();
        Callback::from(move |_| on_start.emit((s.new_game(), s.side)))
    };
    let close = props.on_close.reform(|_| ());
    html! {
        <Modal title="New game" on_close={props.on_close.clone()}>
            <fieldset>
                <legend>{ "Game" }</legend>
                <div class="choices">
                    { choice("variant-mansindam", "Mansindam", "萬神談 · compulsory promotion, campmate",
                        !s.pandemonium, Settings { pandemonium: false, ..s }) }
                    { choice("variant-pandemonium", "Pandemonium", "修羅場 · optional promotion, drops anywhere",
                        s.pandemonium, Settings { pandemonium: true, ..s }) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ "Opponent" }</legend>
                <div class="choices">
                    { choice("opponent-computer", "Computer", "", s.computer, Settings { computer: true, ..s }) }
                    { choice("opponent-human", "Second player", "on this device", !s.computer,
                        Settings { computer: false, ..s }) }
                </div>
            </fieldset>
            if s.computer {
                <fieldset>
                    <legend>{ "Computer's strength" }</legend>
                    <div class="levels">
                        { for (1..=LEVELS).map(|n| {
                            let settings = settings.clone();
                            let on = s.level == n;
                            html! {
                                <button type="button" class={classes!("level", on.then_some("on"))}
                                    data-testid={format!("level-{n}")} aria-pressed={on.to_string()}
                                    aria-label={format!("Level {n}")}
                                    onclick={Callback::from(move |_| settings.set(Settings { level: n, ..s }))}>
                                    { n }
                                </button>
                            }
                        }) }
                    </div>
                    <p class="level-note">{ level_note(s.level) }</p>
                </fieldset>
            }
            <fieldset>
                <legend>{ if s.computer { "You play" } else { "At the bottom" } }</legend>
                <div class="choices">
                    { choice("side-white", "White", "moves first", s.side == Side::White,
                        Settings { side: Side::White, ..s }) }
                    { choice("side-black", "Black", "", s.side == Side::Black, Settings { side: Side::Black, ..s }) }
                </div>
            </fieldset>
            <div class="dialog-buttons">
                <button type="button" class="button" onclick={close}>{ "Cancel" }</button>
                <button type="button" class="button primary" data-testid="start-game" onclick={start}>
                    { "Start" }
                </button>
            </div>
        </Modal>
    }
}

fn level_note(level: u8) -> &'static str {
    match level {
        1 => "A beginner: sees one move ahead.",
        2 => "Casual: looks two moves ahead.",
        3 => "Club player: a quick, solid game.",
        4 => "Strong: thinks a little longer.",
        5 => "Expert: up to a second and a half a move.",
        _ => "Master: its best within a second and a half.",
    }
}

#[derive(Properties, PartialEq)]
pub struct QuestionProps {
    pub title: AttrValue,
    pub text: AttrValue,
    pub yes: AttrValue,
    pub no: AttrValue,
    pub testid: AttrValue,
    pub on_answer: Callback<bool>,
}

/// A yes/no question.
#[function_component(Question)]
pub fn question(props: &QuestionProps) -> Html {
    let answer = |yes: bool| props.on_answer.reform(move |_| yes);
    html! {
        <Modal title={props.title.clone()} on_close={props.on_answer.reform(|_| false)}>
            <p class="question" data-testid={props.testid.clone()}>{ props.text.clone() }</p>
            <div class="dialog-buttons">
                <button type="button" class="button" data-testid="answer-no" onclick={answer(false)}>
                    { props.no.clone() }
                </button>
                <button type="button" class="button primary" data-testid="answer-yes" onclick={answer(true)}>
                    { props.yes.clone() }
                </button>
            </div>
        </Modal>
    }
}

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    pub title: AttrValue,
    pub on_close: Callback<()>,
    pub children: Html,
}

/// A centred dialog over a dimmed page; a tap outside closes it.
#[function_component(Modal)]
pub fn modal(props: &ModalProps) -> Html {
    let on_backdrop = {
        let on_close = props.on_close.clone();
        Callback::from(move |e: MouseEvent| {
            if e.target() == e.current_target() {
                on_close.emit(());
            }
        })
    };
    html! {
        <div class="backdrop" onclick={on_backdrop}>
            <div class="dialog" role="dialog" aria-modal="true" aria-label={props.title.clone()}>
                <h2>{ props.title.clone() }</h2>
                { props.children.clone() }
            </div>
        </div>
    }
}
