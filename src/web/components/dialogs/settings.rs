//! The Settings dialog: language, piece set, board and sound.

use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::i18n::Texts;
use crate::web::prefs::{PieceSet, Prefs, Theme};

use super::{choice_button, Modal};

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
        PieceSet::International => t.settings.international_note,
        PieceSet::Traditional => t.settings.traditional_note,
        PieceSet::Figurine => t.settings.figurine_note,
    };
    html! {
        <Modal title={t.settings.settings} lang={props.lang} on_close={props.on_close.clone()}>
            <fieldset>
                <legend>{ t.settings.language }</legend>
                <div class="choices">
                    { for Lang::ALL.iter().map(|&l| choice(format!("lang-{}", l.id()), l.name(), "",
                        props.lang == l, Prefs { lang: Some(l), ..p })) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.settings.pieces }</legend>
                <div class="choices">
                    { for PieceSet::ALL.iter().map(|&set| choice(format!("pieces-{}", set.id()),
                        t.piece_set(set), piece_note(set), p.pieces == set, Prefs { pieces: set, ..p })) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.settings.board_theme }</legend>
                <div class="choices">
                    { for Theme::ALL.iter().map(|&theme| choice(format!("theme-{}", theme.id()),
                        t.theme(theme), "", p.theme == theme, Prefs { theme, ..p })) }
                </div>
            </fieldset>
            <fieldset>
                <legend>{ t.settings.sound }</legend>
                <div class="choices">
                    { choice("sound-on".into(), t.settings.on, "", p.sound, Prefs { sound: true, ..p }) }
                    { choice("sound-off".into(), t.settings.off, "", !p.sound, Prefs { sound: false, ..p }) }
                </div>
            </fieldset>
            <div class="dialog-buttons">
                <button type="button" class="button primary" data-testid="settings-close"
                    onclick={props.on_close.reform(|_| ())}>{ t.play.close }</button>
            </div>
        </Modal>
    }
}
