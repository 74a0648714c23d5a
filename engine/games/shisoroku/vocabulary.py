"""The registry of effect handlers (the effect vocabulary of cards.json, seed カードの指示 l.81-141):
one handler per effect name, registered with ``@effect(name)`` by effects.py (the simple ones) and
complex_cards.py (the bespoke ones), and checked against the card data when the package loads."""
from engine.games.shisoroku.cards import effect_lists

EFFECTS = {}


def effect(name):
    def register(fn):
        if name in EFFECTS:
            raise ValueError(f"effect {name} has two handlers")
        EFFECTS[name] = fn
        return fn
    return register


def check_vocabulary():
    """Every effect named in cards.json has its handler (fails at load otherwise)."""
    def walk(where, fxs):
        for fx in fxs:
            name = fx.get("do")
            if name not in EFFECTS:
                raise ValueError(f"{where}: unknown effect {name!r}")
            for key in ("fx", "then", "self", "others"):
                if key in fx:
                    walk(where, fx[key])
            for sub in list(fx.get("options", {}).values()) + list(fx.get("by_type", {}).values()):
                walk(where, sub)
    for where, fxs in effect_lists():
        walk(where, fxs)
