"""What a seat must never receive: the cards another seat knew privately and the table never saw.

Reference sets come from the server after the match has ended: every string in a seat's full
event log and final view is what that seat came to know; the spectator's is what was public.
Only what a page received while the match was unfinished is checked: once it has ended its seed is
public (anyone can re-derive every shuffle), and the audit routes then show the full truth.
"""


def strings(value) -> set:
    """Every string (and dict key) anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | set().union(*(strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value))
    return {value} if isinstance(value, str) else set()


def known_to(server, match_id: str, token: str | None, names_of: dict | None = None) -> set:
    """Every string of the caller's final view and event log; with ``names_of`` (card id or key ->
    printed name), also the name of every card the log names by id ("0-08": "dz-great-horn" tells
    the name of dz-great-horn; "1:C03b" the name of C03)."""
    match = server.api(f"/matches/{match_id}", token)
    log = server.api(f"/matches/{match_id}/events?limit=1000", token)
    known = strings(match["view"]) | strings(log["events"])
    for s in list(known) if names_of else ():
        bare = s.rsplit(":", 1)[-1]
        name = names_of.get(bare) or (names_of.get(bare[:-1]) if bare[-1:].islower() else None)
        if name:
            known.add(name)
    return known


def private_to_others(server, match_id: str, tokens: dict, seat: int, card_ids: set,
                      names_of: dict | None = None) -> set:
    """Cards that some other seat knew and that were never public: ``seat`` must not see them."""
    public = known_to(server, match_id, None, names_of)
    others = set().union(*(known_to(server, match_id, t, names_of) for s, t in tokens.items() if s != seat))
    return (others - public) & card_ids


def where(value, secret: set, at: str = "") -> list:
    """The JSON paths at which a secret string appears (as a value or a key)."""
    if isinstance(value, dict):
        return [f"{at}/{k}" for k in value if k in secret] + \
               [p for k, v in value.items() for p in where(v, secret, f"{at}/{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in where(v, secret, f"{at}/{i}")]
    return [at] if isinstance(value, str) and value in secret else []


def leaks(answers: list, secret: set, names: frozenset = frozenset()) -> list:
    """(method, path, JSON paths) of every recorded match answer that carries a secret: as a whole
    string, or — given the game's printed card ``names`` — a secret name inside a longer text (a
    sentence of the narrated log, an explanation), as the hidden-information suite reads them."""
    from tests.hidden.leaks import found as found_in
    out = []
    for path, method, body in answers:
        if path.startswith("/games"):
            continue                      # the catalogue lists every card, not a match's cards
        hits = found_in(body, secret, names) if names else where(body, secret)
        if hits:
            out.append((method, path, hits))
    return out


def shown_leaks(page, secret: set, names: frozenset) -> list:
    """Secret card names in the text the page shows now (its narrated log and field included)."""
    from tests.hidden.leaks import found as found_in
    return found_in({"page": page.inner_text("#app")}, secret, names)


def while_unfinished(answers: list) -> list:
    """The answers a page received before the first one showing the match's outcome, and the
    streamed events of versions it saw unfinished (a stream is recorded when it closes)."""
    seen = [b["version"] for _, m, b in answers
            if m != "STREAM" and isinstance(b, dict) and b.get("outcome", 1) is None and "version" in b]
    last_live = max(seen, default=0)
    out, ended = [], False
    for path, method, body in answers:
        if method == "STREAM":
            out.append((path, method, {"events": [e for e in body["events"] if e["version"] <= last_live]}))
            continue
        ended = ended or (isinstance(body, dict) and body.get("outcome") is not None)
        if not ended:
            out.append((path, method, body))
    return out


def private_to_others_only(server, match_id: str, tokens: dict, seat: int, card_ids: set,
                           names_of: dict | None = None) -> set:
    """Like ``private_to_others``, less what ``seat`` itself came to know: for games whose card ids
    name kinds of card that several seats may hold at once (お賽銭 in every deck)."""
    return private_to_others(server, match_id, tokens, seat, card_ids, names_of) - \
        known_to(server, match_id, tokens[seat], names_of)


def keyed(value, ids: set, at: str = "") -> list:
    """The JSON paths of objects keyed by one of ``ids``: where a game maps a card instance to
    what it is ({"1-05": "th-meiling"}), an id that is public by itself."""
    if isinstance(value, dict):
        return [f"{at}/{k}" for k in value if k in ids] + \
               [p for k, v in value.items() for p in keyed(v, ids, f"{at}/{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in keyed(v, ids, f"{at}/{i}")]
    return []


def others_hands_shown(answers: list, seat: int) -> list:
    """(method, path) of every view the page received that shows another seat's hand."""
    return [(method, path) for path, method, body in answers
            if isinstance(body, dict) and isinstance(body.get("view"), dict)
            for p in body["view"].get("players") or [] if p.get("seat") != seat and p.get("hand") is not None]
