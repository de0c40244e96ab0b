//! The game inside an iframe talks to the page around it with `postMessage`.
//!
//! Events go to the parent page as plain objects with `source: "pantheon"`
//! and a `type`:
//!
//! - `ready` once the first position is on the board (commands are heard
//!   from then on), `position` when another game or position is set up or a
//!   move is taken back: `{variant, fen, ply}`;
//! - `move` for each move played: `{variant, ply, uci, san, fen}` (`ply`
//!   counts from 1);
//! - `gameOver`: `{winner: "white"|"black", reason, result: "1-0"|"0-1"}`;
//! - `error`: `{message}`, a command that could not be carried out (the game
//!   on the board stays as it was).
//!
//! Commands come from the parent page only (never from another frame):
//! `{type: "setPosition", variant?, fen?, moves?}` and `{type: "flip"}`.
//!
//! What changed between two snapshots is decided here in plain Rust,
//! tested natively; the wasm32 half posts and listens.

use crate::protocol::Snapshot;

/// What the game tells the page that embeds it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "camelCase")
)]
pub enum HostEvent {
    Ready {
        variant: String,
        fen: String,
        ply: usize,
    },
    Position {
        variant: String,
        fen: String,
        ply: usize,
    },
    Move {
        variant: String,
        ply: usize,
        uci: String,
        san: String,
        fen: String,
    },
    GameOver {
        winner: &'static str,
        reason: &'static str,
        result: &'static str,
    },
    Error {
        message: String,
    },
}

/// What the page that embeds the game may ask of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostCommand {
    /// A game to show: the variant (the current one when left out), a start
    /// position (the standard one when left out) and moves from it (UCI).
    SetPosition {
        variant: Option<String>,
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// Turn the board around.
    Flip,
}

/// A command as a message carries it: every field of every command, each
/// optional (read from the message's object, then checked by
/// [`RawCommand::command`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawCommand {
    /// The message's `type`.
    pub kind: String,
    pub variant: Option<String>,
    pub fen: Option<String>,
    pub moves: Option<Vec<String>>,
}

impl RawCommand {
    /// The command, or what is wrong with the message.
    pub fn command(self) -> Result<HostCommand, String> {
        match self.kind.as_str() {
            "setPosition" => Ok(HostCommand::SetPosition {
                variant: self.variant,
                fen: self.fen,
                moves: self.moves.unwrap_or_default(),
            }),
            "flip" => Ok(HostCommand::Flip),
            other => Err(format!(
                "unknown command type \"{}\" (the commands are setPosition and flip)",
                other.chars().take(40).collect::<String>()
            )),
        }
    }
}

/// The events that tell what happened between two snapshots of the game
/// (`before` is `None` for the first one).
pub fn events_between(before: Option<&Snapshot>, now: &Snapshot) -> Vec<HostEvent> {
    let mut events = Vec::new();
    let grew_by_one = before.is_some_and(|b| {
        b.game_id == now.game_id && now.uci.len() == b.uci.len() + 1 && now.uci.starts_with(&b.uci)
    });
    match before {
        None => events.push(HostEvent::Ready {
            variant: now.variant.clone(),
            fen: now.fen.clone(),
            ply: now.uci.len(),
        }),
        Some(_) if grew_by_one => events.push(HostEvent::Move {
            variant: now.variant.clone(),
            ply: now.uci.len(),
            uci: now.uci.last().cloned().unwrap_or_default(),
            san: now.san.last().cloned().unwrap_or_default(),
            fen: now.fen.clone(),
        }),
        Some(b) if b.game_id != now.game_id || b.uci != now.uci || b.fen != now.fen => {
            events.push(HostEvent::Position {
                variant: now.variant.clone(),
                fen: now.fen.clone(),
                ply: now.uci.len(),
            })
        }
        Some(_) => {}
    }
    let ended_before = before.is_some_and(|b| b.game_id == now.game_id && b.ending.is_some());
    if let (Some(e), false) = (now.ending, ended_before) {
        events.push(HostEvent::GameOver {
            winner: e.winner.id(),
            reason: e.reason.id(),
            result: e.result(),
        });
    }
    events
}

#[cfg(target_arch = "wasm32")]
mod host {
    use super::{HostCommand, HostEvent, RawCommand};
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{MessageEvent, Window};

    /// The page around the game, when it is in a frame.
    fn parent() -> Option<Window> {
        let window = web_sys::window()?;
        let parent = window.parent().ok()??;
        (!js_sys::Object::is(&parent, &window)).then_some(parent)
    }

    /// Sends an event to the page around the game (nothing when there is
    /// none). The game is public: any origin may read it.
    pub fn post(event: &HostEvent) {
        let Some(parent) = parent() else { return };
        let Ok(value) = serde_wasm_bindgen::to_value(event) else {
            return;
        };
        let _ = js_sys::Reflect::set(&value, &"source".into(), &"pantheon".into());
        let _ = parent.post_message(&value, "*");
    }

