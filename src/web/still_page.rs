//! The diagram page (`diagram.html`, and `mode=diagram` links of the game's
//! page, which a script of index.html sends there): a still picture of the
//! link's position, drawn by [`crate::web::still`] and shown as an image,
//! with its downloads as SVG and PNG (drawn onto a canvas in the page: no
//! server). It starts no worker and no engine search: it reads the FEN and
//! plays the link's moves on it.

use std::str::FromStr;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Document, Element, HtmlCanvasElement, HtmlImageElement};

use crate::engine::{Color, Game, Korean, Setup, SetupError, Square, Variant};
use crate::protocol::{Lang, Side};
use crate::web::i18n::{fill, DiagramText, Texts};
use crate::web::link::Link;
use crate::web::still::{self, Look, Marks};
use crate::web::storage;

/// Draws the link's diagram into the page's `#diagram`.
pub fn run() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (link, problems) = storage::link();
    let prefs = storage::load_prefs();
    let lang = storage::language(link.lang, &prefs);
    let (t, d) = (lang.text(), DiagramText::of(lang));
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", lang.id());
    }
    let Some(main) = document.get_element_by_id("diagram") else {
        return;
    };
    if link.embed {
        let _ = main.class_list().add_1("embed");
    }
    let variant = link
        .variant
        .as_deref()
        .and_then(|v| Variant::from_str(v).ok())
        .unwrap_or(Variant::Mansindam);
    // The link's position: its FEN, then its moves played by the engine
    // (up to one that cannot be, which is named, as the game's page does).
    let moves = link.moves.iter().map(String::as_str);
    let (game, error) = Game::from_uci_moves_partly(variant, link.fen.as_deref(), moves);
    let setup = match error {
        Some(SetupError::Fen(e)) => {
            let why = e.said(lang == Lang::Ko, variant);
            say(&document, &main, &fill(d.unreadable, &[("detail", &why)]));
            return;
        }
        Some(e) => {
            let why = e.said(lang == Lang::Ko, variant);
            say(&document, &main, &fill(d.moves_stop, &[("detail", &why)]));
            Setup::of(game.position())
        }
        None => Setup::of(game.position()),
    };
    for p in &problems {
        say(&document, &main, &t.link_problem(p));
    }
    let look = Look {
        pieces: link.pieces.unwrap_or(prefs.pieces),
        theme: link.theme.unwrap_or(prefs.theme),
        bottom: match link.orient {
            Some(Side::Black) => Color::Black,
            _ => Color::White,
        },
    };
    let square = |i: u8| Square::from_index(i.into());
    // The link's last move, else the last of its moves.
    let played = game.moves().last().map(|m| (m.from(), m.to()));
    let marks = Marks {
        last: link
            .last
            .and_then(|(from, to)| Some((from.and_then(square), square(to)?)))
            .or(played),
        arrows: link
            .arrows
            .iter()
            .filter_map(|&(a, b)| Some((square(a)?, square(b)?)))
            .collect(),
        squares: link.marks.iter().filter_map(|&m| square(m)).collect(),
    };
    wasm_bindgen_futures::spawn_local(async move {
        let defs = match still::sprite(look.pieces) {
            Some(path) => match text_of(path).await {
                Some(sprite) => still::symbols(&sprite, &still::needed(&setup, look.pieces)),
                None => {
                    say(&document, &main, d.offline);
                    return;
                }
            },
            None => String::new(),
        };
        let title = still::title(variant, &setup);
        if let Some(heading) = document.get_element_by_id("diagram-title") {
            heading.set_text_content(Some(&title));
        }
        let svg = still::svg(&setup, look, &marks, &defs, &title);
        show(&document, &main, &svg, &title, &setup.fen(), &link, d);
    });
}

/// A file of this site, as text.
pub(crate) async fn text_of(path: &str) -> Option<String> {
    let window = web_sys::window()?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(path))
        .await
        .ok()?
        .dyn_into()
        .ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

/// A line of text under the picture (a problem with the link).
fn say(document: &Document, main: &Element, text: &str) {
    if let Ok(p) = document.create_element("p") {
        let _ = p.set_attribute("class", "problem");
        let _ = p.set_attribute("role", "alert");
        p.set_text_content(Some(text));
        let _ = main.append_child(&p);
    }
}

/// The picture, and (outside a frame) its downloads and the way to play it.
fn show(
    document: &Document,
    main: &Element,
    svg: &str,
    title: &str,
    fen: &str,
    link: &Link,
    d: &DiagramText,
) {
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    );
    let Ok(img) = document.create_element("img") else {
        return;
    };
    let (w, h) = still::size();
    for (k, v) in [
        ("src", url.as_str()),
        ("alt", title),
        ("width", &w.to_string()),
        ("height", &h.to_string()),
        ("data-testid", "diagram"),
        ("data-fen", fen),
    ] {
        let _ = img.set_attribute(k, v);
    }
    // After the heading, before any problem named.
    let heading = document.get_element_by_id("diagram-title");
    let after = heading.and_then(|h| h.next_sibling());
    let _ = main.insert_before(&img, after.as_ref());
    if link.embed {
        return;
    }
    let Ok(bar) = document.create_element("nav") else {
        return;
    };
    let name = link.variant.as_deref().unwrap_or("mansindam");
    let anchor = |text: &str, href: &str, download: Option<&str>, testid: &str| {
        let a = document.create_element("a").ok()?;
        let _ = a.set_attribute("class", "button");
        let _ = a.set_attribute("href", href);
        let _ = a.set_attribute("data-testid", testid);
        if let Some(file) = download {
            let _ = a.set_attribute("download", file);
        }
        a.set_text_content(Some(text));
        let _ = bar.append_child(&a);
        Some(a)
    };
    anchor(
        d.download_svg,
        &url,
        Some(&format!("{name}.svg")),
        "download-svg",
    );
    if let Some(png) = anchor(
        d.download_png,
        "#",
        Some(&format!("{name}.png")),
        "download-png",
    ) {
        // Drawn when asked, at twice the size, from the image shown.
        let img: HtmlImageElement = img.unchecked_into();
        let on_click =
            Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| match png_of(&img) {
                Some(data) => {
                    let _ = png.set_attribute("href", &data);
                }
                None => e.prevent_default(),
            });
        if let Some(a) = bar.last_element_child() {
            let _ = a.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
        }
        on_click.forget();
    }
    let play = Link {
        variant: link.variant.clone(),
        fen: link.fen.clone(),
        moves: link.moves.clone(),
        orient: link.orient,
        pieces: link.pieces,
        lang: link.lang,
        ..Link::default()
    };
    anchor(
        d.play_from_here,
        &format!("./?{}", play.query()),
        None,
        "play-from-here",
    );
    let _ = main.append_child(&bar);
}

/// The picture as a PNG data URL, twice its size.
fn png_of(img: &HtmlImageElement) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    let (w, h) = still::size();
    canvas.set_width(2 * w as u32);
    canvas.set_height(2 * h as u32);
    let context: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").ok()??.dyn_into().ok()?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(
            img,
            0.0,
            0.0,
            f64::from(2 * w),
            f64::from(2 * h),
        )
        .ok()?;
    canvas.to_data_url_with_type("image/png").ok()
}
