"""Every registered game declares its facts (``facts``, engine/core/game.py ``Facts``) completely and
truly: its id is the one it is registered under, each variant's seat counts are the ones ``validate``
takes, its capabilities are exactly the hooks it has, every bot it offers plays, and a hook it does
not declare is never called — by the bots (each of them), the compact path, simulations' card
reader or the narrated log."""
from dataclasses import replace

import pytest

from engine.bots import BOTS, check_config, choose
from engine.core import (CAPABILITIES, ConfigError, Facts, GameBase, MatchConfig, Reader, Rng, Variant, advance,
                         can, clone, create_events, fold, get_game, narrate, play, step)
from engine.simulation.arena import card_reader

from tests.conformance.games import by_game, positions
from tests.toygame import ToyGame

MOVES = 40                 # moves of the guarded game below
SAMPLES = 6                # positions each game bot is asked to move in


@pytest.mark.parametrize("game", by_game())
def test_the_facts_are_complete(game):
    facts = game.facts
    assert isinstance(facts, Facts) and get_game(facts.id) is game
    assert (game.id, game.title, game.cardset_version, game.seed_section, game.variants, game.action_fields) == \
        (facts.id, facts.title, facts.cardset_version, facts.seed_section, facts.variants, facts.action_fields)
    for text in (facts.id, facts.title, facts.seed_section, facts.cardset_version):
        assert isinstance(text, str) and text.strip(), f"{game.id}: an empty fact in {facts}"
    assert facts.variants and all(isinstance(v, Variant) for v in facts.variants.values())
    assert facts.action_fields and all(isinstance(f, frozenset) and "type" in f for f in facts.action_fields.values())
    assert set(facts.capabilities) <= CAPABILITIES
    assert not set(facts.bots) & set(BOTS), f"{game.id}: a bot of its own takes a generic bot's name"


@pytest.mark.parametrize("game", by_game())
def test_each_variant_takes_exactly_its_declared_seat_counts(game):
    for v in game.variants.values():
        for n in range(max(1, v.min_seats - 1), v.max_seats + 2):
            config = MatchConfig(game.id, v.id, [f"p{s}" for s in range(n)])
            if v.min_seats <= n <= v.max_seats:
                game.validate(config)
            else:
                with pytest.raises(ConfigError):
                    game.validate(config)


@pytest.mark.parametrize("game", by_game())
def test_declared_capabilities_are_exactly_the_hooks_the_game_has(game):
    for name in CAPABILITIES:
        has = callable(getattr(game, name, None))
        assert can(game, name) == has, f"{game.id}: {name} {'is' if has else 'is not'} there but " \
                                       f"{'not ' if has else ''}declared"


@pytest.mark.parametrize("game", by_game(lambda g: g.facts.bots))
def test_every_bot_a_game_offers_moves_legally(game):
    variant = next(iter(game.variants.values()))
    found = positions(game, variant.id, variant.min_seats)
    for name in game.facts.bots:
        config = check_config(game, {"bot": name})
        assert config["bot"] == name
        for i, p in enumerate(found[::max(1, len(found) // SAMPLES)][:SAMPLES]):
            seat = min(p.to_act)
            action = choose(game, p.state, seat, config, Rng(b"own-bot-%d" % i))
            play(game, clone(p.state), seat, action, b"own-bot")      # an IllegalAction fails the test


class Guarded:
    """``game`` with every optional hook it does not declare answering with a test failure; the
    hooks it does declare are passed through, and ``used`` notes those looked up."""

    def __init__(self, game):
        self._game, self.used = game, set()

    def __getattr__(self, name):
        if name in CAPABILITIES:
            if not can(self._game, name):
                return lambda *args, **kwargs: pytest.fail(f"{self._game.id}: {name} called but not declared")
            self.used.add(name)
        return getattr(self._game, name)


def lineup(game) -> list:
    """A config of every bot that can hold a seat of ``game`` (ismcts kept small)."""
    configs = []
    for name in sorted(BOTS) + sorted(game.facts.bots):
        try:
            config = check_config(game, {"bot": name})
        except ConfigError:
            continue
        configs.append({**config, "budget": {"iterations": 8}} if name == "ismcts" else config)
    return configs


@pytest.mark.parametrize("game", by_game())
def test_a_hook_the_game_does_not_declare_is_never_called(game):
    guarded = Guarded(game)
    variant = next(iter(game.variants.values()))
    names = [f"p{s}" for s in range(variant.min_seats)]
    events = create_events(guarded, MatchConfig(game.id, variant.id, names), b"guarded")
    state = fold(guarded, events)
    bots, cards = lineup(guarded), card_reader(guarded)
    assert ("ismcts" in [b["bot"] for b in bots]) == can(game, "determinize")
    for i in range(MOVES):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        action = choose(guarded, state, seat, bots[i % len(bots)], Rng(b"guarded-%d" % i))
        if cards is not None:
            cards(state, action)
        rng = Rng.for_version(b"guarded", state["version"])
        after, new = step(guarded, clone(state), seat, action, rng)
        assert advance(guarded, state, seat, action, Rng.for_version(b"guarded", state["version"])) == after
        events += new
        state = after
    for event in events:
        seen = game.redact(event, None)
        if seen is not None:
            narrate(guarded, seen, Reader(None, names))
    declared = set(game.facts.capabilities) - {"secrets", "cards_named", "passing", "situation"}  # not in every run
    assert declared <= guarded.used, f"{game.id}: the run never used {sorted(declared - guarded.used)}"


def test_a_fact_is_declared_once_in_facts():
    with pytest.raises(TypeError, match="capabilities beside its facts"):
        type("Probing", (GameBase,), {"facts": ToyGame.facts, "capabilities": frozenset()})
    with pytest.raises(ValueError, match="no such capability"):
        replace(ToyGame.facts, capabilities=frozenset({"determinise"}))
    with pytest.raises(ValueError, match="unordered"):
        replace(ToyGame.facts, unordered={"add": ("cards",)})
    with pytest.raises(ValueError, match="min_seats"):
        replace(ToyGame.facts, variants={"standard": Variant("standard", "Standard", 3, 2)})
    with pytest.raises(ValueError, match="no such capability"):
        can(ToyGame(), "determinise")
    with pytest.raises(TypeError):
        ToyGame.facts.variants["more"] = Variant("more", "More", 2, 2)      # frozen all through


def test_a_bot_a_game_offers_is_not_offered_by_another():
    assert "big-money" in get_game("shisoroku").facts.bots
    with pytest.raises(ConfigError, match="unknown bot 'big-money'"):
        check_config(get_game("threebythree"), {"bot": "big-money"})
