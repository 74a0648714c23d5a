"""Actions a seat might send beside the listed ones, for the choice-protocol tests: each listed
action with a list part reordered, cut or grown from the values other listed actions use, and two
listed actions of one type combined part by part; plus each game's own candidates (``EXTRA``:
game id -> function(state, seat, rng) -> actions), for the parts no listed action shows in full
(every payment, every second target, every subset), in ``moves_<game>.py`` beside this file. Which of them ``decide`` accepts is the test's
business: these are only candidates."""
import random

EXTRA: dict = {}


def extra(game_id):
    """Registers ``fn(state, seat, rng) -> [action, ...]`` as the game's own candidates."""
    def register(fn):
        EXTRA[game_id] = fn
        return fn
    return register


def variations(game, state, seat, listed, rng: random.Random, n: int) -> list:
    out = []
    by_type = {}
    for a in listed:
        by_type.setdefault(a.get("type"), []).append(a)
    pools = {}
    for a in listed:
        for k, v in a.items():
            if isinstance(v, list):
                pools.setdefault((a.get("type"), k), []).extend(x for x in v if x not in pools.get((a.get("type"), k), []))
    for _ in range(n):
        if not listed:
            break
        a = dict(rng.choice(listed))
        same = by_type[a.get("type")]
        other = rng.choice(same)
        for k in a:
            if k != "type" and k in other and rng.random() < 0.5:
                a[k] = other[k]
        for k, v in list(a.items()):
            if isinstance(v, list) and v:
                v = list(v)
                roll = rng.random()
                if roll < 0.3:
                    rng.shuffle(v)
                elif roll < 0.5:
                    v.pop(rng.randrange(len(v)))
                elif roll < 0.8:
                    pool = [x for x in pools.get((a.get("type"), k), []) if x not in v]
                    if pool:
                        v.insert(rng.randrange(len(v) + 1), rng.choice(pool))
                a[k] = v
        out.append(a)
    fn = EXTRA.get(game.id)
    if fn is not None:
        out += fn(state, seat, rng)
    return out


def _load_games() -> None:
    """Each game's candidates live in ``tests/conformance/moves_<game>.py`` (imported to register)."""
    import importlib
    import pkgutil
    from pathlib import Path
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if info.name.startswith("moves_"):
            importlib.import_module(f"tests.conformance.{info.name}")


_load_games()
