//! The table of strength tests in `lab/sprt.md`, made from the SPRT log
//! (`lab/data/sprt/log.txt`, a line per test, appended by
//! `lab/tools/sprt.sh` and annotated after it). The table is never edited by
//! hand: `cargo run -p pantheon-lab --bin sprt_table` writes it between the
//! two marker comments, and a test of this crate fails when it differs from
//! what the log gives.
//!
//! A log line reads
//!
//! ```text
//! DATE HEAD vs BASE KIND (WHAT): RESULT | SPRT [..] Elo, ...: LLR x (bounds ..), DECISION; ... | NOTE
//! ```
//!
//! where RESULT holds `engine1 +W -L =D (...), score S%, Elo E (95%: LO .. HI)`
//! (a test played in parts adds the parts' sum after them) and the NOTE says
//! what was kept. Lines are free text past the date, so every field is
//! optional: what cannot be read is left empty, never guessed.

/// The comment the table starts after.
pub const BEGIN: &str =
    "<!-- sprt-table: made from lab/data/sprt/log.txt by `cargo run -p pantheon-lab --bin sprt_table`; do not edit -->";
/// The comment the table ends before.
pub const END: &str = "<!-- end of sprt-table -->";

/// One test of the log, as the table shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Test {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The engines, the kind of test and what was tested.
    pub what: String,
    /// Games played (of the sum, when the line sums several parts).
    pub games: Option<u32>,
    /// Engine1's score, `56.2 %`, with each game's points when the log has them.
    pub score: Option<String>,
    /// `+43 (+21 .. +66)`.
    pub elo: Option<String>,
    /// `[+0, +10]: LLR +2.96, H1 accepted (engine1 is the stronger)`.
    pub sprt: Option<String>,
    /// What was kept, as noted after the test.
    pub verdict: String,
}

/// The end of the line's head: the first `": "` outside parentheses.
fn head_end(rest: &str) -> Option<usize> {
    let mut depth = 0i32;
    let bytes = rest.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b':' if depth == 0 && bytes.get(i + 1) == Some(&b' ') => return Some(i),
            _ => {}
        }
    }
    None
}

/// The unsigned number at the start of `s`, with its length in bytes.
fn number(s: &str) -> Option<(u32, usize)> {
    let len = s.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 {
        return None;
    }
    s[..len].parse().ok().map(|n| (n, len))
}

/// The last `+W -L` (and ` =D`) in `s`: wins, losses, draws.
fn last_count(s: &str) -> Option<(u32, u32, u32)> {
    let mut found = None;
    for (i, _) in s.match_indices('+') {
        let Some((w, len)) = number(&s[i + 1..]) else {
            continue;
        };
        let after = &s[i + 1 + len..];
        let Some(after) = after.strip_prefix(" -") else {
            continue;
        };
        let Some((l, len)) = number(after) else {
            continue;
        };
        let after = &after[len..];
        // "+2.96 -3" is no count: the number must end at a word's end.
        if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '.') {
            continue;
        }
        let d = after
            .strip_prefix(" =")
            .and_then(number)
            .map_or(0, |(d, _)| d);
        found = Some((w, l, d));
    }
    found
}

/// The signed number at the start of `s` (`+43`, `-0`, `12`), as written.
fn signed(s: &str) -> Option<&str> {
    let sign = usize::from(s.starts_with(['+', '-']));
    let len = s[sign..]
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b'.')
        .count();
    (len > 0).then(|| &s[..sign + len])
}

/// The last `score S%` in `s`: `S %`.
fn last_score(s: &str) -> Option<String> {
    s.match_indices("score ")
        .filter_map(|(i, m)| {
            let v = signed(&s[i + m.len()..])?;
            s[i + m.len() + v.len()..]
                .starts_with('%')
                .then(|| format!("{v} %"))
        })
        .last()
}

/// The last `Elo E (95%: LO .. HI)` in `s`: `E (LO .. HI)`.
fn last_elo(s: &str) -> Option<String> {
    s.match_indices("Elo ")
        .filter_map(|(i, m)| {
            let rest = &s[i + m.len()..];
            let e = signed(rest)?;
            let rest = rest[e.len()..].strip_prefix(" (95%: ")?;
            let lo = signed(rest)?;
            let rest = rest[lo.len()..].strip_prefix(" .. ")?;
            let hi = signed(rest)?;
            rest[hi.len()..]
                .starts_with(')')
                .then(|| format!("{e} ({lo} .. {hi})"))
        })
        .last()
}

/// The last `NAME W/N` of one game in `s` (`Mansindam 305/482`).
fn last_points(s: &str, name: &str) -> Option<String> {
    s.match_indices(name)
        .filter_map(|(i, m)| {
            let rest = s[i + m.len()..].strip_prefix(' ')?;
            let (w, len) = number(rest)?;
            let (n, _) = number(rest[len..].strip_prefix('/')?)?;
            Some(format!("{name} {w}/{n}"))
        })
        .last()
}

