"""The rules of card sets ``dz-fc1.0+th+kifu.1`` and ``kifu.2``, kept for the matches pinned to them
(engine/audit/rulesets.py, README "Rules versions").

kifu.3 changed only where 盟約 puts its card (README "Rulings", pact-full-area): a square of your area
without your unit, and nothing when there is none; kifu.1 and kifu.2 offered every square of the area
(rule effect 5 then destroyed the card placed on your own unit): ``pact_onto_own_units``.
kifu.2 changed only what is dealt when options.decks / options.sideboards are omitted (the preset decks,
now of one or two colours: decks.py) and added designed cards. Every card of kifu.1 reads as it did, so
kifu.1's decider is the current code dealing kifu.1's presets: these tables, frozen as they were.
"""
from dataclasses import replace

from engine.games.dimension_zero import DimensionZero, setup as setup_rules
from engine.games.dimension_zero.decks import _expand
from engine.games.dimension_zero.state import initial_state

CARDSET_VERSION = "dz-fc1.0+th+kifu.1"

PRESETS = {
    "first-century": {
        "白緑の守護 (W/G)": _expand([("dz-makiri", 3), ("dz-singlemalt", 0), ("dz-pegasus", 3), ("dz-bf-angel", 3),
                                  ("dz-hero-makiri", 2), ("dz-green-horn", 3), ("dz-lobo", 3), ("dz-diamond-soul", 3),
                                  ("dz-green-growth", 3), ("dz-white-rampart", 2), ("dz-gelbockle", 3),
                                  ("dz-mao-berman", 3), ("dz-red-striker", 3), ("dz-red-lancer", 3),
                                  ("dz-plasma-rifle", 3)]),
        "黒青の策謀 (K/U)": _expand([("dz-spike-girls", 3), ("dz-singlemalt", 3), ("dz-ripple-witch", 3),
                                  ("dz-black-ghost", 3), ("dz-blue-scout", 3), ("dz-mao-berman", 3),
                                  ("dz-black-curse", 3), ("dz-blue-insight", 3), ("dz-plasma-rifle", 3),
                                  ("dz-red-striker", 3), ("dz-red-lancer", 3), ("dz-bf-angel", 3),
                                  ("dz-diamond-soul", 2), ("dz-pegasus", 2)]),
    },
    "touhou": {
        "紅魔と博麗 (R/W)": _expand([("th-reimu", 2), ("th-sakuya", 3), ("th-remilia", 2), ("th-flandre", 3),
                                 ("th-meiling", 3), ("th-mokou", 3), ("th-keine", 3), ("th-tewi", 3),
                                 ("th-eirin", 1), ("th-scarlet-shoot", 3), ("th-ushi-no-koku", 2),
                                 ("th-misdirection", 3), ("th-fantasy-seal", 3), ("th-perfect-maid", 3),
                                 ("th-sdm", 3)]),
        "冥界と迷い家 (G/K/U)": _expand([("th-youmu", 3), ("th-yuyuko", 2), ("th-prismriver", 3), ("th-chen", 3),
                                   ("th-ran", 3), ("th-yukari", 2), ("th-cirno", 3), ("th-cirno-ice", 2),
                                   ("th-koakuma", 3), ("th-rumia", 3), ("th-wriggle", 3), ("th-hakugyokurou", 2),
                                   ("th-mayoiga", 2), ("th-lingering-cold", 3), ("th-icicle-fall", 3)]),
    },
    "touhou-instant": {
        "インスタント 紅 (R/W/U)": ["th-reimu", "th-sakuya", "th-remilia", "th-flandre", "th-meiling", "th-mokou",
                               "th-keine", "th-tewi", "th-eirin", "th-kaguya", "th-scarlet-shoot", "th-ushi-no-koku",
                               "th-misdirection", "th-fantasy-seal", "th-perfect-maid", "th-sdm", "th-eientei",
                               "th-marisa", "th-patchouli", "th-master-spark", "th-grimoire", "th-daiyousei",
                               "th-cirno", "th-reisen", "th-aya"],
        "インスタント 冥 (G/K/U)": ["th-youmu", "th-yuyuko", "th-prismriver", "th-chen", "th-ran", "th-yukari",
                               "th-cirno", "th-cirno-ice", "th-koakuma", "th-rumia", "th-wriggle",
                               "th-hakugyokurou", "th-mayoiga", "th-lingering-cold", "th-icicle-fall",
                               "th-mystia", "th-reisen", "th-aya", "th-daiyousei", "th-marisa", "th-patchouli",
                               "th-grimoire", "th-master-spark", "th-eientei", "th-tewi"],
    },
}


# 10-card sideboards for best-of-3 matches (001 ch.2 §6), in the order of PRESETS (designed).
SIDEBOARDS = {
    "first-century": [_expand([("dz-singlemalt", 3), ("dz-black-curse", 3), ("dz-hero-makiri", 1), ("dz-white-rampart", 1),
                               ("dz-blue-insight", 2)]),
                      _expand([("dz-lobo", 3), ("dz-green-horn", 3), ("dz-white-rampart", 2), ("dz-pegasus", 1),
                               ("dz-diamond-soul", 1)])],
    "touhou": [_expand([("th-lingering-cold", 3), ("th-hakugyokurou", 3), ("th-reimu", 1), ("th-master-spark", 3)]),
               _expand([("th-misdirection", 3), ("th-scarlet-shoot", 3), ("th-marisa", 2), ("th-mayoiga", 1),
                        ("th-yuyuko", 1)])],
    "touhou-instant": [["th-lingering-cold", "th-hakugyokurou", "th-chen", "th-mayoiga", "th-youmu", "th-yuyuko",
                        "th-prismriver", "th-icicle-fall", "th-koakuma", "th-rumia"],
                       ["th-scarlet-shoot", "th-ushi-no-koku", "th-sakuya", "th-reimu", "th-misdirection",
                        "th-meiling", "th-remilia", "th-flandre", "th-keine", "th-mokou"]],
}


class DimensionZeroKifu2(DimensionZero):
    facts = replace(DimensionZero.facts, cardset_version="dz-fc1.0+th+kifu.2")
    pact_onto_own_units = True


class DimensionZeroKifu1(DimensionZeroKifu2):
    facts = replace(DimensionZero.facts, cardset_version=CARDSET_VERSION)

    def validate(self, config) -> None:
        self.check_seats(config)
        setup_rules.validate_options(config.variant, config.options, PRESETS)
        if config.position is not None:
            setup_rules.validate_position(config.variant, config.position)

    def initial_state(self, config) -> dict:
        return initial_state(config.variant, setup_rules.initial_series(config.variant, config.options,
                                                                        PRESETS, SIDEBOARDS))

    def setup(self, state, config, rng):
        return setup_rules.setup(self, state, config, rng, PRESETS)


GAME = DimensionZeroKifu1()
KIFU2 = DimensionZeroKifu2()
GAMES = [GAME, KIFU2]
