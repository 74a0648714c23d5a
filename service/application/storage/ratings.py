"""The ratings' read model (service.application.ratings), per game and variant, every key in the slot
``{<game>:<variant>}`` so one script writes them together:

  kifu:ratings:{g:v}:seq           counter: bumped by every write; a write names the seq it read (CAS)
  kifu:ratings:{g:v}:ends          sorted set, all scores 0: ``<ended at>|<match id>``, match-end order (lex)
  kifu:ratings:{g:v}:end           hash: match id -> {"end": RatedEnd, "change": per seat before/after | null}
  kifu:ratings:{g:v}:figures       hash: who (player:<id> | bot:<name>) -> figure (JSON)
  kifu:ratings:{g:v}:board         sorted set: who scored by rating (the leaderboard)
  kifu:ratings:{g:v}:board:<snap>  a copy of the board a leaderboard's pages read (10 minutes to live)
  kifu:ratings:{g:v}:history:<who> list: the match ids that changed who's rating, oldest first

Quick pairing (``kifu:pairing:{g:v}``): a hash of tickets (ticket id -> JSON) and a sorted set of the
waiting ones by rating (``:waiting``), written by one script per step.
"""
import json

from service.application.storage import keys
from service.application.storage.replies import text

# Apply the writes ``ARGV[2]`` (JSON: [command, key index, args...]) if the seq is still ``ARGV[1]``;
# bump it. Every write of the ratings goes through here, so two matches that end at once are applied
# one after the other, each on the figures the other left.
APPLY = """
local seq = tonumber(redis.call('GET', KEYS[1]) or '0')
if seq ~= tonumber(ARGV[1]) then return 0 end
for _, op in ipairs(cjson.decode(ARGV[2])) do
  local args = {op[1], KEYS[op[2]]}
  for i = 3, #op do args[#args + 1] = op[i] end
  redis.call(unpack(args))
end
redis.call('INCR', KEYS[1])
return 1
"""
SNAPSHOT_SECONDS = 600


def key(game: str, variant: str, part: str) -> str:
    return keys.ratings(game, variant, part)


def seq(store, game: str, variant: str) -> int:
    return int(text(store.redis.get(key(game, variant, "seq"))) or 0)


def has_end(store, game: str, variant: str, match_id: str) -> bool:
    return bool(store.redis.hexists(key(game, variant, "end"), match_id))


def ends_after(store, game: str, variant: str, order: str) -> list[str]:
    return [text(m) for m in store.redis.zrangebylex(key(game, variant, "ends"), f"({order}", "+")]


def all_ends(store, game: str, variant: str) -> list[dict]:
    """Every end recorded, in match-end order: {"end", "change"}."""
    order = [text(m).rsplit("|", 1)[1] for m in store.redis.zrangebylex(key(game, variant, "ends"), "-", "+")]
    if not order:
        return []
    return [json.loads(raw) for raw in store.redis.hmget(key(game, variant, "end"), order) if raw]


def ends(store, game: str, variant: str, match_ids: list) -> list:
    """The recorded ends (None: not recorded) of these matches."""
    if not match_ids:
        return []
    return [json.loads(raw) if raw else None for raw in store.redis.hmget(key(game, variant, "end"), match_ids)]


def figures(store, game: str, variant: str, who: list) -> list:
    if not who:
        return []
    return [json.loads(raw) if raw else None for raw in store.redis.hmget(key(game, variant, "figures"), who)]


def all_figures(store, game: str, variant: str) -> dict:
    return {text(k): json.loads(v) for k, v in store.redis.hgetall(key(game, variant, "figures")).items()}


def figures_across(store, pairs: list, who: str) -> list:
    """One player's (or bot's) figure in each ``(game, variant)`` (None where it has none): one pipeline."""
    pipe = store.redis.pipeline(transaction=False)
    for game, variant in pairs:
        pipe.hget(key(game, variant, "figures"), who)
    return [json.loads(raw) if raw else None for raw in pipe.execute()]


def history(store, game: str, variant: str, who: str, last: int) -> list[str]:
    return [text(m) for m in store.redis.lrange(key(game, variant, f"history:{who}"), -last, -1)]


