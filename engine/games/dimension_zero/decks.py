"""Preset decks (designed by kifu; marked so in describe()): two 40-card decks per variant and two
25-card singleton decks for touhou-instant. Dealt when options.decks is omitted."""
from collections import Counter

from engine.core import ConfigError
from engine.games.dimension_zero.cards import CARDS, SETS
from engine.games.dimension_zero.rulebook import rule


def _expand(spec):
    return [k for k, n in spec for _ in range(n)]


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


def check_deck(variant, deck, what="deck"):
    """001 ch.2 §1 / 000 デッキについて・インスタント対戦 (names counted in full: 000 カード名について)."""
    if not isinstance(deck, list) or not all(isinstance(k, str) for k in deck):
        raise ConfigError(f"{what} must be a list of card keys", rule("deck"))
    unknown = sorted({k for k in deck if k not in CARDS or CARDS[k]["set"] != SETS[variant]})
    if unknown:
        raise ConfigError(f"{what}: {unknown} are not cards of {variant}", rule("deck"))
    size, most = (25, 1) if variant == "touhou-instant" else (40, 3)
    rule_id = "deck.instant" if variant == "touhou-instant" else "deck"
    if len(deck) != size:
        raise ConfigError(f"{what} has {len(deck)} cards; {variant} decks have exactly {size}", rule(rule_id))
    counts = Counter(CARDS[k]["name"] for k in deck)
    over = sorted(n for n, c in counts.items() if c > most)
    if over:
        raise ConfigError(f"{what}: more than {most} of {over}", rule(rule_id))


for _variant, _decks in PRESETS.items():
    for _name, _deck in _decks.items():
        check_deck(_variant, _deck, f"preset {_name}")
