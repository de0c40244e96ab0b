//! The clock chooser of the New game and invitation dialogs: no clock, a
//! quick choice, or the four fields.

use yew::prelude::*;

use crate::protocol::Lang;
use crate::web::clock::TimeControl;
use crate::web::i18n::Texts;

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
        let label = control.map_or(t.play.no_clock.to_string(), |c| t.time_control(c));
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
            <legend>{ t.play.clock }</legend>
            <div class="clock-presets">
                { chip(None) }
                { for TimeControl::PRESETS.into_iter().map(|c| chip(Some(c))) }
            </div>
            <div class="clock-fields">
                { field("clock-minutes", t.play.clock_minutes, |f| f.minutes, |f, n| f.minutes = n) }
                { field("clock-increment", t.play.clock_increment, |f| f.increment, |f, n| f.increment = n) }
                { field("clock-byoyomi", t.play.clock_byoyomi, |f| f.byoyomi, |f, n| f.byoyomi = n) }
                { field("clock-periods", t.play.clock_periods, |f| f.periods, |f, n| f.periods = n) }
            </div>
        </fieldset>
    }
}
