"""The rules of card set ``dokusenroku-seed002+kifu.1``, kept for the matches pinned to it
(engine/audit/rulesets.py, README "Rules versions").

kifu.2 changed only the end (README.md "The end of the game"): its setup names the match's end rule
(options.end, default deck-out) in ``TurnOrderSet`` / ``PositionSet``. kifu.1's setup named none, and a
state folded without one reads the end as kifu.1 did (a draw from the empty deck ends the game:
flow.EMPTY_DRAW), so the kifu.1 decider is the current code with the setup that names no end rule and
without the option. No frozen copy of the package is needed.
"""
from dataclasses import replace

from engine.core import ConfigError
from engine.games.dokusenroku import Dokusenroku, setup as setup_rules

CARDSET_VERSION = "dokusenroku-seed002+kifu.1"


class DokusenrokuKifu1(Dokusenroku):
    facts = replace(Dokusenroku.facts, cardset_version=CARDSET_VERSION)

    def validate(self, config) -> None:
        if "end" in config.options:
            raise ConfigError(f"options.end came with a later card set than {CARDSET_VERSION}")
        super().validate(config)

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng, pin_end=False)


GAME = DokusenrokuKifu1()
