//! A compact, exact encoding of the connection descriptions (SDP) of a
//! WebRTC data channel, so that the links two players send each other
//! ([`super::link::RtcLink`]) are short and their QR codes sparse.
//!
//! A data-channel-only description as Chromium writes it (after
//! `createDataChannel`, `createOffer` or `createAnswer`, and a complete ICE
//! gathering) is some 650 to 750 bytes of text, most of it the same in
//! every description. [`compact`] keeps only what differs from one
//! description to the next, in 115 to 130 bytes; [`expand`] writes the
//! description back from fixed templates around what was kept.
//!
//! **Kept**, in this order after a format byte ([`FORMAT`]):
//! - a flags byte: the DTLS role (`a=setup:` actpass, active or passive),
//!   whether `a=ice-options:trickle` and `a=max-message-size` are present,
//!   whether `a=sctp-port` is not 5000, and which default address the
//!   `m=` and `c=` lines give (none: port 9 and `0.0.0.0`; that of a
//!   candidate, by its index; or another, written out);
//! - the ICE username fragment and password (`a=ice-ufrag`, `a=ice-pwd`),
//!   6 bits a character (ICE allows only letters, digits, `+` and `/`);
//! - the DTLS certificate's SHA-256 fingerprint, its 32 bytes;
//! - the SCTP port when not 5000, the largest message when given;
//! - every ICE candidate (`a=candidate`): its foundation (a number, or
//!   text), component, protocol (UDP or TCP), priority, address (IPv4 in 4
//!   bytes, IPv6 in 16, an mDNS name `<uuid>.local` as the UUID's 16 bytes,
//!   any other name as text), port, type (host, srflx, prflx, relay), and
//!   when present its related address and port, TCP type, generation,
//!   network id and network cost.
//!
//! **Rebuilt**: `v=0`; the `o=` line (its session id derived from the ICE
//! credentials, version 2); `s=-`; `t=0 0`; `a=group:BUNDLE 0`;
//! `a=extmap-allow-mixed`; `a=msid-semantic: WMS`; the `m=application …
//! UDP/DTLS/SCTP webrtc-datachannel` line around its port; `a=mid:0`.
//!
//! **Why that is enough.** A data channel needs ICE to find a path (the
//! candidates, checked with the username fragment and password), DTLS to
//! secure it (the fingerprint that the other side's certificate must
//! match, and which side opens the handshake) and SCTP on top (its port and
//! largest message). Everything else in a data-channel description is the
//! same in all of them (one media section, `mid` 0, bundled, no media
//! streams) or has no effect on a data channel (the session id and
//! version, the empty session name, RTP header extension mixing, the
//! media stream semantics).
//!
//! **Strict.** [`compact`] reads every line and refuses, naming it, any
//! line it does not carry (a second media section, an audio or video one,
//! another fingerprint hash, an attribute or candidate extension it does
//! not know, a value it could not write back exactly), so nothing that
//! matters is ever dropped. [`expand`] refuses bytes that are not exactly
//! what [`compact`] writes (a count or length out of bounds, bytes missing
//! or left over, unused bits set, a value written in a longer form than
//! needed), so `compact(expand(b)) == b` for every `b` it accepts. Neither
//! panics on any input.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The format of the compact bytes (their first byte).
pub const FORMAT: u8 = 1;
/// The longest description [`compact`] reads.
pub const MAX_SDP_TEXT: usize = 16 * 1024;
/// The most candidates a description may carry.
pub const MAX_CANDIDATES: usize = 32;
/// The most bytes [`expand`] reads (the most candidates, each with long
/// text addresses, would fit).
pub const MAX_COMPACT: usize = 24 * 1024;
/// The longest text field (a foundation, an address, a username fragment,
/// a password).
pub const MAX_TEXT: usize = 255;

