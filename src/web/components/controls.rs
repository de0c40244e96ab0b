//! The page's small controls: a tool button (a word, or an icon in the
//! compact layout of an iframe), the step buttons through the moves, and
//! the bar at the top of the page.

use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::i18n::Texts;

#[derive(Properties, PartialEq)]
pub struct ToolButtonProps {
    pub testid: &'static str,
    /// The button's word, and its icon in the compact layout.
    pub label: AttrValue,
    pub icon: &'static str,
    #[prop_or_default]
    pub title: Option<AttrValue>,
    #[prop_or_default]
    pub compact: bool,
    #[prop_or_default]
    pub disabled: bool,
    #[prop_or_default]
    pub danger: bool,
    pub onclick: Callback<MouseEvent>,
}

/// A button of the toolbar, written once for both layouts.
#[function_component(ToolButton)]
pub fn tool_button(props: &ToolButtonProps) -> Html {
    let class = classes!(
        "button",
        props.compact.then_some("icon"),
        props.danger.then_some("danger")
    );
    let title = props
        .title
        .clone()
        .or_else(|| props.compact.then(|| props.label.clone()));
    html! {
        <button type="button" {class} data-testid={props.testid} {title}
            aria-label={props.compact.then(|| props.label.clone())}
            disabled={props.disabled} onclick={props.onclick.clone()}>
            { if props.compact { props.icon.to_string() } else { props.label.to_string() } }
        </button>
    }
}

#[derive(Properties, PartialEq)]
pub struct StepsProps {
    pub lang: Lang,
    /// Where each button leads (first, back, forward, last), as a number
    /// of moves; `None`: nowhere (disabled).
    pub targets: [Option<usize>; 4],
    pub on_show: Callback<usize>,
}

/// Step buttons through the moves (a game to look at, and the iframe).
#[function_component(Steps)]
pub fn steps(props: &StepsProps) -> Html {
    let t = props.lang.text();
    let buttons = [
        ("«", t.play.step_first, "step-first"),
        ("‹", t.play.step_back, "step-back"),
        ("›", t.play.step_forward, "step-forward"),
        ("»", t.play.step_last, "step-last"),
    ];
    let buttons = buttons.into_iter().zip(props.targets).map(|((icon, label, testid), to)| {
        let on_show = props.on_show.clone();
        html! {
            <button type="button" class="button icon" data-testid={testid} title={label}
                aria-label={label} disabled={to.is_none()}
                onclick={Callback::from(move |_: MouseEvent| to.into_iter().for_each(|p| on_show.emit(p)))}>
                { icon }
            </button>
        }
    });
    html! {
        <div class="steps" role="group" aria-label={t.play.moves_heading}>{ for buttons }</div>
    }
}

#[derive(Properties, PartialEq)]
pub struct TopBarProps {
    pub lang: Lang,
    /// The game's name (both games' before the first position comes).
    pub title: AttrValue,
    pub on_lang: Callback<Lang>,
    pub on_settings: Callback<MouseEvent>,
    pub on_new_game: Callback<MouseEvent>,
}

/// The bar at the top of the page: the game's name, the language switch,
/// the settings and New game.
#[function_component(TopBar)]
pub fn top_bar(props: &TopBarProps) -> Html {
    let t = props.lang.text();
    let other = props.lang.other();
    let on_lang = props.on_lang.reform(move |_: MouseEvent| other);
    html! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">{ "K" }</span>
                <div>
                    <h1>{ props.title.clone() }</h1>
                    <p class="tagline">{ t.play.tagline }</p>
                </div>
            </div>
            <div class="topbar-buttons">
                // Named by what it shows (the language's name, or its short
                // form on a narrow screen), as speech input needs.
                <button type="button" class="button" data-testid="language" onclick={on_lang}
                    lang={other.id()} title={t.settings.language}>
                    <span class="wide-only">{ other.name() }</span>
                    <span class="narrow-only">{ other.short_name() }</span>
                </button>
                <button type="button" class="button icon" data-testid="settings" title={t.settings.settings}
                    aria-label={t.settings.settings} onclick={props.on_settings.clone()}>{ "⚙" }</button>
                <button type="button" class="button primary" data-testid="new-game"
                    onclick={props.on_new_game.clone()}>
                    <span class="wide-only">{ t.play.new_game }</span>
                    <span class="narrow-only">{ t.play.new_game_short }</span>
                </button>
            </div>
        </header>
    }
}