class Writes:
    """The writes of one step, checked and applied by ``APPLY`` against the seq they were computed on."""

    def __init__(self, game: str, variant: str):
        self.game, self.variant = game, variant
        self.keys = [key(game, variant, "seq")]
        self.ops = []

    def _k(self, part: str) -> int:
        name = key(self.game, self.variant, part)
        if name not in self.keys:
            self.keys.append(name)
        return self.keys.index(name) + 1

    def end(self, order: str, match_id: str, record: dict) -> None:
        self.ops.append(["ZADD", self._k("ends"), 0, order])
        self.ops.append(["HSET", self._k("end"), match_id, json.dumps(record)])

    def figure(self, who: str, figure: dict) -> None:
        self.ops.append(["HSET", self._k("figures"), who, json.dumps(figure)])
        self.ops.append(["ZADD", self._k("board"), repr(figure["rating"]), who])

    def history(self, who: str, match_id: str) -> None:
        self.ops.append(["RPUSH", self._k(f"history:{who}"), match_id])

    def clear(self, who: list) -> None:
        """Forget the figures, board and histories (a rebuild writes them anew)."""
        for part in ["figures", "board", *(f"history:{w}" for w in who)]:
            self.ops.append(["DEL", self._k(part)])

    def apply(self, store, expected_seq: int) -> bool:
        return bool(store.redis.register_script(APPLY)(keys=self.keys, args=[expected_seq, json.dumps(self.ops)]))


SNAPSHOT = """
redis.call('ZUNIONSTORE', KEYS[2], 1, KEYS[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return redis.call('GET', KEYS[3]) or '0'
"""


def board_snapshot(store, game: str, variant: str, snapshot: str) -> int:
    """A copy of the leaderboard as it stands, named ``snapshot``, that a leaderboard's pages read
    (made in one script: the seq returned is the one it is a copy at)."""
    return int(text(store.redis.register_script(SNAPSHOT)(
        keys=[key(game, variant, "board"), key(game, variant, f"board:{snapshot}"), key(game, variant, "seq")],
        args=[SNAPSHOT_SECONDS])))


def snapshot_kept(store, game: str, variant: str, snapshot: str) -> bool:
    return bool(store.redis.exists(key(game, variant, f"board:{snapshot}")))


def board_page(store, game: str, variant: str, snapshot: str, start: int, count: int) -> list:
    """``(who, rating)`` from rank ``start`` (0: the best) of the copy at ``at_seq``."""
    raw = store.redis.zrevrange(key(game, variant, f"board:{snapshot}"), start, start + count - 1, withscores=True)
    return [(text(m), float(s)) for m, s in raw]


def board_size(store, game: str, variant: str, snapshot: str) -> int:
    return store.redis.zcard(key(game, variant, f"board:{snapshot}"))


def board_range(store, game: str, variant: str, low: float, high: float) -> list[str]:
    """Who is rated between ``low`` and ``high`` (the live board)."""
    return [text(m) for m in store.redis.zrangebyscore(key(game, variant, "board"), low, high)]


# Quick pairing, per game and variant: ``kifu:pairing:{g:v}`` a hash (player id -> ticket JSON: waiting,
# or paired with its match) and ``:waiting`` a sorted set of the waiting players by rating. A waiting
# player is taken by one ZREM: of two who would pair with the same player, one does.
def _pairing(game: str, variant: str, part: str = "") -> str:
    return keys.pairing(game, variant, part)


WAIT = """
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
"""


def pairing_wait(store, game: str, variant: str, player_id: str, rating: float, ticket: dict) -> None:
    store.redis.register_script(WAIT)(keys=[_pairing(game, variant), _pairing(game, variant, "waiting")],
                                      args=[player_id, repr(float(rating)), json.dumps(ticket)])


def pairing_waiting(store, game: str, variant: str, low: float, high: float) -> list[tuple[str, float]]:
    raw = store.redis.zrangebyscore(_pairing(game, variant, "waiting"), low, high, withscores=True)
    return [(text(m), float(s)) for m, s in raw]


def pairing_take(store, game: str, variant: str, player_id: str) -> bool:
    """Take a waiting player out of the queue: True for the one caller that did."""
    return bool(store.redis.zrem(_pairing(game, variant, "waiting"), player_id))


def pairing_ticket(store, game: str, variant: str, player_id: str) -> dict | None:
    raw = store.redis.hget(_pairing(game, variant), player_id)
    return json.loads(raw) if raw else None


def pairing_set(store, game: str, variant: str, player_id: str, ticket: dict) -> None:
    store.redis.hset(_pairing(game, variant), player_id, json.dumps(ticket))


def pairing_leave(store, game: str, variant: str, player_id: str) -> None:
    store.redis.zrem(_pairing(game, variant, "waiting"), player_id)
    store.redis.hdel(_pairing(game, variant), player_id)
