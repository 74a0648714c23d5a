"""Which matches may be rated, checked when one is created or a seat of one is claimed: every seat
held by a signed-in player or a bot, so every end names who played (service.application.ratings.ends
has the rules of what counts)."""
from service.application.errors import Invalid
from service.i18n import _

RULE = "kifu/ratings"


def check_rated(body: dict, bound: dict) -> None:
    """A rated match is public (its result goes on the ladder), starts from the game's setup, and each
    seat is a bot, the creating player's own (``"player": true``, bound now), or left for a signed-in
    player to claim (``join`` ``invite`` or ``open``; the claim binds it): else 422 naming the seat."""
    if body.get("private"):
        raise Invalid("not_rateable", _("rated: a rated match is public (its result goes on the ladder); it cannot be "
                                        "private"), rule=RULE)
    if body.get("setup") is not None:
        raise Invalid("not_rateable", _("rated: an analysis match (setup) cannot be rated"), rule=RULE)
    for s, seat in enumerate(body["seats"]):
        if seat.get("bot") or f"player:{s}" in bound or (seat.get("join") or "token") in ("invite", "open"):
            continue
        raise Invalid("not_rateable", _("seats.%(s)s: a rated match's seat is a bot, the creating player's own "
                                        '("player": true, with the player\'s key) or left for a signed-in player to '
                                        'claim (join "invite" or "open")', s=s), rule=RULE)


def check_claim(meta, player_id: str | None) -> None:
    """A seat of a rated match is claimed by a signed-in player (``{"player": true}``), who is bound to it."""
    if meta.get("rated") and player_id is None:
        raise Invalid("not_rateable", _('player: a seat of a rated match is claimed by a signed-in player ({"player": '
                                        "true}, with the player's key as the bearer)"), rule=RULE)
