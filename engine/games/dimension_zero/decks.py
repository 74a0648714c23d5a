"""Preset decks (designed by kifu; marked so in describe()): two 40-card decks per variant and two
25-card singleton decks for touhou-instant. Dealt when options.decks is omitted.

Each keeps to the one or two colours its name gives (001 デッキの作り方のヒント ①「デッキは1色か2色で
組もう！」); since card set kifu.2 (issue 20), balanced by bench/balance.py (bench/BALANCE.md). The
kifu.1 presets are frozen in previous.py for the matches dealt from them."""
from collections import Counter

from engine.core import ConfigError
from engine.games.dimension_zero.cards import CARDS, SETS
from engine.games.dimension_zero.rulebook import rule


def _expand(spec):
    return [k for k, n in spec for _ in range(n)]


PRESETS = {
    "first-century": {
        # White/green: cheap blockers early, big bodies (ロボ, 大角獣, 巨象, 光の勇者) and battle pumps to win fights.
        "白緑の守護 (W/G)": _expand([("dz-white-squire", 3), ("dz-makiri", 3), ("dz-pegasus", 3), ("dz-green-ranger", 3),
                                  ("dz-white-paladin", 3), ("dz-bf-angel", 3), ("dz-green-horn", 3), ("dz-lobo", 3),
                                  ("dz-hero-makiri", 2), ("dz-green-mammoth", 2), ("dz-white-rampart", 3),
                                  ("dz-diamond-soul", 3), ("dz-green-growth", 3), ("dz-green-roar", 3)]),
        # Black/blue: disruption (スパイク・ガールズ), removal (崩壊, 呪詛, 逆潮), card draw (啓示) and a few finishers.
        "黒青の策謀 (K/U)": _expand([("dz-black-ghost", 3), ("dz-blue-sentinel", 1), ("dz-black-assassin", 3),
                                  ("dz-ripple-witch", 3), ("dz-blue-scout", 3), ("dz-spike-girls", 3),
                                  ("dz-singlemalt", 3), ("dz-blue-diver", 3), ("dz-black-reaper", 3),
                                  ("dz-blue-colossus", 3), ("dz-black-curse", 3), ("dz-black-decay", 3),
                                  ("dz-blue-insight", 3), ("dz-blue-tide", 3)]),
    },
    "touhou": {
        # Red/white: the Scarlet Devil Mansion's beaters and the shrine maiden's answers in battle.
        "紅魔と博麗 (R/W)": _expand([("th-reimu", 2), ("th-sakuya", 3), ("th-remilia", 2), ("th-flandre", 3),
                                 ("th-meiling", 3), ("th-mokou", 3), ("th-keine", 3), ("th-tewi", 3),
                                 ("th-eirin", 1), ("th-scarlet-shoot", 3), ("th-ushi-no-koku", 2),
                                 ("th-misdirection", 3), ("th-fantasy-seal", 3), ("th-perfect-maid", 3),
                                 ("th-sdm", 3)]),
        # Green/black: 冥界 (幽々子, 妖夢, プリズムリバー: removal on bodies) and 迷い家 (橙, 藍, 紫: formation and bases).
        "冥界と迷い家 (G/K)": _expand([("th-youmu", 3), ("th-yuyuko", 2), ("th-prismriver", 3), ("th-chen", 3),
                                  ("th-ran", 3), ("th-yukari", 2), ("th-koakuma", 3), ("th-rumia", 3),
                                  ("th-wriggle", 3), ("th-aya", 3), ("th-mystia", 3), ("th-hakugyokurou", 2),
                                  ("th-mayoiga", 2), ("th-lingering-cold", 3), ("th-ghostly-dream", 2)]),
    },
    "touhou-instant": {
        "インスタント 紅 (R/W)": ["th-fairy-maid", "th-tewi", "th-genjii", "th-meiling", "th-mokou", "th-keine",
                               "th-flandre", "th-kasen", "th-sakuya", "th-reimu", "th-remilia", "th-suika",
                               "th-eirin", "th-kaguya", "th-scarlet-shoot", "th-ushi-no-koku", "th-misdirection",
                               "th-fantasy-seal", "th-perfect-maid", "th-gungnir", "th-laevatein", "th-hobgoblin",
                               "th-moon-rabbit", "th-sdm", "th-eientei"],
        "インスタント 冥 (G/K)": ["th-lily", "th-wriggle", "th-ghost", "th-koakuma", "th-chen", "th-kogasa",
                               "th-rumia", "th-aya", "th-momiji", "th-mystia", "th-prismriver", "th-reisen",
                               "th-ran", "th-youmu", "th-komachi", "th-yuyuko", "th-eiki", "th-yuuka", "th-yukari",
                               "th-lingering-cold", "th-ghostly-dream", "th-shikigami", "th-border",
                               "th-hakugyokurou", "th-mayoiga"],
    },
}


# 10-card sideboards for best-of-3 matches (001 ch.2 §6), in the order of PRESETS (designed): the cards
# of the set no preset deck plays wait here (a splash of a third colour is a sideboard plan).
SIDEBOARDS = {
    "first-century": [_expand([("dz-plasma-rifle", 3), ("dz-red-striker", 3), ("dz-red-lancer", 3), ("dz-gelbockle", 1)]),
                      _expand([("dz-mao-berman", 3), ("dz-blue-sentinel", 2), ("dz-gelbockle", 2),
                               ("dz-plasma-rifle", 3)])],
    "touhou": [_expand([("th-reimu", 1), ("th-remilia", 1), ("th-eirin", 2), ("th-kaguya", 3), ("th-eientei", 3)]),
               _expand([("th-marisa", 2), ("th-master-spark", 3), ("th-patchouli", 2), ("th-cirno", 3)])],
    "touhou-instant": [["th-marisa", "th-patchouli", "th-master-spark", "th-grimoire", "th-daiyousei", "th-cirno",
                        "th-cirno-ice", "th-icicle-fall", "th-luna-clock", "th-fuumajin"],
                       ["th-marisa", "th-patchouli", "th-master-spark", "th-grimoire", "th-daiyousei", "th-cirno",
                        "th-cirno-ice", "th-icicle-fall", "th-sakuya", "th-tewi"]],
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
