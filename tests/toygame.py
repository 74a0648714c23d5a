"""A tiny test-only decider ("toy"): the service is tested on it without any real game's rules.

Two seats take turns adding 1..3 to a running total; whoever brings it to the target (10 unless
``options.target`` says otherwise) wins. Each seat holds one hidden card (1..9), dealt at setup
and redealt after each of its moves, so redaction and hidden views are exercised.
"""
from engine.core import ConfigError, Emitter, Event, Facts, GameBase, IllegalAction, Variant

RULES = {"toy/setup": "deal", "toy/1": "add 1..3", "toy/2": "reach the target to win",
         "toy/3": "redeal the mover's card", "toy/4": "turn passes", "toy/turn": "wait your turn",
         "toy/end": "the game is over", "toy/actions": "action shape"}


class ToyGame(GameBase):
    facts = Facts(
        id="toy",
        title="Toy counting game (tests only)",
        seed_section="tests/toygame.py",
        cardset_version="toy-1",
        variants={"standard": Variant("standard", "Standard", 2, 2)},
        action_fields={"add": frozenset({"type", "n"})},
        capabilities=frozenset({"determinize"}),          # no secrets, no narrate: the toy keeps it short
    )

    def describe(self) -> dict:
        return {"id": self.id, "title": self.title, "cards": [],
                "rules": {k.split("/", 1)[1]: {"section": f"toy §{k.split('/', 1)[1]}", "statement": t}
                          for k, t in RULES.items()},
                "variants": [{"id": v.id, "title": v.title, "min_seats": v.min_seats,
                              "max_seats": v.max_seats} for v in self.variants.values()]}

    def validate(self, config) -> None:
        if config.variant not in self.variants:
            raise ConfigError(f"unknown variant {config.variant!r} of toy", rule="toy/setup")
        if len(config.seats) != 2:
            raise ConfigError("toy needs exactly 2 seats", rule="toy/setup")
        target = config.options.get("target", 10)
        if set(config.options) - {"target"} or not isinstance(target, int) or not 3 <= target <= 100:
            raise ConfigError("options: only target (3..100) is known", rule="toy/setup")
        pos = config.position
        if pos is not None and not (set(pos) == {"first", "total", "secrets"}
                                    and pos["first"] in (0, 1) and isinstance(pos["total"], int)
                                    and 0 <= pos["total"] < target and len(pos["secrets"]) == 2
                                    and all(c in range(1, 10) for c in pos["secrets"])):
            raise ConfigError("setup needs first (0|1), total (< target), secrets ([1..9, 1..9])",
                              rule="toy/setup")

    def initial_state(self, config) -> dict:
        return {"total": 0, "target": config.options.get("target", 10), "turn": None,
                "secrets": [None, None], "winner": None}

    def setup(self, state, config, rng) -> list:
        if config.position is not None:
            return [Event("PositionSet", dict(config.position), rule="toy/setup")]
        return [Event("FirstPlayerChosen", {"seat": rng.below(2)}, rule="toy/setup"),
                *(Event("CardDealt", {"seat": s, "card": rng.die(9)}, rule="toy/setup") for s in (0, 1))]

    def decide(self, state, seat, action, rng) -> list:
        if state["winner"] is not None:
            raise IllegalAction("toy/end", "the game is over")
        if seat != state["turn"]:
            raise IllegalAction("toy/turn", f"seat {state['turn']} is to act")
        if action.get("type") != "add" or set(action) != {"type", "n"}:
            raise IllegalAction("toy/actions", 'actions look like {"type": "add", "n": 1}')
        if action["n"] not in (1, 2, 3) or isinstance(action["n"], bool):
            raise IllegalAction("toy/1", "you may add 1, 2 or 3")
        em = Emitter(self, state)
        total = state["total"] + action["n"]
        added = em.emit("Added", {"n": action["n"], "total": total}, "toy/1", seat=seat)
        if total >= state["target"]:
            em.emit("GameWon", {"winner": seat}, "toy/2", cause=added)
        else:
            em.emit("CardDealt", {"seat": seat, "card": rng.die(9)}, "toy/3", cause=added)
            em.emit("TurnPassed", {"seat": 1 - seat}, "toy/4", cause=added)
        return em.events

    def evolve(self, state, event) -> dict:
        d = event.data
        if event.type == "PositionSet":
            state.update(total=d["total"], turn=d["first"], secrets=list(d["secrets"]))
        elif event.type in ("FirstPlayerChosen", "TurnPassed"):
            state["turn"] = d["seat"]
        elif event.type == "CardDealt":
            state["secrets"][d["seat"]] = d["card"]
        elif event.type == "Added":
            state["total"] = d["total"]
        elif event.type == "GameWon":
            state.update(winner=d["winner"], turn=None)
        return state

    def legal_actions(self, state, seat) -> list:
        if state["winner"] is not None or seat != state["turn"]:
            return []
        return [{"type": "add", "n": n} for n in (1, 2, 3)]

    def to_act(self, state) -> list:
        return [] if state["turn"] is None else [state["turn"]]

    def view(self, state, seat) -> dict:
        return {"total": state["total"], "target": state["target"], "turn": state["turn"],
                "winner": state["winner"],
                "players": [{"secret": c if s == seat else None} for s, c in enumerate(state["secrets"])]}

    def redact(self, event, seat):
        d = event.data
        if event.type == "CardDealt" and d["seat"] != seat:
            return event.with_data({"seat": d["seat"], "card": None})
        if event.type == "PositionSet":
            return event.with_data({**d, "secrets": [c if s == seat else None
                                                     for s, c in enumerate(d["secrets"])]})
        return event

    def outcome(self, state):
        return None if state["winner"] is None else {"winner": state["winner"]}

    def determinize(self, state, seat, rng):
        """The other seat's card re-dealt (it is the only thing ``seat`` cannot see)."""
        secrets = [c if s == seat or c is None else rng.die(9) for s, c in enumerate(state["secrets"])]
        return {**state, "secrets": secrets}


GAME = ToyGame()
