"""Every Redis key of the store, by name: the one place a key is spelt (tests/test_architecture.py
finds a ``kifu:`` key anywhere else). A name is where stored data lives, so none is ever renamed.

Braces are Redis Cluster hash tags: the keys one write touches share one, so they lie in one slot
(docs/ARCHITECTURE.md, "Storage"). The modules beside this one say what each key holds.

  kifu:{<match>}:<part>                 a match: events, meta, secret, snap, commands, sync (store.py),
                                        seat:<s>:subs / :deliveries / :log / :sending:... (notify.py)
  kifu:{<match>}:live                   the match's sharded pub/sub channel, a message per append (live.py)
  kifu:open-seats                       the lobby's open seats (table.py)
  kifu:index:<name>                     the listing's indexes (listing.py)
  kifu:player:{<player>}[:<part>]       a player and its keys; matches, subs, deliveries, log (players.py, notify.py)
  kifu:playerkey:{<sha256>}             which player a player key is (players.py)
  kifu:signin:{<sha256>}                a one-time sign-in code (players.py)
  kifu:rate:{<thing>}                   a rate limit's counter (rate_limits.py)
  kifu:unsub:{<sha256>}                 an unsubscribe token (notify.py)
  kifu:apikeys, kifu:apikey:{<sha256>}[:used:<day>]   API keys (api_keys.py)
  kifu:idem:{<sha256>}                  an Idempotency-Key's reservation, then its answer (idempotency.py)
  kifu:export:<id>                      a dataset export (exports.py)
  kifu:sim:{<id>}[:games | :results]    a simulation (simulations.py)
  kifu:ratings:{<game>:<variant>}:<part>   a game and variant's ratings: ends, end, figures, board,
                                        seq, board:<seq>, history:<who> (ratings.py)
  kifu:pairing:{<game>:<variant>}       a quick-pairing queue and its tickets (ratings.py)
  kifu:metrics:deadline_lateness, kifu:metrics:worker_appends   the workers' figures (figures.py)

The job adapter keeps its own keys on the queue Redis (``kifu:due...``: workers/due.py).
"""
OPEN_SEATS = "kifu:open-seats"
API_KEYS = "kifu:apikeys"
DEADLINE_LATENESS = "kifu:metrics:deadline_lateness"
WORKER_APPENDS = "kifu:metrics:worker_appends"
BOT_MOVE_LATENCY = "kifu:metrics:bot_move_latency"


def match(match_id: str, part: str) -> str:
    return f"kifu:{{{match_id}}}:{part}"


def live(match_id: str) -> str:
    """The match's sharded pub/sub channel (SPUBLISH / SSUBSCRIBE): in its slot by the hash tag."""
    return match(match_id, "live")


def index(name: str) -> str:
    return f"kifu:index:{name}"


def player(player_id: str, part: str = "") -> str:
    return f"kifu:player:{{{player_id}}}" + (f":{part}" if part else "")


def player_key(digest: str) -> str:
    return f"kifu:playerkey:{{{digest}}}"


def sign_in_code(digest: str) -> str:
    return f"kifu:signin:{{{digest}}}"


def rate(thing: str) -> str:
    return f"kifu:rate:{{{thing}}}"


def owned(owner, part: str) -> str:
    """A key of a subscriptions' owner (service.application.notify.subscriptions.Owner): a player's, or
    a seat's in its match's slot."""
    if owner.kind == "player":
        return player(owner.ident, part)
    return match(owner.ident, f"seat:{owner.seat}:{part}")


def unsubscribe(digest: str) -> str:
    return f"kifu:unsub:{{{digest}}}"


def api_key(digest: str) -> str:
    return f"kifu:apikey:{{{digest}}}"


def api_key_used(digest: str, day: str) -> str:
    return f"{api_key(digest)}:used:{day}"


def idempotency(digest: str) -> str:
    return f"kifu:idem:{{{digest}}}"


def export(export_id: str) -> str:
    return f"kifu:export:{export_id}"


def simulation(sim_id: str, part: str = "") -> str:
    return f"kifu:sim:{{{sim_id}}}" + (f":{part}" if part else "")


def ratings(game: str, variant: str, part: str) -> str:
    """A game and variant's ratings: every key of them in one slot, so one script updates them."""
    return f"kifu:ratings:{{{game}:{variant}}}:{part}"


def pairing(game: str, variant: str, part: str = "") -> str:
    return f"kifu:pairing:{{{game}:{variant}}}" + (f":{part}" if part else "")