/// The SPRT's bounds, LLR and decision, from the segment that holds them.
fn sprt(segment: &str) -> Option<String> {
    let at = segment.find("SPRT [")?;
    let seg = &segment[at + "SPRT ".len()..];
    let bounds = &seg[..=seg.find(']')?];
    let llr_at = seg.find("LLR ")?;
    let after_llr = &seg[llr_at + "LLR ".len()..];
    let llr_len = after_llr.find([' ', ',']).unwrap_or(after_llr.len());
    let mut llr = &after_llr[..llr_len];
    if llr == "about" {
        // "LLR about +2.1"
        let more = &after_llr[llr_len + 1..];
        llr = &after_llr[..llr_len + 1 + more.find([' ', ',']).unwrap_or(more.len())];
    }
    let decision = match after_llr.find("), ") {
        Some(i) if after_llr[..i].contains("(bounds") => &after_llr[i + 3..],
        _ => after_llr[llr_len..].trim_start_matches([',', ' ']),
    };
    let decision = decision.split(';').next().unwrap_or("").trim();
    Some(if decision.is_empty() {
        format!("{bounds}: LLR {llr}")
    } else {
        format!("{bounds}: LLR {llr}, {decision}")
    })
}

/// How the games ended when no SPRT segment says it: the parentheses right
/// after the first count (`engine1 +W -L =D (stopped by hand at LLR -0.27)`).
fn status(result: &str) -> Option<&str> {
    let at = result.find("engine1 +")? + "engine1 ".len();
    let open = at + result[at..].find(" (")? + 2;
    // Only the count between: `+W -L =D`.
    if result[at..open - 2].split(' ').count() > 3 {
        return None;
    }
    let mut depth = 1;
    for (i, c) in result[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return Some(&result[open..open + i]),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// One line of the log.
pub fn parse(line: &str) -> Test {
    let line = line.trim();
    let (date, rest) = line.split_once(' ').unwrap_or((line, ""));
    let Some(end) = head_end(rest) else {
        return Test {
            date: date.to_string(),
            what: rest.to_string(),
            games: None,
            score: None,
            elo: None,
            sprt: None,
            verdict: String::new(),
        };
    };
    let what = rest[..end].trim().to_string();
    let mut segments = rest[end + 2..].split(" | ");
    let result = segments.next().unwrap_or("");
    let mut sprt_text = None;
    // The result and the SPRT's segment: where each game's points are.
    let mut counted = result.to_string();
    let mut notes = Vec::new();
    for segment in segments {
        match sprt(segment) {
            Some(s) if sprt_text.is_none() => {
                sprt_text = Some(s);
                counted.push_str(segment);
            }
            _ => notes.push(segment.trim()),
        }
    }
    let sprt_text = sprt_text.or_else(|| status(result).map(str::to_string));
    let mut score = last_score(result);
    let points: Vec<String> = ["Mansindam", "Pandemonium"]
        .iter()
        .filter_map(|name| last_points(&counted, name))
        .collect();
    if let (Some(s), false) = (&mut score, points.is_empty()) {
        *s = format!("{s} ({})", points.join(", "));
    }
    Test {
        date: date.to_string(),
        what,
        games: last_count(result).map(|(w, l, d)| w + l + d),
        score,
        elo: last_elo(result),
        sprt: sprt_text,
        verdict: notes.join("; "),
    }
}

/// Text for a table cell: `|` escaped everywhere (GitHub's tables split on
/// it even in code), `*` outside code (it would start emphasis).
fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut code = false;
    for c in text.chars() {
        match c {
            '`' => code = !code,
            '|' => out.push('\\'),
            '*' if !code => out.push('\\'),
            _ => {}
        }
        out.push(c);
    }
    out
}

/// The Markdown table of every test in the log, oldest first.
pub fn table(log: &str) -> String {
    let mut out = String::from(
        "| date | test | games | score of engine1 | Elo (95 % interval) | SPRT | verdict |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for line in log.lines().filter(|l| !l.trim().is_empty()) {
        let t = parse(line);
        let opt = |s: &Option<String>| s.as_deref().map(cell).unwrap_or_default();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            t.date,
            cell(&t.what),
            t.games.map(|g| g.to_string()).unwrap_or_default(),
            opt(&t.score),
            opt(&t.elo),
            opt(&t.sprt),
            cell(&t.verdict),
        ));
    }
    out
}

