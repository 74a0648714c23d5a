"""The rule levels of seed 003 and what each one switches on.

初級 (Overlord), 中級 (Apprentice), 上級 (Wizard) and the Seven Mage variation of 上級
(◇ルール・バリエーション ・セブンメイジ戦).
"""
from dataclasses import dataclass

from engine.core.i18n import N_

BASIC_TRAITS = frozenset({"透過", "透化", "ブロック不可", "双壁", "強化不可"})     # 初級/中級 ○ユニットの特性
ALL_TRAITS = BASIC_TRAITS | {"豊穡", "膨張", "占有", "不死", "速攻", "宝掘", "交代"}  # 上級: every trait


@dataclass(frozen=True)
class Level:
    id: str
    title: str
    traits: frozenset
    magic_each_once: bool      # 中級 magic rule: each magic once per turn (初級: one magic per turn)
    grand_magic: bool          # 大魔術 allowed
    mentor: bool               # 中級 師匠
    start_territories: int
    mulligans: int             # 0 = no mulligan
    chosen_magic: int          # magic kept after the deal


LEVELS = {
    "overlord": Level("overlord", N_("初級ルール (オーバーロード戦) / Overlord"), BASIC_TRAITS, False, False, False, 3, 0, 1),
    "apprentice": Level("apprentice", N_("中級ルール (アプレンティス戦) / Apprentice"), BASIC_TRAITS, True, False, True, 0, 3, 3),
    "wizard": Level("wizard", N_("上級ルール (ウィザード戦) / Wizard"), ALL_TRAITS, True, True, False, 0, 3, 3),
    "seven-mage": Level("seven-mage", N_("セブンメイジ戦 / Seven Mage"), ALL_TRAITS, True, True, False, 0, 0, 3),
}
