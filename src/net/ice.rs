//! The servers that help two devices find each other over the internet
//! (ICE): STUN servers tell a device the address the world sees it at;
//! TURN servers relay the game when no direct path exists. The page asks
//! [`DEFAULT_STUN`] unless the `ice=` link parameter names others.

/// The STUN server asked by default (`ice=none` asks none: two devices on
/// one network still find each other).
pub const DEFAULT_STUN: &str = "stun:stun.l.google.com:19302";

/// A STUN or TURN server (`urls` like `stun:host:3478`,
/// `turn:host:3478?transport=udp`), with a TURN server's user name and
/// password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IceServer {
    pub urls: String,
    pub username: Option<String>,
    pub credential: Option<String>,
}

impl IceServer {
    fn plain(urls: &str) -> IceServer {
        IceServer {
            urls: urls.to_string(),
            username: None,
            credential: None,
        }
    }
}

/// The servers of an `ice=` parameter (`None`: none given, the default):
/// comma-separated `stun:`, `turn:` or `turns:` addresses, a TURN
/// server's user and password written `turn:user:password@host:port`;
/// `none` (or nothing usable) asks no server.
pub fn servers(given: Option<&str>) -> Vec<IceServer> {
    let Some(list) = given else {
        return vec![IceServer::plain(DEFAULT_STUN)];
    };
    list.split(',')
        .map(str::trim)
        .filter_map(|s| {
            let (scheme, rest) = s.split_once(':')?;
            if !matches!(scheme, "stun" | "turn" | "turns") || rest.is_empty() {
                return None;
            }
            Some(match rest.rsplit_once('@') {
                Some((user, host)) => {
                    let (username, credential) = user.split_once(':').unwrap_or((user, ""));
                    IceServer {
                        urls: format!("{scheme}:{host}"),
                        username: Some(username.to_string()),
                        credential: Some(credential.to_string()),
                    }
                }
                None => IceServer::plain(s),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_none_and_a_list() {
        assert_eq!(servers(None), [IceServer::plain(DEFAULT_STUN)]);
        assert_eq!(servers(Some("none")), []);
        assert_eq!(servers(Some("")), []);
        assert_eq!(
            servers(Some("stun:stun.example.org:3478, turn:ann:s3cret@turn.example.org:3478?transport=udp,http://x")),
            [
                IceServer::plain("stun:stun.example.org:3478"),
                IceServer {
                    urls: "turn:turn.example.org:3478?transport=udp".into(),
                    username: Some("ann".into()),
                    credential: Some("s3cret".into()),
                }
            ]
        );
    }
}