/// `doc` with the text between its markers replaced by `table`.
pub fn splice(doc: &str, table: &str) -> Result<String, String> {
    let begin = doc.find(BEGIN).ok_or_else(|| format!("no line {BEGIN}"))?;
    let start = begin + BEGIN.len();
    let end = start
        + doc[start..]
            .find(END)
            .ok_or_else(|| format!("no line {END} after the first marker"))?;
    Ok(format!("{}\n\n{table}\n{}", &doc[..start], &doc[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decided_test_is_read_whole() {
        let t = parse(
            "2026-11-26 ce0a8a3+changes vs itself gain (--opt1 QsearchChecks=true): engine1 +765 -651 =0 (unfinished), score 54.0%, Elo +28 (95%: +11 .. +45) | SPRT [+0, +10] Elo, alpha = beta = 0.05: LLR +3.01 (bounds -2.94 .. 2.94), H1 accepted (engine1 is the stronger) | kept: on by default",
        );
        assert_eq!(t.date, "2026-11-26");
        assert_eq!(
            t.what,
            "ce0a8a3+changes vs itself gain (--opt1 QsearchChecks=true)"
        );
        assert_eq!(t.games, Some(1416));
        assert_eq!(t.score.as_deref(), Some("54.0 %"));
        assert_eq!(t.elo.as_deref(), Some("+28 (+11 .. +45)"));
        assert_eq!(
            t.sprt.as_deref(),
            Some("[+0, +10]: LLR +3.01, H1 accepted (engine1 is the stronger)")
        );
        assert_eq!(t.verdict, "kept: on by default");
    }

    #[test]
    fn a_head_keeps_its_colons_inside_parentheses() {
        let t = parse("2026-11-29 a vs itself gain (--eval1 x; note: y): engine1 +1 -2 =0, score 33.3%, Elo -120 (95%: -400 .. +100)");
        assert_eq!(t.what, "a vs itself gain (--eval1 x; note: y)");
        assert_eq!(t.games, Some(3));
    }

    #[test]
    fn a_test_in_parts_shows_the_sum() {
        let t = parse(
            "2026-12-02 770a485 vs itself gain (--seed 76): engine1 +107 -131 =0 on this seed (stopped by hand at 238 games), over both seeds +241 -255 =0 in 496 games, score 48.6%, Elo -10 (95%: -38 .. +18) | SPRT [+0, +10] Elo, alpha = beta = 0.05: LLR -0.72 (bounds -2.94 .. 2.94), stopped; Mansindam 124/248, Pandemonium 117/248 | no gain seen",
        );
        assert_eq!(t.games, Some(496));
        assert_eq!(
            t.score.as_deref(),
            Some("48.6 % (Mansindam 124/248, Pandemonium 117/248)")
        );
        assert_eq!(t.sprt.as_deref(), Some("[+0, +10]: LLR -0.72, stopped"));
        assert_eq!(t.verdict, "no gain seen");
    }

    #[test]
    fn a_sum_without_draws_counts() {
        assert_eq!(
            last_count(
                "engine1 +149 -129 =0 (x), LLR +2.96 -3; summed: 1000 games, +523 -477, score"
            ),
            Some((523, 477, 0))
        );
        assert_eq!(last_count("LLR +2.96 -2.94"), None);
    }

    #[test]
    fn an_sprt_without_bounds_or_with_a_rough_llr_reads() {
        assert_eq!(
            sprt("SPRT [-10, +10] Elo: LLR -1.47, stopped undecided").as_deref(),
            Some("[-10, +10]: LLR -1.47, stopped undecided")
        );
        assert_eq!(
            sprt("SPRT [+0, +10] Elo, alpha = beta = 0.05: LLR about +2.1 (bounds -2.94 .. 2.94), stopped undecided; Mansindam 5").as_deref(),
            Some("[+0, +10]: LLR about +2.1, stopped undecided")
        );
        assert_eq!(sprt("kept: on by default"), None);
    }

    #[test]
    fn without_an_sprt_segment_the_stop_is_shown() {
        let t = parse(
            "2026-11-26 acd09ff+changes vs acd09ff gain (x): engine1 +151 -155 =0 (stopped by hand at LLR -0.27), score 49.3%, Elo -5 (95%: -41 .. +32) | rejected: no gain in games",
        );
        assert_eq!(t.sprt.as_deref(), Some("stopped by hand at LLR -0.27"));
        assert_eq!(t.verdict, "rejected: no gain in games");
        assert_eq!(
            status("engine1 +1 -2 =0, score 33.3%, Elo -120 (95%: -400 .. +100)"),
            None
        );
    }

    #[test]
    fn a_line_without_a_result_keeps_its_text() {
        let t = parse("2026-12-01 a note with no colon");
        assert_eq!(t.what, "a note with no colon");
        assert_eq!((t.games, t.sprt), (None, None));
    }

    #[test]
    fn cells_escape_pipes_and_stars_outside_code() {
        assert_eq!(
            cell("a | b 2*d `full.*` `x|y`"),
            "a \\| b 2\\*d `full.*` `x\\|y`"
        );
    }

    #[test]
    fn splicing_replaces_only_between_the_markers() {
        let doc = format!("head\n{BEGIN}\nold\n{END}\ntail\n");
        let new = splice(&doc, "| t |\n").unwrap();
        assert_eq!(new, format!("head\n{BEGIN}\n\n| t |\n\n{END}\ntail\n"));
        assert_eq!(splice(&new, "| t |\n").unwrap(), new);
        assert!(splice("no markers", "x").is_err());
    }
}
