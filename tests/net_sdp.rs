//! The compact connection descriptions (`pantheon::net::sdp`): Chromium's
//! own descriptions (tests/data/sdp, recorded from two pages of Debian's
//! Chromium 156 that then connected with their expansions) compact to a
//! fixed size, expand to the same ICE, DTLS and SCTP fields, and compact
//! again to the same bytes; what cannot be carried is refused by name, and
//! no bytes or text make either function panic.

use pantheon::net::sdp::{compact, expand, SdpError, FORMAT, MAX_CANDIDATES};
use proptest::prelude::*;

const OFFER_MDNS: &str = include_str!("data/sdp/chromium-offer-mdns.sdp");
const ANSWER_MDNS: &str = include_str!("data/sdp/chromium-answer-mdns.sdp");
const OFFER_IP: &str = include_str!("data/sdp/chromium-offer-ip.sdp");
const ANSWER_IP: &str = include_str!("data/sdp/chromium-answer-ip.sdp");

/// Each fixture, with its text size and its exact compact size.
const FIXTURES: [(&str, &str, usize, usize); 4] = [
    // 716 -> 127 bytes: 5.6 times smaller.
    ("offer-mdns", OFFER_MDNS, 716, 127),
    // 715 -> 127 bytes: 5.6 times smaller.
    ("answer-mdns", ANSWER_MDNS, 715, 127),
    // 652 -> 115 bytes: 5.7 times smaller.
    ("offer-ip", OFFER_IP, 652, 115),
    // 653 -> 116 bytes: 5.6 times smaller.
    ("answer-ip", ANSWER_IP, 653, 116),
];

/// The lines that make a connection, read here independently of the
/// module: everything but the session's boilerplate (`v=`, `o=`, `s=`,
/// `t=`, the bundle group, `extmap-allow-mixed`, `msid-semantic`).
fn fields(sdp: &str) -> Vec<String> {
    sdp.split("\r\n")
        .filter(|l| {
            [
                "m=",
                "c=",
                "a=candidate:",
                "a=ice-",
                "a=fingerprint:",
                "a=setup:",
            ]
            .iter()
            .chain(&["a=mid:", "a=sctp-port:", "a=max-message-size:"])
            .any(|p| l.starts_with(p))
        })
        .map(String::from)
        .collect()
}

#[test]
fn chromium_descriptions_compact_expand_and_compact_to_the_same_bytes() {
    for (name, sdp, text_len, compact_len) in FIXTURES {
        assert_eq!(sdp.len(), text_len, "{name}");
        let bytes = compact(sdp).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(bytes.len(), compact_len, "{name}");
        assert_eq!(bytes[0], FORMAT, "{name}");
        let expanded = expand(&bytes).unwrap();
        assert_eq!(compact(&expanded), Ok(bytes.clone()), "{name}");
        assert_eq!(expand(&compact(&expanded).unwrap()), Ok(expanded.clone()));
        // The same connection: every line of it, in the same order.
        let (before, after) = (fields(sdp), fields(&expanded));
        assert!(before.len() >= 10, "{name}: {before:?}");
        assert_eq!(before, after, "{name}");
        // Only the session id differs; the rest is Chromium's template.
        let differing: Vec<(&str, &str)> = sdp
            .split("\r\n")
            .zip(expanded.split("\r\n"))
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(differing.len(), 1, "{name}: {differing:?}");
        assert!(differing[0].0.starts_with("o=- "), "{name}");
    }
}

#[test]
fn the_kept_fields_are_those_of_the_description() {
    let expanded = expand(&compact(OFFER_MDNS).unwrap()).unwrap();
    for line in [
        "a=ice-ufrag:gJO8",
        "a=ice-pwd:hZbGYcWXzPyrSt0h8MrxsgGA",
        "a=fingerprint:sha-256 51:32:49:82:16:46:30:06:01:CA:26:1F:D9:BD:72:17:\
         93:D6:3F:45:8D:08:14:68:DE:F7:6C:BE:68:41:EC:F2",
        "a=setup:actpass",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=candidate:1185509870 1 udp 2113937151 613a3aea-bdb3-44dc-855a-805a302456ff.local \
         48850 typ host generation 0 network-cost 999",
        "a=candidate:1104878942 1 udp 2113942271 abcb89e8-f8d3-4f31-984c-79146997b635.local \
         54779 typ host generation 0 network-cost 999",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ] {
        assert!(expanded.contains(&format!("{line}\r\n")), "{line}");
    }
    let answer = expand(&compact(ANSWER_IP).unwrap()).unwrap();
    assert!(answer.contains("\r\na=setup:active\r\n"));
    assert!(answer.contains("\r\nc=IN IP4 192.0.2.2\r\n"));
    assert!(answer.contains(" fd00::2 "));
    // LF line ends read as CRLF ones.
    assert_eq!(
        compact(&OFFER_MDNS.replace("\r\n", "\n")),
        compact(OFFER_MDNS)
    );
}