    /// Listens for commands from the parent page. Messages from elsewhere,
    /// and messages without a `type`, are not for the game and are ignored;
    /// a command that cannot be read is answered with an `error` event.
    pub fn listen(
        on_command: impl Fn(HostCommand) + 'static,
    ) -> Option<gloo::events::EventListener> {
        let window = web_sys::window()?;
        let parent = parent()?;
        Some(gloo::events::EventListener::new(
            &window,
            "message",
            move |e| {
                let Some(e) = e.dyn_ref::<MessageEvent>() else {
                    return;
                };
                let from_parent = e.source().is_some_and(|s| js_sys::Object::is(&s, &parent));
                let data = e.data();
                let typed = js_sys::Reflect::get(&data, &"type".into())
                    .ok()
                    .is_some_and(|t| t.is_string());
                if !from_parent || !typed || is_own_event(&data) {
                    return;
                }
                let command = read(&data).and_then(RawCommand::command);
                match command {
                    Ok(command) => on_command(command),
                    Err(message) => post(&HostEvent::Error { message }),
                }
            },
        ))
    }

    /// A command's fields from the message's object: each one a string (the
    /// moves a list of strings) or left out.
    fn read(data: &JsValue) -> Result<RawCommand, String> {
        let field = |name: &str| {
            js_sys::Reflect::get(data, &name.into())
                .ok()
                .filter(|v| !v.is_undefined() && !v.is_null())
        };
        let text = |name: &str| match field(name) {
            None => Ok(None),
            Some(v) => v
                .as_string()
                .map(Some)
                .ok_or_else(|| format!("unreadable command: \"{name}\" must be a string")),
        };
        let moves = match field("moves") {
            None => None,
            Some(list) => Some(
                js_sys::Array::is_array(&list)
                    .then(|| {
                        js_sys::Array::from(&list)
                            .iter()
                            .map(|m| m.as_string())
                            .collect()
                    })
                    .flatten()
                    .ok_or("unreadable command: \"moves\" must be a list of moves (strings)")?,
            ),
        };
        Ok(RawCommand {
            kind: text("type")?.unwrap_or_default(),
            variant: text("variant")?,
            fen: text("fen")?,
            moves,
        })
    }

    /// An event of ours echoed back (a host that forwards everything).
    fn is_own_event(data: &JsValue) -> bool {
        js_sys::Reflect::get(data, &"source".into())
            .ok()
            .and_then(|s| s.as_string())
            .is_some_and(|s| s == "pantheon")
    }
}

#[cfg(target_arch = "wasm32")]
pub use host::{listen, post};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{EndReason, Ending, Request, Side};
    use crate::worker::testing::{play, two_players, Ask};
    use crate::worker::Session;

    fn session() -> Session {
        two_players(1)
    }

    #[test]
    fn the_first_snapshot_is_ready_and_each_move_is_told() {
        let mut s = session();
        let first = s.snapshot();
        assert_eq!(
            events_between(None, &first),
            [HostEvent::Ready {
                variant: "mansindam".into(),
                fen: first.fen.clone(),
                ply: 0
            }]
        );
        play(&mut s, "e3e4");
        let after = s.snapshot();
        assert_eq!(
            events_between(Some(&first), &after),
            [HostEvent::Move {
                variant: "mansindam".into(),
                ply: 1,
                uci: "e3e4".into(),
                san: after.san[0].clone(),
                fen: after.fen.clone(),
            }]
        );
        assert_eq!(events_between(Some(&after), &after), []);
        // Taken back: a position, not a move.
        s.ask(Request::TakeBack { reopened: false }).unwrap();
        let back = s.snapshot();
        assert_eq!(
            events_between(Some(&after), &back),
            [HostEvent::Position {
                variant: "mansindam".into(),
                fen: first.fen.clone(),
                ply: 0
            }]
        );
    }

    #[test]
    fn commands_are_read_from_their_fields() {
        let raw = |kind: &str| RawCommand {
            kind: kind.into(),
            ..RawCommand::default()
        };
        assert_eq!(raw("flip").command(), Ok(HostCommand::Flip));
        assert_eq!(
            RawCommand {
                fen: Some("9/9".into()),
                ..raw("setPosition")
            }
            .command(),
            Ok(HostCommand::SetPosition {
                variant: None,
                fen: Some("9/9".into()),
                moves: vec![]
            })
        );
        assert_eq!(
            raw("dance").command(),
            Err("unknown command type \"dance\" (the commands are setPosition and flip)".into())
        );
    }

    #[test]
    fn the_end_of_the_game_is_told_once() {
        let mut s = session();
        let before = s.snapshot();
        s.ask(Request::Resign(Side::White)).unwrap();
        let over = s.snapshot();
        assert_eq!(
            over.ending,
            Some(Ending {
                winner: Side::Black,
                reason: EndReason::Resignation
            })
        );
        assert_eq!(
            events_between(Some(&before), &over),
            [HostEvent::GameOver {
                winner: "black",
                reason: "resignation",
                result: "0-1"
            }]
        );
        assert_eq!(events_between(Some(&over), &over), []);
    }
}
