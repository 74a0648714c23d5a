"""Small phrases shared by the log, the choice protocol and the card text, in the caller's language
(engine/core/i18n.py; Japanese in locale/ja, with the rulebooks' words: glossary.json): lists of names
the colours of energy (000 カードのコスト: 有色エネルギー, 無色エネルギー), and the squares by the rulebook's
names (000 プレイシートの見方 l.127-135; 001 ch.1 §4): 自軍 / 中央 / 敵軍エリア and 左 / 中央 / 右ライン, each
"自分から見て", so named from one seat's side."""
from engine.core.i18n import Catalog, N_
from engine.games.dimension_zero.state import area

_, ngettext = Catalog.of("dimension_zero").functions()

COLOURS = {"W": N_("white"), "U": N_("blue"), "R": N_("red"), "G": N_("green"), "K": N_("black"),
           "X": N_("any colour")}


# 000 l.129-130: 「自分から見て手前、中央、奥のエリアをそれぞれ自軍エリア、中央エリア、敵軍エリア」
AREAS = {"own": N_("own area"), "centre": N_("centre area"), "enemy": N_("enemy area")}
# 000 l.134-135: 「自分から見て左、中央、右のラインをそれぞれ左ライン、中央ライン、右ライン」
LINES = (N_("left line"), N_("centre line"), N_("right line"))


def line_name(line, seat) -> str:
    """A line (a column, 0-2: seat 0's left first; the base squares' lines too) as ``seat`` names it:
    seat 1 faces seat 0, so its left line is seat 0's right one. A seat of None: seat 0's side."""
    if not isinstance(line, int) or not 0 <= line <= 2:
        return str(line)
    return _(LINES[2 - line if seat == 1 else line])


def square_name(square, seat) -> str:
    """A square of the battle space (row*3 + column, row 0 seat 0's own area) as ``seat`` names it:
    「中央エリアの左ライン」, "the centre area, left line"."""
    if not isinstance(square, int) or not 0 <= square <= 8:
        return str(square)
    seat = 1 if seat == 1 else 0
    return _("the %(area)s, %(line)s", area=_(AREAS[area(seat, square)]), line=line_name(square % 3, seat))


def base_name(line, seat) -> str:
    """One of ``seat``'s base squares by its line: 「左ラインのベーススクエア」."""
    return _("the base square of the %(line)s", line=line_name(line, seat))


def colour(key: str) -> str:
    return _(COLOURS[key]) if key in COLOURS else key


def joined(items) -> str:
    """"A, B, C" ("A、B、C")."""
    items = [str(i) for i in items]
    head = items[0] if items else ""
    for item in items[1:]:
        head = _("%(first)s, %(next)s", first=head, next=item)
    return head


def listing(items) -> str:
    """"A", "A and B", "A, B and C" ("AとB", "A、BとC")."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s", items=joined(items[:-1]), last=items[-1])
