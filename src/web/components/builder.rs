//! The embed builder's page: the choices of what a post's frame shows, the
//! frame itself as the preview, and the snippet to copy.

use yew::prelude::*;

use crate::protocol::{Lang, Side, Snapshot, LEVELS};
use crate::web::components::dialogs::{choice_button, CopyField};
use crate::web::hooks::Store;
use crate::web::i18n::{fill, Text};
use crate::web::prefs::{PieceSet, Theme};
use crate::web::state::builder::{Show, SIZES};
#[cfg(feature = "study")]
use crate::web::state::BuilderAction;
use crate::web::state::{Action, Builder, Choose};

/// The builder for the game `snap`, on the site at `site` (the game's
/// folder, ending with `/`); `back`: the game's own link.
pub fn page(b: &Builder, snap: &Snapshot, site: &str, back: &str, store: &Store, t: &Text) -> Html {
    let game = t.variant(&snap.variant);
    let title = fill(t.builder.frame_title[show_index(b.show)], &[("game", game)]);
    html! {
        <>
            { form(b, back, store, t) }
            { preview(b, snap, site, &title, t) }
        </>
    }
}

/// The choices of what the frame shows, and the way back to the game.
fn form(b: &Builder, back: &str, store: &Store, t: &Text) -> Html {
    let choose =
        |c: Choose| store.dispatching::<MouseEvent>(Action::Builder(BuilderAction::Choose(c)));
    let group = |legend: &'static str, body: Html| {
        html! {
            <fieldset>
                <legend>{ legend }</legend>
                <div class="choices">{ body }</div>
            </fieldset>
        }
    };
    let shows = b.shows().into_iter().map(|show| {
        choice_button(
            format!("show-{}", show.id()),
            t.builder.show_choices[show_index(show)],
            "",
            b.show == show,
            choose(Choose::Show(show)),
        )
    });
    let sides = Side::BOTH.map(|side| {
        choice_button(
            format!("builder-bottom-{}", side.id()),
            t.side(side),
            "",
            b.bottom == side,
            choose(Choose::Bottom(side)),
        )
    });
    let pieces = PieceSet::ALL.iter().map(|&set| {
        choice_button(
            format!("builder-pieces-{}", set.id()),
            t.piece_set(set),
            "",
            b.pieces == set,
            choose(Choose::Pieces(set)),
        )
    });
    let themes = Theme::ALL.iter().map(|&theme| {
        choice_button(
            format!("builder-theme-{}", theme.id()),
            t.theme(theme),
            "",
            b.theme == theme,
            choose(Choose::Theme(theme)),
        )
    });
    let langs = Lang::ALL.iter().map(|&lang| {
        choice_button(
            format!("builder-lang-{}", lang.id()),
            lang.name(),
            "",
            b.lang == lang,
            choose(Choose::Lang(lang)),
        )
    });
    html! {
        <section class="builder-form" data-testid="builder">
            <h2>{ t.builder.title }</h2>
            <p class="note">{ t.builder.intro }</p>
            { group(t.builder.post_shows, shows.into_iter().collect::<Html>()) }
            if b.show == Show::Play { { level(b, store, t) } }
            { group(t.builder.at_the_bottom, sides.into_iter().collect::<Html>()) }
            { group(t.settings.pieces, pieces.into_iter().collect::<Html>()) }
            { group(t.settings.board_theme, themes.into_iter().collect::<Html>()) }
            { group(t.settings.language, langs.into_iter().collect::<Html>()) }
            { group(t.builder.size, sizes(b, store, t)) }
            <div class="size-fields">
                { number(store, t.builder.width, "builder-width", b.width, Choose::Width) }
                { number(store, t.builder.height, "builder-height", b.height, Choose::Height) }
            </div>
            <a class="button back" href={back.to_string()} data-testid="builder-back">{ t.builder.back_to_game }</a>
        </section>
    }
}

/// The computer's level, for a frame to play in.
fn level(b: &Builder, store: &Store, t: &Text) -> Html {
    html! {
        <label class="field">
            <span class="field-label">{ t.builder.level }</span>
            <select data-testid="builder-level" onchange={store.reform(|e: Event| {
                Action::Builder(BuilderAction::Choose(Choose::Level(value(&e).parse().unwrap_or(1))))
            })}>
                { for (1..=LEVELS).map(|l| html! {
                    <option value={l.to_string()} selected={l == b.level}>{ format!("{l} · {}", t.level_note(l)) }</option>
                }) }
            </select>
        </label>
    }
}

/// The frame's sizes to choose from, each a width and a height.
fn sizes(b: &Builder, store: &Store, t: &Text) -> Html {
    SIZES
        .iter()
        .zip(t.builder.sizes)
        .map(|(&(w, h), name)| {
            let on = (b.width, b.height) == (w, h);
            let click = {
                let store = store.clone();
                Callback::from(move |_: MouseEvent| {
                    store.dispatch(Action::Builder(BuilderAction::Choose(Choose::Width(w))));
                    store.dispatch(Action::Builder(BuilderAction::Choose(Choose::Height(h))));
                })
            };
            choice_button(format!("builder-size-{w}"), name, "", on, click)
        })
        .collect()
}

/// A field for the frame's width or height, in pixels.
fn number(
    store: &Store,
    label: &'static str,
    testid: &'static str,
    n: u32,
    make: fn(u32) -> Choose,
) -> Html {
    html! {
        <label class="field">
            <span class="field-label">{ label }</span>
            <input type="number" min="240" max="1200" step="10" value={n.to_string()} data-testid={testid}
                onchange={store.reform(move |e: Event| {
                    Action::Builder(BuilderAction::Choose(make(value(&e).parse().unwrap_or(n))))
                })} />
        </label>
    }
}

/// The frame itself as the preview, the snippet to copy, and (for a
/// diagram) the picture outside a frame.
fn preview(b: &Builder, snap: &Snapshot, site: &str, title: &str, t: &Text) -> Html {
    let src = b.src(site, snap);
    let snippet = b.snippet(site, snap, title);
    html! {
        <section class="builder-preview" aria-label={t.builder.preview}>
            <h2>{ t.builder.preview }</h2>
            <iframe key={src.clone()} src={src} width={b.width.to_string()} height={b.height.to_string()}
                title={title.to_string()} data-testid="builder-preview" />
            <CopyField lang={t.lang} label={t.builder.snippet} value={Some(AttrValue::from(snippet))} rows={4}
                testid="embed-snippet" />
            if b.show == Show::Diagram {
                // The same picture outside a frame, with its downloads.
                <a class="button" href={b.unframed_src(site, snap)} target="_blank" rel="noopener"
                    data-testid="open-diagram">{ t.builder.download_diagram }</a>
            }
        </section>
    }
}

fn show_index(show: Show) -> usize {
    Show::ALL.iter().position(|&s| s == show).unwrap_or(0)
}

/// The value of the input or select an event came from.
pub(crate) fn value(e: &Event) -> String {
    let Some(target) = e.target() else {
        return String::new();
    };
    if let Some(select) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlSelectElement>(&target) {
        return select.value();
    }
    wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlInputElement>(&target)
        .map(|i| i.value())
        .unwrap_or_default()
}