/// A description with every kind of candidate this encoding carries, in
/// Chromium's order of fields.
const EVERY_KIND: &str = "v=0\r\n\
o=- 1 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 51000 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP6 2001:db8::7\r\n\
a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0 network-id 1 network-cost 10\r\n\
a=candidate:2 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0 network-id 1 network-cost 10\r\n\
a=candidate:3 1 tcp 1518214911 fe80::1%eth0 50001 typ host tcptype passive generation 0\r\n\
a=candidate:842163049 1 udp 1686052607 203.0.113.5 61000 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-id 1 network-cost 10\r\n\
a=candidate:abc+/9 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.5 rport 61000\r\n\
a=candidate:7 2 udp 1 relay.example.org 3479 typ prflx raddr 0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f0.local rport 5 tcptype so\r\n\
a=ice-ufrag:Ab+/\r\n\
a=ice-pwd:0123456789abcdefghijklmnopqrstuvwxyz+/\r\n\
a=fingerprint:sha-256 00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF\r\n\
a=setup:passive\r\n\
a=mid:0\r\n\
a=sctp-port:5001\r\n";

#[test]
fn every_kind_of_candidate_reads_back_exactly() {
    // The last candidate is UDP with a TCP type: refused, and accepted
    // once it is TCP.
    assert!(matches!(
        compact(EVERY_KIND),
        Err(SdpError::Bad {
            field: "candidate tcptype",
            ..
        })
    ));
    let sdp = EVERY_KIND.replace("7 2 udp 1", "7 2 tcp 1");
    let bytes = compact(&sdp).unwrap();
    let expanded = expand(&bytes).unwrap();
    assert_eq!(fields(&expanded), fields(&sdp));
    assert_eq!(compact(&expanded), Ok(bytes));
    // No trickle option and no largest message given: none written.
    assert!(!expanded.contains("ice-options"));
    assert!(!expanded.contains("max-message-size"));
}

#[test]
fn what_cannot_be_carried_is_refused_by_name() {
    let audio =
        format!("{OFFER_MDNS}m=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:1\r\n");
    let e = compact(&audio).unwrap_err();
    assert_eq!(
        e,
        SdpError::SecondMedia {
            line: "m=audio 9 UDP/TLS/RTP/SAVPF 111".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "the connection description has a second media section \
         ('m=audio 9 UDP/TLS/RTP/SAVPF 111'); only one data channel is carried"
    );
    // Only audio, no data channel.
    let only_audio = OFFER_MDNS.replace(
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "m=audio 9 UDP/TLS/RTP/SAVPF 111",
    );
    assert!(matches!(
        compact(&only_audio),
        Err(SdpError::Unsupported { .. })
    ));
    // Another hash, a lowercase fingerprint, a missing fingerprint.
    let sha1 = OFFER_MDNS.replace("sha-256", "sha-1");
    let e = compact(&sha1).unwrap_err();
    assert!(matches!(
        e,
        SdpError::Bad {
            field: "fingerprint",
            ..
        }
    ));
    assert!(e.to_string().contains("fingerprint 'sha-1 51:32:49"), "{e}");
    let lower = OFFER_MDNS.replace("01:CA:26:1F", "01:ca:26:1f");
    assert!(matches!(compact(&lower), Err(SdpError::Bad { .. })));
    let none: String = OFFER_MDNS
        .split_inclusive("\r\n")
        .filter(|l| !l.starts_with("a=fingerprint"))
        .collect();
    let e = compact(&none).unwrap_err();
    assert_eq!(e, SdpError::Missing("a=fingerprint"));
    assert_eq!(
        e.to_string(),
        "the connection description has no a=fingerprint line"
    );
    // An attribute or a candidate extension it does not know.
    let extra = OFFER_MDNS.replace("a=mid:0\r\n", "a=mid:0\r\na=rtcp-mux\r\n");
    let e = compact(&extra).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the connection description's line 'a=rtcp-mux' cannot be carried"
    );
    let ext = OFFER_MDNS.replace(
        "network-cost 999\r\na=candidate",
        "ufrag gJO8\r\na=candidate",
    );
    let e = compact(&ext).unwrap_err();
    assert!(
        matches!(e, SdpError::Bad { field: "candidate extension", ref value } if value == "ufrag")
    );
    // A line twice, a holdconn role, another mid, the end of candidates.
    let twice = OFFER_MDNS.replace(
        "a=setup:actpass\r\n",
        "a=setup:actpass\r\na=setup:active\r\n",
    );
    assert_eq!(compact(&twice), Err(SdpError::Twice("a=setup")));
    let hold = OFFER_MDNS.replace("a=setup:actpass", "a=setup:holdconn");
    assert!(matches!(
        compact(&hold),
        Err(SdpError::Bad { field: "setup", .. })
    ));
    let mid = OFFER_MDNS.replace("a=mid:0", "a=mid:data");
    assert!(matches!(compact(&mid), Err(SdpError::Unsupported { .. })));
    let end = OFFER_MDNS.replace("a=ice-ufrag", "a=end-of-candidates\r\na=ice-ufrag");
    assert!(matches!(compact(&end), Err(SdpError::Unsupported { .. })));
    // A port, a priority that are not numbers as the browser writes them.
    let port = OFFER_MDNS.replace(" 48850 typ", " 048850 typ");
    assert!(matches!(
        compact(&port),
        Err(SdpError::Bad {
            field: "candidate port",
            ..
        })
    ));
    let priority = OFFER_MDNS.replace("2113937151", "4294967296");
    assert!(matches!(
        compact(&priority),
        Err(SdpError::Bad {
            field: "candidate priority",
            ..
        })
    ));
    // Too many candidates.
    let line = OFFER_MDNS
        .split_inclusive("\r\n")
        .find(|l| l.starts_with("a=candidate"))
        .unwrap();
    let many = OFFER_MDNS.replace(line, &line.repeat(MAX_CANDIDATES + 3));
    let e = compact(&many).unwrap_err();
    assert_eq!(
        e,
        SdpError::TooManyCandidates {
            count: MAX_CANDIDATES + 4
        }
    );
    assert!(e.to_string().contains("36 candidates; at most 32"), "{e}");
    // Not an SDP at all, or without its last line end.
    assert!(compact("").is_err());
    assert!(compact("hello\r\n").is_err());
    assert!(compact(OFFER_MDNS.trim_end()).is_err());
    assert!(matches!(
        compact(&"a".repeat(20_000)),
        Err(SdpError::TooLong { len: 20_000 })
    ));
}

