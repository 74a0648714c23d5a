"""Built-in games; importing this package registers each of them."""
from engine.core.registry import register
from engine.games.dimension_zero import GAME as DIMENSION_ZERO
from engine.games.dokusenroku import GAME as DOKUSENROKU
from engine.games.shisoroku import GAME as SHISOROKU
from engine.games.threebythree import GAME as THREEBYTHREE

register(DIMENSION_ZERO)
register(THREEBYTHREE)
register(DOKUSENROKU)
register(SHISOROKU)

# Earlier rules versions still served for the matches pinned to them (engine/audit/rulesets.py).
from engine.audit.rulesets import keep  # noqa: E402
from engine.core import ENGINE_VERSION  # noqa: E402
from engine.games.dokusenroku.previous import GAME as DOKUSENROKU_KIFU1  # noqa: E402

keep(DOKUSENROKU_KIFU1, ENGINE_VERSION, DOKUSENROKU_KIFU1.cardset_version)
from engine.games.dimension_zero.previous import GAME as DIMENSION_ZERO_KIFU1  # noqa: E402

keep(DIMENSION_ZERO_KIFU1, ENGINE_VERSION, DIMENSION_ZERO_KIFU1.cardset_version)