/// Why a description cannot be made compact, or compact bytes expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SdpError {
    /// More text than [`MAX_SDP_TEXT`], or more bytes than [`MAX_COMPACT`].
    TooLong { len: usize },
    /// A line this encoding does not carry (shortened to 60 characters).
    Unsupported { line: String },
    /// A second media section (its `m=` line, shortened).
    SecondMedia { line: String },
    /// A line the description must have.
    Missing(&'static str),
    /// A line given twice.
    Twice(&'static str),
    /// A field whose value cannot be carried exactly (shortened).
    Bad { field: &'static str, value: String },
    /// More candidates than [`MAX_CANDIDATES`].
    TooManyCandidates { count: usize },
    /// Compact bytes of another format.
    WrongFormat { got: u8 },
    /// Compact bytes that end before their last field.
    Truncated,
    /// Compact bytes left after the last field.
    TrailingBytes { count: usize },
    /// Compact bytes with a value no description has (`what` names it).
    Invalid { what: &'static str },
}

impl fmt::Display for SdpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SdpError::TooLong { len } => write!(f, "a connection description of {len} bytes is too long"),
            SdpError::Unsupported { line } => {
                write!(f, "the connection description's line '{line}' cannot be carried")
            }
            SdpError::SecondMedia { line } => write!(
                f,
                "the connection description has a second media section ('{line}'); only one data channel is carried"
            ),
            SdpError::Missing(what) => write!(f, "the connection description has no {what} line"),
            SdpError::Twice(what) => write!(f, "the connection description has two {what} lines"),
            SdpError::Bad { field, value } => {
                write!(f, "the connection description's {field} '{value}' cannot be carried")
            }
            SdpError::TooManyCandidates { count } => write!(
                f,
                "the connection description has {count} candidates; at most {MAX_CANDIDATES} are carried"
            ),
            SdpError::WrongFormat { got } => write!(
                f,
                "a compact connection description of format {got}; this page reads format {FORMAT}"
            ),
            SdpError::Truncated => write!(f, "the compact connection description ends early"),
            SdpError::TrailingBytes { count } => write!(
                f,
                "the compact connection description has {count} bytes too many"
            ),
            SdpError::Invalid { what } => {
                write!(f, "the compact connection description's {what} is not valid")
            }
        }
    }
}

impl std::error::Error for SdpError {}

