"""What a seat must never receive: the cards another seat knew privately and the table never saw.

Reference sets come from the server after the match has ended: every string in a seat's full
event log and final view is what that seat came to know; the spectator's is what was public.
"""


def strings(value) -> set:
    """Every string (and dict key) anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | set().union(*(strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value))
    return {value} if isinstance(value, str) else set()


def known_to(server, match_id: str, token: str | None) -> set:
    match = server.api(f"/matches/{match_id}", token)
    log = server.api(f"/matches/{match_id}/events?limit=1000", token)
    return strings(match["view"]) | strings(log["events"])


def private_to_others(server, match_id: str, tokens: dict, seat: int, card_ids: set) -> set:
    """Cards that some other seat knew and that were never public: ``seat`` must not see them."""
    public = known_to(server, match_id, None)
    others = set().union(*(known_to(server, match_id, t) for s, t in tokens.items() if s != seat))
    return (others - public) & card_ids


def leaks(answers: list, secret: set) -> list:
    """The (path, secret strings) of every recorded match answer that carries a secret."""
    found = []
    for path, method, body in answers:
        if path.startswith("/games"):
            continue                      # the catalogue lists every card, not a match's cards
        hit = strings(body) & secret
        if hit:
            found.append((method, path, sorted(hit)))
    return found
