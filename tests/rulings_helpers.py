"""Matches with house rules (POST /matches `rulings`) for the API tests of rulings: one variant per
game that has selectable rulings, and the positions whose next move a ruling decides."""
from tests.dimension_zero.table import player
from tests.helpers import ApiMatch
from tests.threebythree.table import position as threebythree

VARIANT = {"threebythree": ("wizard", 2), "dimension-zero": ("touhou", 2), "dokusenroku": ("constructed", 2)}


def create(client, game, rulings=None, setup=None, seats=None, **extra):
    """POST /matches of ``game`` (its VARIANT, seats p0, p1...), with ``rulings`` and ``setup`` when given."""
    variant, n = VARIANT[game]
    body = {"game": game, "variant": variant, "seats": [{"name": f"p{i}"} for i in range(seats or n)], **extra}
    if rulings is not None:
        body["rulings"] = rulings
    if setup is not None:
        body["setup"] = setup
    return client.post("/matches", json=body)


def made(client, game, rulings=None, **kw) -> ApiMatch:
    r = create(client, game, rulings, **kw)
    assert r.status_code == 201, r.get_json()
    return ApiMatch.held(client, r.get_json()["match_id"], [s["token"] for s in r.get_json()["seats"]])


def yukari() -> dict:
    """八雲 紫 (●盟約 <「八雲 藍」+「橙」>) and 藍 in the hand, 橙 in the graveyard and twice in the energy zone."""
    return {"first": 0, "units": [], "bases": [],
            "players": [player(variant="touhou", hand=["th-yukari", "th-ran"], grave=["th-chen"],
                               energy=["th-chen", "th-chen"]), player(variant="touhou")]}