#[test]
fn bytes_that_compact_never_writes_are_refused() {
    let bytes = compact(OFFER_MDNS).unwrap();
    // Every cut.
    for n in 0..bytes.len() {
        assert!(expand(&bytes[..n]).is_err(), "{n}");
    }
    assert_eq!(expand(&bytes[..bytes.len() - 1]), Err(SdpError::Truncated));
    // A byte too many.
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(expand(&longer), Err(SdpError::TrailingBytes { count: 1 }));
    // Another format.
    let mut other = bytes.clone();
    other[0] = 9;
    let e = expand(&other).unwrap_err();
    assert_eq!(e, SdpError::WrongFormat { got: 9 });
    assert_eq!(
        e.to_string(),
        "a compact connection description of format 9; this page reads format 1"
    );
    // Unused flag bits, a fourth role.
    let mut flags = bytes.clone();
    flags[1] |= 0x80;
    assert_eq!(expand(&flags), Err(SdpError::Invalid { what: "flags" }));
    let mut role = bytes.clone();
    role[1] |= 3;
    assert_eq!(expand(&role), Err(SdpError::Invalid { what: "setup role" }));
    // An absurd count of candidates: the count is the byte after the
    // fingerprint and the largest message (3 bytes).
    let count_at = 2 + 1 + 3 + 1 + 18 + 32 + 3;
    assert_eq!(bytes[count_at], 2);
    let mut absurd = bytes.clone();
    absurd[count_at] = 200;
    assert_eq!(
        expand(&absurd),
        Err(SdpError::TooManyCandidates { count: 200 })
    );
    // An overlong number (the largest message size with a zero group).
    let mut overlong = bytes[..count_at].to_vec();
    let last = overlong.pop().unwrap();
    overlong.extend([last | 0x80, 0]);
    overlong.extend(&bytes[count_at..]);
    assert!(matches!(expand(&overlong), Err(SdpError::Invalid { .. })));
    // Too many bytes to read at all.
    assert!(matches!(
        expand(&vec![FORMAT; 100_000]),
        Err(SdpError::TooLong { len: 100_000 })
    ));
    assert_eq!(expand(&[]), Err(SdpError::Truncated));
}

proptest! {
    #[test]
    fn any_bytes_expand_without_panic_and_only_to_their_own_form(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let mut bytes = bytes;
        if let Some(b) = bytes.first_mut() {
            *b = FORMAT;
        }
        if let Ok(sdp) = expand(&bytes) {
            prop_assert_eq!(compact(&sdp), Ok(bytes));
        }
    }

    #[test]
    fn changed_bytes_of_a_real_description_never_panic(
        which in 0usize..4,
        changes in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6),
    ) {
        let mut bytes = compact(FIXTURES[which].1).unwrap();
        for (at, b) in changes {
            let n = bytes.len();
            bytes[at % n] = b;
        }
        if let Ok(sdp) = expand(&bytes) {
            prop_assert_eq!(compact(&sdp), Ok(bytes));
        }
    }

    #[test]
    fn changed_text_of_a_real_description_never_panics(
        which in 0usize..4,
        at in any::<usize>(),
        cut in 0usize..40,
        insert in "[ -~\r\n]{0,20}",
    ) {
        let sdp = FIXTURES[which].1;
        let start = at % sdp.len();
        let end = (start + cut).min(sdp.len());
        let changed = format!("{}{insert}{}", &sdp[..start], &sdp[end..]);
        if let Ok(bytes) = compact(&changed) {
            let expanded = expand(&bytes).unwrap();
            prop_assert_eq!(compact(&expanded), Ok(bytes));
        }
    }

    #[test]
    fn any_text_compacts_without_panic(text in "(?s).{0,400}") {
        let _ = compact(&text);
    }
}