fn shorten(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn bad(field: &'static str, value: &str) -> SdpError {
    SdpError::Bad {
        field,
        value: shorten(value, 60),
    }
}

// ----- What is kept -----

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setup {
    ActPass,
    Active,
    Passive,
}

const SETUPS: [(Setup, &str); 3] = [
    (Setup::ActPass, "actpass"),
    (Setup::Active, "active"),
    (Setup::Passive, "passive"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
enum Address {
    V4(Ipv4Addr),
    V6(Ipv6Addr),
    /// `<uuid>.local`, the UUID in lowercase hex.
    Mdns([u8; 16]),
    Name(String),
}

const CANDIDATE_TYPES: [&str; 4] = ["host", "srflx", "prflx", "relay"];
const TCP_TYPES: [&str; 3] = ["active", "passive", "so"];

#[derive(Clone, Debug, PartialEq, Eq)]
enum Foundation {
    Number(u32),
    Text(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Candidate {
    foundation: Foundation,
    component: u8,
    tcp: bool,
    priority: u32,
    address: Address,
    port: u16,
    /// An index into [`CANDIDATE_TYPES`].
    kind: u8,
    related: Option<(Address, u16)>,
    /// An index into [`TCP_TYPES`].
    tcp_type: Option<u8>,
    generation: Option<u32>,
    network_id: Option<u32>,
    network_cost: Option<u32>,
}

/// The default address of the `m=` and `c=` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
enum DefaultAddress {
    /// Port 9, `c=IN IP4 0.0.0.0`.
    None,
    /// The address and port of the candidate with this index.
    Candidate(u8),
    /// Another (an IP address: `c=` has no names).
    Other(Address, u16),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Description {
    setup: Setup,
    trickle: bool,
    ufrag: String,
    pwd: String,
    fingerprint: [u8; 32],
    sctp_port: u16,
    max_message_size: Option<u32>,
    default: DefaultAddress,
    candidates: Vec<Candidate>,
}

// ----- Reading the text -----

fn is_ice_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/'
}

fn ice_text(field: &'static str, value: &str, min: usize) -> Result<String, SdpError> {
    if value.len() < min || value.len() > MAX_TEXT || !value.bytes().all(is_ice_char) {
        return Err(bad(field, value));
    }
    Ok(value.to_string())
}

/// A decimal number as the browser writes it: digits, no sign, no leading
/// zero.
fn number<T: std::str::FromStr>(field: &'static str, value: &str) -> Result<T, SdpError> {
    let canonical = !value.is_empty()
        && value.bytes().all(|b| b.is_ascii_digit())
        && (value == "0" || !value.starts_with('0'));
    canonical
        .then(|| value.parse().ok())
        .flatten()
        .ok_or_else(|| bad(field, value))
}

fn parse_uuid_local(name: &str) -> Option<[u8; 16]> {
    let uuid = name.strip_suffix(".local")?;
    let b = uuid.as_bytes();
    if b.len() != 36 {
        return None;
    }
    let mut out = [0u8; 16];
    let mut nibbles = 0;
    for (i, &c) in b.iter().enumerate() {
        if matches!(i, 8 | 13 | 18 | 23) {
            if c != b'-' {
                return None;
            }
            continue;
        }
        let v = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => return None,
        };
        out[nibbles / 2] |= v << (4 * (1 - nibbles % 2));
        nibbles += 1;
    }
    Some(out)
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._:%".contains(&b)
}

fn parse_address(field: &'static str, text: &str) -> Result<Address, SdpError> {
    if let Ok(v4) = text.parse::<Ipv4Addr>() {
        if v4.to_string() == text {
            return Ok(Address::V4(v4));
        }
    }
    if let Ok(v6) = text.parse::<Ipv6Addr>() {
        if v6.to_string() == text {
            return Ok(Address::V6(v6));
        }
    }
    if let Some(uuid) = parse_uuid_local(text) {
        return Ok(Address::Mdns(uuid));
    }
    if text.is_empty() || text.len() > MAX_TEXT || !text.bytes().all(is_name_char) {
        return Err(bad(field, text));
    }
    Ok(Address::Name(text.to_string()))
}

fn candidate(value: &str) -> Result<Candidate, SdpError> {
    let fields: Vec<&str> = value.split(' ').collect();
    if fields.len() < 8 || fields[6] != "typ" {
        return Err(bad("candidate", value));
    }
    let foundation = match number::<u32>("candidate foundation", fields[0]) {
        Ok(n) => Foundation::Number(n),
        Err(_) => Foundation::Text(ice_text("candidate foundation", fields[0], 1)?),
    };
    let component: u8 = number("candidate component", fields[1])?;
    if component == 0 || component >= 1 << TCP_TYPE_SHIFT {
        return Err(bad("candidate component", fields[1]));
    }
    let tcp = match fields[2] {
        "udp" => false,
        "tcp" => true,
        other => return Err(bad("candidate protocol", other)),
    };
    let priority = number("candidate priority", fields[3])?;
    let address = parse_address("candidate address", fields[4])?;
    let port = number("candidate port", fields[5])?;
    let kind = CANDIDATE_TYPES
        .iter()
        .position(|&t| t == fields[7])
        .ok_or_else(|| bad("candidate type", fields[7]))? as u8;
    let mut c = Candidate {
        foundation,
        component,
        tcp,
        priority,
        address,
        port,
        kind,
        related: None,
        tcp_type: None,
        generation: None,
        network_id: None,
        network_cost: None,
    };
    let (mut raddr, mut rport) = (None, None);
    let rest = &fields[8..];
    if !rest.len().is_multiple_of(2) {
        return Err(bad("candidate", value));
    }
    for pair in rest.chunks(2) {
        let (key, v) = (pair[0], pair[1]);
        let twice = match key {
            "raddr" => raddr
                .replace(parse_address("candidate raddr", v)?)
                .is_some(),
            "rport" => rport
                .replace(number::<u16>("candidate rport", v)?)
                .is_some(),
            "tcptype" => {
                let t = TCP_TYPES
                    .iter()
                    .position(|&t| t == v)
                    .ok_or_else(|| bad("candidate tcptype", v))?;
                c.tcp_type.replace(t as u8).is_some()
            }
            "generation" => c
                .generation
                .replace(number("candidate generation", v)?)
                .is_some(),
            "network-id" => c
                .network_id
                .replace(number("candidate network-id", v)?)
                .is_some(),
            "network-cost" => c
                .network_cost
                .replace(number("candidate network-cost", v)?)
                .is_some(),
            _ => return Err(bad("candidate extension", key)),
        };
        if twice {
            return Err(bad("candidate extension given twice", key));
        }
    }
    c.related = match (raddr, rport) {
        (Some(a), Some(p)) => Some((a, p)),
        (None, None) => None,
        _ => return Err(bad("candidate raddr without rport", value)),
    };
    if c.tcp_type.is_some() != c.tcp {
        return Err(bad("candidate tcptype", value));
    }
    Ok(c)
}

fn fingerprint(value: &str) -> Result<[u8; 32], SdpError> {
    let hex = value
        .strip_prefix("sha-256 ")
        .ok_or_else(|| bad("fingerprint", value))?;
    let parts: Vec<&str> = hex.split(':').collect();
    if parts.len() != 32 {
        return Err(bad("fingerprint", value));
    }
    let mut out = [0u8; 32];
    for (o, p) in out.iter_mut().zip(&parts) {
        let upper = p.len() == 2 && p.bytes().all(|b| matches!(b, b'0'..=b'9' | b'A'..=b'F'));
        *o = upper
            .then(|| u8::from_str_radix(p, 16).ok())
            .flatten()
            .ok_or_else(|| bad("fingerprint", value))?;
    }
    Ok(out)
}

fn set<T>(slot: &mut Option<T>, what: &'static str, value: T) -> Result<(), SdpError> {
    match slot.replace(value) {
        Some(_) => Err(SdpError::Twice(what)),
        None => Ok(()),
    }
}

/// The `o=` line's form: `- <id> <version> IN IP4|IP6 <address>`.
fn origin_ok(value: &str) -> bool {
    let f: Vec<&str> = value.split(' ').collect();
    f.len() == 6
        && f[0] == "-"
        && f[1].bytes().all(|b| b.is_ascii_digit())
        && f[2].bytes().all(|b| b.is_ascii_digit())
        && !f[1].is_empty()
        && !f[2].is_empty()
        && f[3] == "IN"
        && (f[4] == "IP4" || f[4] == "IP6")
}

fn parse(sdp: &str) -> Result<Description, SdpError> {
    if sdp.len() > MAX_SDP_TEXT {
        return Err(SdpError::TooLong { len: sdp.len() });
    }
    let body = sdp
        .strip_suffix('\n')
        .ok_or(SdpError::Missing("final end of"))?;
    let mut lines = Vec::new();
    for line in body.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.contains('\r') {
            return Err(SdpError::Unsupported {
                line: shorten(line, 60),
            });
        }
        lines.push(line);
    }
    let listed = lines
        .iter()
        .filter(|l| l.starts_with("a=candidate:"))
        .count();
    let mut iter = lines.into_iter();
    if iter.next() != Some("v=0") {
        return Err(SdpError::Missing("v=0 (first)"));
    }
    let (mut origin, mut name, mut timing, mut bundle, mut media) = (None, None, None, None, None);
    let (mut connection, mut ufrag, mut pwd, mut trickle, mut fp) = (None, None, None, None, None);
    let (mut setup, mut mid, mut sctp, mut mms) = (None, None, None, None);
    let (mut mixed, mut msid) = (None, None);
    let mut candidates = Vec::new();
    for line in iter {
        let unsupported = || SdpError::Unsupported {
            line: shorten(line, 60),
        };
        let in_media = media.is_some();
        let (key, value) = line.split_once('=').ok_or_else(unsupported)?;
        if key == "m" {
            if in_media {
                return Err(SdpError::SecondMedia {
                    line: shorten(line, 60),
                });
            }
            let f: Vec<&str> = value.split(' ').collect();
            if f.len() != 4
                || f[0] != "application"
                || f[2] != "UDP/DTLS/SCTP"
                || f[3] != "webrtc-datachannel"
            {
                return Err(unsupported());
            }
            media = Some(number::<u16>("m-line port", f[1])?);
            continue;
        }
        let (attr, arg) = match key {
            "a" => value.split_once(':').unwrap_or((value, "")),
            _ => ("", ""),
        };
        match (in_media, key, attr) {
            (false, "o", _) if origin_ok(value) => set(&mut origin, "o=", ())?,
            (false, "s", _) if value == "-" => set(&mut name, "s=", ())?,
            (false, "t", _) if value == "0 0" => set(&mut timing, "t=", ())?,
            (false, "a", "group") if value == "group:BUNDLE 0" => set(&mut bundle, "a=group", ())?,
            (false, "a", "extmap-allow-mixed") if value == attr => {
                set(&mut mixed, "a=extmap-allow-mixed", ())?
            }
            (false, "a", "msid-semantic") if value == "msid-semantic: WMS" => {
                set(&mut msid, "a=msid-semantic", ())?
            }
            (true, "c", _) => {
                let (family, addr) = match value.split_once(' ') {
                    Some(("IN", rest)) => rest.split_once(' ').ok_or_else(unsupported)?,
                    _ => return Err(unsupported()),
                };
                let a = match parse_address("c= address", addr)? {
                    a @ Address::V4(_) if family == "IP4" => a,
                    a @ Address::V6(_) if family == "IP6" => a,
                    _ => return Err(bad("c= address", value)),
                };
                set(&mut connection, "c=", a)?;
            }
            (true, "a", "candidate") => {
                if candidates.len() == MAX_CANDIDATES {
                    return Err(SdpError::TooManyCandidates { count: listed });
                }
                candidates.push(candidate(arg)?);
            }
            (true, "a", "ice-ufrag") => {
                set(&mut ufrag, "a=ice-ufrag", ice_text("ice-ufrag", arg, 4)?)?
            }
            (true, "a", "ice-pwd") => set(&mut pwd, "a=ice-pwd", ice_text("ice-pwd", arg, 22)?)?,
            (true, "a", "ice-options") if arg == "trickle" => {
                set(&mut trickle, "a=ice-options", ())?
            }
            (true, "a", "fingerprint") => set(&mut fp, "a=fingerprint", fingerprint(arg)?)?,
            (true, "a", "setup") => {
                let s = SETUPS
                    .iter()
                    .find(|(_, t)| *t == arg)
                    .ok_or_else(|| bad("setup", arg))?;
                set(&mut setup, "a=setup", s.0)?;
            }
            (true, "a", "mid") if arg == "0" => set(&mut mid, "a=mid", ())?,
            (true, "a", "sctp-port") => set(&mut sctp, "a=sctp-port", number("sctp-port", arg)?)?,
            (true, "a", "max-message-size") => set(
                &mut mms,
                "a=max-message-size",
                number("max-message-size", arg)?,
            )?,
            _ => return Err(unsupported()),
        }
    }
    origin.ok_or(SdpError::Missing("o="))?;
    name.ok_or(SdpError::Missing("s="))?;
    timing.ok_or(SdpError::Missing("t="))?;
    let port = media.ok_or(SdpError::Missing("m=application"))?;
    let connection = connection.ok_or(SdpError::Missing("c="))?;
    mid.ok_or(SdpError::Missing("a=mid:0"))?;
    let unspecified = Address::V4(Ipv4Addr::UNSPECIFIED);
    let default = if port == 9 && connection == unspecified {
        DefaultAddress::None
    } else if let Some(i) = candidates
        .iter()
        .position(|c| c.port == port && c.address == connection)
    {
        DefaultAddress::Candidate(i as u8)
    } else {
        DefaultAddress::Other(connection, port)
    };
    Ok(Description {
        setup: setup.ok_or(SdpError::Missing("a=setup"))?,
        trickle: trickle.is_some(),
        ufrag: ufrag.ok_or(SdpError::Missing("a=ice-ufrag"))?,
        pwd: pwd.ok_or(SdpError::Missing("a=ice-pwd"))?,
        fingerprint: fp.ok_or(SdpError::Missing("a=fingerprint"))?,
        sctp_port: sctp.ok_or(SdpError::Missing("a=sctp-port"))?,
        max_message_size: mms,
        default,
        candidates,
    })
}

// ----- Writing the text -----

fn write_address(out: &mut String, a: &Address) {
    match a {
        Address::V4(v4) => out.push_str(&v4.to_string()),
        Address::V6(v6) => out.push_str(&v6.to_string()),
        Address::Mdns(u) => {
            for (i, b) in u.iter().enumerate() {
                if matches!(i, 4 | 6 | 8 | 10) {
                    out.push('-');
                }
                out.push_str(&format!("{b:02x}"));
            }
            out.push_str(".local");
        }
        Address::Name(n) => out.push_str(n),
    }
}

fn write(d: &Description) -> String {
    let mut out = String::with_capacity(800);
    let mut line = |s: &str| {
        out.push_str(s);
        out.push_str("\r\n");
    };
    // The session id: a hash of the credentials, so that two descriptions
    // have two ids (63 bits, as the browser's are).
    let id = d
        .ufrag
        .bytes()
        .chain(*b" ")
        .chain(d.pwd.bytes())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
        >> 1;
    line("v=0");
    line(&format!("o=- {id} 2 IN IP4 127.0.0.1"));
    line("s=-");
    line("t=0 0");
    line("a=group:BUNDLE 0");
    line("a=extmap-allow-mixed");
    line("a=msid-semantic: WMS");
    let (caddr, port) = match &d.default {
        DefaultAddress::None => (Address::V4(Ipv4Addr::UNSPECIFIED), 9),
        DefaultAddress::Candidate(i) => {
            let c = &d.candidates[usize::from(*i)];
            (c.address.clone(), c.port)
        }
        DefaultAddress::Other(a, p) => (a.clone(), *p),
    };
    line(&format!(
        "m=application {port} UDP/DTLS/SCTP webrtc-datachannel"
    ));
    let mut c = String::from(match caddr {
        Address::V6(_) => "c=IN IP6 ",
        _ => "c=IN IP4 ",
    });
    write_address(&mut c, &caddr);
    line(&c);
    for cand in &d.candidates {
        let mut s = String::from("a=candidate:");
        match &cand.foundation {
            Foundation::Number(n) => s.push_str(&n.to_string()),
            Foundation::Text(t) => s.push_str(t),
        }
        s.push_str(&format!(
            " {} {} {} ",
            cand.component,
            if cand.tcp { "tcp" } else { "udp" },
            cand.priority
        ));
        write_address(&mut s, &cand.address);
        s.push_str(&format!(
            " {} typ {}",
            cand.port,
            CANDIDATE_TYPES[usize::from(cand.kind)]
        ));
        if let Some((a, p)) = &cand.related {
            s.push_str(" raddr ");
            write_address(&mut s, a);
            s.push_str(&format!(" rport {p}"));
        }
        if let Some(t) = cand.tcp_type {
            s.push_str(" tcptype ");
            s.push_str(TCP_TYPES[usize::from(t)]);
        }
        if let Some(g) = cand.generation {
            s.push_str(&format!(" generation {g}"));
        }
        if let Some(n) = cand.network_id {
            s.push_str(&format!(" network-id {n}"));
        }
        if let Some(n) = cand.network_cost {
            s.push_str(&format!(" network-cost {n}"));
        }
        line(&s);
    }
    line(&format!("a=ice-ufrag:{}", d.ufrag));
    line(&format!("a=ice-pwd:{}", d.pwd));
    if d.trickle {
        line("a=ice-options:trickle");
    }
    let hex: Vec<String> = d.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
    line(&format!("a=fingerprint:sha-256 {}", hex.join(":")));
    let setup = SETUPS
        .iter()
        .find(|(s, _)| *s == d.setup)
        .map_or("", |s| s.1);
    line(&format!("a=setup:{setup}"));
    line("a=mid:0");
    line(&format!("a=sctp-port:{}", d.sctp_port));
    if let Some(m) = d.max_message_size {
        line(&format!("a=max-message-size:{m}"));
    }
    out
}

// ----- The bytes -----

// The flags byte.
const SETUP_MASK: u8 = 0b0000_0011;
const TRICKLE: u8 = 1 << 2;
const MAX_MESSAGE: u8 = 1 << 3;
const SCTP_PORT: u8 = 1 << 4;
const DEFAULT_SHIFT: u8 = 5;
const DEFAULT_MASK: u8 = 0b0110_0000;
const FLAGS_UNUSED: u8 = 1 << 7;

// A candidate's first byte.
const KIND_MASK: u8 = 0b0000_0011;
const TCP: u8 = 1 << 2;
const FOUNDATION_TEXT: u8 = 1 << 3;
const RELATED: u8 = 1 << 4;
const GENERATION: u8 = 1 << 5;
const NETWORK_ID: u8 = 1 << 6;
const NETWORK_COST: u8 = 1 << 7;
// Its second byte: the component, then the TCP type (0: none).
const TCP_TYPE_SHIFT: u8 = 6;

// An address's tag.
const ADDR_V4: u8 = 0;
const ADDR_V6: u8 = 1;
const ADDR_MDNS: u8 = 2;
const ADDR_NAME: u8 = 3;

const ICE_ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn put_varint(out: &mut Vec<u8>, mut n: u32) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn put_text(out: &mut Vec<u8>, s: &str) {
    out.push(s.len() as u8);
    out.extend_from_slice(s.as_bytes());
}

/// ICE text (at most [`MAX_TEXT`] characters of [`ICE_ALPHABET`]): its
/// length, then 6 bits a character, the last byte's unused bits zero.
fn put_ice(out: &mut Vec<u8>, s: &str) {
    out.push(s.len() as u8);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.bytes() {
        let v = ICE_ALPHABET.iter().position(|&a| a == c).unwrap_or(0) as u32;
        acc = acc << 6 | v;
        bits += 6;
        while bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push((acc << (8 - bits)) as u8);
    }
}

fn put_address(out: &mut Vec<u8>, a: &Address) {
    match a {
        Address::V4(v4) => {
            out.push(ADDR_V4);
            out.extend_from_slice(&v4.octets());
        }
        Address::V6(v6) => {
            out.push(ADDR_V6);
            out.extend_from_slice(&v6.octets());
        }
        Address::Mdns(u) => {
            out.push(ADDR_MDNS);
            out.extend_from_slice(u);
        }
        Address::Name(n) => {
            out.push(ADDR_NAME);
            put_text(out, n);
        }
    }
}

fn encode(d: &Description) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    out.push(FORMAT);
    let default = match d.default {
        DefaultAddress::None => 0,
        DefaultAddress::Candidate(_) => 1,
        DefaultAddress::Other(..) => 2,
    };
    let mut flags = d.setup as u8 | default << DEFAULT_SHIFT;
    if d.trickle {
        flags |= TRICKLE;
    }
    if d.max_message_size.is_some() {
        flags |= MAX_MESSAGE;
    }
    if d.sctp_port != 5000 {
        flags |= SCTP_PORT;
    }
    out.push(flags);
    put_ice(&mut out, &d.ufrag);
    put_ice(&mut out, &d.pwd);
    out.extend_from_slice(&d.fingerprint);
    if d.sctp_port != 5000 {
        out.extend_from_slice(&d.sctp_port.to_be_bytes());
    }
    if let Some(m) = d.max_message_size {
        put_varint(&mut out, m);
    }
    match &d.default {
        DefaultAddress::None => {}
        DefaultAddress::Candidate(i) => out.push(*i),
        DefaultAddress::Other(a, p) => {
            put_address(&mut out, a);
            out.extend_from_slice(&p.to_be_bytes());
        }
    }
    out.push(d.candidates.len() as u8);
    for c in &d.candidates {
        let mut first = c.kind;
        if c.tcp {
            first |= TCP;
        }
        if matches!(c.foundation, Foundation::Text(_)) {
            first |= FOUNDATION_TEXT;
        }
        if c.related.is_some() {
            first |= RELATED;
        }
        if c.generation.is_some() {
            first |= GENERATION;
        }
        if c.network_id.is_some() {
            first |= NETWORK_ID;
        }
        if c.network_cost.is_some() {
            first |= NETWORK_COST;
        }
        out.push(first);
        let tcp_type = c.tcp_type.map_or(0, |t| t + 1);
        out.push(c.component | tcp_type << TCP_TYPE_SHIFT);
        match &c.foundation {
            Foundation::Number(n) => put_varint(&mut out, *n),
            Foundation::Text(t) => put_ice(&mut out, t),
        }
        out.extend_from_slice(&c.priority.to_be_bytes());
        put_address(&mut out, &c.address);
        out.extend_from_slice(&c.port.to_be_bytes());
        if let Some((a, p)) = &c.related {
            put_address(&mut out, a);
            out.extend_from_slice(&p.to_be_bytes());
        }
        for n in [c.generation, c.network_id, c.network_cost]
            .into_iter()
            .flatten()
        {
            put_varint(&mut out, n);
        }
    }
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], SdpError> {
        if n > self.bytes.len() {
            return Err(SdpError::Truncated);
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, SdpError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SdpError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn u16(&mut self) -> Result<u16, SdpError> {
        Ok(u16::from_be_bytes(self.array()?))
    }

    fn u32(&mut self) -> Result<u32, SdpError> {
        Ok(u32::from_be_bytes(self.array()?))
    }

    fn varint(&mut self, what: &'static str) -> Result<u32, SdpError> {
        let mut n = 0u64;
        for i in 0..5 {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                // One form only: no trailing zero group.
                if (i > 0 && b == 0) || n > u64::from(u32::MAX) {
                    return Err(SdpError::Invalid { what });
                }
                return Ok(n as u32);
            }
        }
        Err(SdpError::Invalid { what })
    }

    fn ice(&mut self, what: &'static str, min: usize) -> Result<String, SdpError> {
        let len = usize::from(self.byte()?);
        if len < min {
            return Err(SdpError::Invalid { what });
        }
        let packed = self.take((len * 6).div_ceil(8))?;
        let mut out = String::with_capacity(len);
        let (mut acc, mut bits) = (0u32, 0u32);
        let mut bytes = packed.iter();
        while out.len() < len {
            if bits < 6 {
                let b = bytes.next().ok_or(SdpError::Invalid { what })?;
                acc = (acc << 8 | u32::from(*b)) & 0xffff;
                bits += 8;
            }
            bits -= 6;
            out.push(ICE_ALPHABET[(acc >> bits & 63) as usize] as char);
        }
        if acc & ((1 << bits) - 1) != 0 {
            return Err(SdpError::Invalid { what });
        }
        Ok(out)
    }

    fn address(&mut self, what: &'static str) -> Result<Address, SdpError> {
        Ok(match self.byte()? {
            ADDR_V4 => Address::V4(Ipv4Addr::from(self.array::<4>()?)),
            ADDR_V6 => Address::V6(Ipv6Addr::from(self.array::<16>()?)),
            ADDR_MDNS => Address::Mdns(self.array()?),
            ADDR_NAME => {
                let len = usize::from(self.byte()?);
                let text =
                    std::str::from_utf8(self.take(len)?).map_err(|_| SdpError::Invalid { what })?;
                // As read from text: a name that is not an address.
                match parse_address(what, text) {
                    Ok(a @ Address::Name(_)) => a,
                    _ => return Err(SdpError::Invalid { what }),
                }
            }
            _ => return Err(SdpError::Invalid { what }),
        })
    }
}

fn decode(bytes: &[u8]) -> Result<Description, SdpError> {
    if bytes.len() > MAX_COMPACT {
        return Err(SdpError::TooLong { len: bytes.len() });
    }
    let mut r = Reader { bytes };
    match r.byte()? {
        FORMAT => {}
        got => return Err(SdpError::WrongFormat { got }),
    }
    let flags = r.byte()?;
    if flags & FLAGS_UNUSED != 0 {
        return Err(SdpError::Invalid { what: "flags" });
    }
    let setup = SETUPS
        .get(usize::from(flags & SETUP_MASK))
        .ok_or(SdpError::Invalid { what: "setup role" })?
        .0;
    let ufrag = r.ice("ice-ufrag", 4)?;
    let pwd = r.ice("ice-pwd", 22)?;
    let fingerprint = r.array()?;
    let sctp_port = if flags & SCTP_PORT != 0 {
        match r.u16()? {
            5000 => return Err(SdpError::Invalid { what: "sctp-port" }),
            p => p,
        }
    } else {
        5000
    };
    let max_message_size = if flags & MAX_MESSAGE != 0 {
        Some(r.varint("max-message-size")?)
    } else {
        None
    };
    let default = match (flags & DEFAULT_MASK) >> DEFAULT_SHIFT {
        0 => DefaultAddress::None,
        1 => DefaultAddress::Candidate(r.byte()?),
        2 => {
            let a = r.address("default address")?;
            if matches!(a, Address::Mdns(_) | Address::Name(_)) {
                return Err(SdpError::Invalid {
                    what: "default address",
                });
            }
            DefaultAddress::Other(a, r.u16()?)
        }
        _ => {
            return Err(SdpError::Invalid {
                what: "default address",
            })
        }
    };
    let count = usize::from(r.byte()?);
    if count > MAX_CANDIDATES {
        return Err(SdpError::TooManyCandidates { count });
    }
    if let DefaultAddress::Candidate(i) = default {
        if usize::from(i) >= count {
            return Err(SdpError::Invalid {
                what: "default candidate",
            });
        }
    }
    let mut candidates = Vec::with_capacity(count);
    for _ in 0..count {
        let first = r.byte()?;
        let second = r.byte()?;
        let component = second & ((1 << TCP_TYPE_SHIFT) - 1);
        let tcp_type = match second >> TCP_TYPE_SHIFT {
            0 => None,
            t => Some(t - 1),
        };
        let tcp = first & TCP != 0;
        if component == 0 || tcp_type.is_some() != tcp || tcp_type.is_some_and(|t| t > 2) {
            return Err(SdpError::Invalid {
                what: "candidate component or tcptype",
            });
        }
        let foundation = if first & FOUNDATION_TEXT != 0 {
            Foundation::Text(r.ice("candidate foundation", 1)?)
        } else {
            Foundation::Number(r.varint("candidate foundation")?)
        };
        let priority = r.u32()?;
        let address = r.address("candidate address")?;
        let port = r.u16()?;
        let related = if first & RELATED != 0 {
            Some((r.address("candidate raddr")?, r.u16()?))
        } else {
            None
        };
        let mut optional = |bit: u8, what| -> Result<Option<u32>, SdpError> {
            if first & bit != 0 {
                r.varint(what).map(Some)
            } else {
                Ok(None)
            }
        };
        let generation = optional(GENERATION, "candidate generation")?;
        let network_id = optional(NETWORK_ID, "candidate network-id")?;
        let network_cost = optional(NETWORK_COST, "candidate network-cost")?;
        candidates.push(Candidate {
            foundation,
            component,
            tcp,
            priority,
            address,
            port,
            kind: first & KIND_MASK,
            related,
            tcp_type,
            generation,
            network_id,
            network_cost,
        });
    }
    if !r.bytes.is_empty() {
        return Err(SdpError::TrailingBytes {
            count: r.bytes.len(),
        });
    }
    Ok(Description {
        setup,
        trickle: flags & TRICKLE != 0,
        ufrag,
        pwd,
        fingerprint,
        sctp_port,
        max_message_size,
        default,
        candidates,
    })
}

/// The compact bytes of a data channel's connection description (CRLF or
/// LF line ends), or why it cannot be carried exactly.
pub fn compact(sdp: &str) -> Result<Vec<u8>, SdpError> {
    parse(sdp).map(|d| encode(&d))
}

/// The connection description (CRLF line ends, as a browser writes it) of
/// compact bytes, or why they are not bytes [`compact`] writes.
pub fn expand(bytes: &[u8]) -> Result<String, SdpError> {
    let description = decode(bytes)?;
    let sdp = write(&description);
    // Bytes [`compact`] would write otherwise (a default address it would
    // have given as a candidate's, a candidate written twice in two forms)
    // are refused, so each description has one compact form.
    if compact(&sdp).as_deref() != Ok(bytes) {
        return Err(SdpError::Invalid {
            what: "encoding (not the one this page writes)",
        });
    }
    Ok(sdp)
}
