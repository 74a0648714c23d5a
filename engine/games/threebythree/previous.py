"""The rules of card set ``3x3wars-1.2+kifu.1``, kept for the matches pinned to it
(engine/audit/rulesets.py, docs/DECIDER.md "Rules versions").

kifu.2 opens an enhancement's counter window (2.3) for the enhancer's opponent whenever ★不許火 could
answer it by what the table can see, with or without hand cards (003 l.578-582: 大魔術には必要魔力が
存在しない; l.733-739: 相手のターン中にも発動が可能). kifu.1 opened it only for a seat holding as many
hand cards as the spell uses; everything else rules as before, so kifu.1's decider is the current code
with that one switch. No frozen copy of the package is needed.
"""
from dataclasses import replace

from engine.games.threebythree import ThreeByThree

CARDSET_VERSION = "3x3wars-1.2+kifu.1"


class ThreeByThreeKifu1(ThreeByThree):
    facts = replace(ThreeByThree.facts, cardset_version=CARDSET_VERSION)
    negation_needs_hand = True


GAME = ThreeByThreeKifu1()
