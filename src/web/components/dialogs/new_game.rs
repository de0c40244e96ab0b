//! The New game dialog: the game, the opponent, the computer's level, the
//! side and the clock; or, instead, the board editor, puzzles or a friend.

use yew::prelude::*;

use crate::protocol::{Lang, NewGame, Player, Side, Snapshot, DEFAULT_LEVEL, LEVELS};
use crate::web::clock::TimeControl;
use crate::web::i18n::{fill, Texts};
use crate::web::state::Start;

use super::{choice_button, ClockChooser, ClockFields, Modal};

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
        <Modal title={t.play.new_game} lang={props.lang} on_close={props.on_close.clone()}>
            <fieldset>
                <legend>{ t.play.game }</legend>
                <div class="choices">
                    { choice("variant-mansindam", t.play.mansindam, t.play.mansindam_note,
                        !s.pandemonium, Settings { pandemonium: false, ..s }) }
                    { choice("variant-pandemonium", t.play.pandemonium, t.play.pandemonium_note,
                        s.pandemonium, Settings { pandemonium: true, ..s }) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.play.opponent }</legend>
                <div class="choices">
                    { choice("opponent-computer", t.play.computer, "", s.computer, Settings { computer: true, ..s }) }
                    { choice("opponent-human", t.play.second_player, t.play.on_this_device, !s.computer,
                        Settings { computer: false, ..s }) }
                </div>
            </fieldset>
            if s.computer {
                <fieldset>
                    <legend>{ t.play.strength }</legend>
                    <div class="levels">
                        { for (1..=LEVELS).map(|n| {
                            let settings = settings.clone();
                            let on = s.level == n;
                            html! {
                                <button type="button" class={classes!("level", on.then_some("on"))}
                                    data-testid={format!("level-{n}")} aria-pressed={on.to_string()}
                                    aria-label={fill(t.play.level_number, &[("n", &n.to_string())])}
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
                <legend>{ if s.computer { t.play.you_play } else { t.play.at_the_bottom } }</legend>
                <div class="choices">
                    { choice("side-white", t.play.white, t.play.moves_first, s.side == Side::White,
                        Settings { side: Side::White, ..s }) }
                    { choice("side-black", t.play.black, "", s.side == Side::Black, Settings { side: Side::Black, ..s }) }
                </div>
            </fieldset>
            <ClockChooser value={*clock} lang={props.lang}
                on_change={Callback::from(move |v| clock.set(v))} />
            <label class="field">
                <span class="field-label">{ t.play.start_fen }</span>
                <input type="text" ref={fen} data-testid="start-fen" spellcheck="false"
                    autocomplete="off" placeholder="rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1" />
            </label>
            <div class="dialog-buttons">
                <button type="button" class="button" data-testid="open-editor"
                    onclick={props.on_editor.reform(|_| ())}>{ t.play.set_up_position }</button>
                <button type="button" class="button" data-testid="open-puzzles"
                    onclick={props.on_puzzles.reform(move |_| s.pandemonium)}>{ t.play.solve_puzzles }</button>
                <button type="button" class="button" data-testid="open-friend"
                    onclick={props.on_friend.reform(|_| ())}>{ t.play.play_friend }</button>
                <button type="button" class="button" onclick={close}>{ t.play.cancel }</button>
                <button type="button" class="button primary" data-testid="start-game" onclick={start}>
                    { t.play.start }
                </button>
            </div>
        </Modal>
    }
}
