"""The read side: what a seat (or a spectator, seat None) may see of a match."""
from engine.core import Game, controller, match_outcome, seats_to_act
from engine.core.table import table_view
from engine.core.choices import forward as forward_choices, listed, listing
from engine.core.seat_settings import in_force as settings_in_force
from service.application.turns.deadlines import due, read_waiting
from service.application.match.feed import digest
from service.application.match.house_rules import in_force
from service.application.match.loading import match_game, open_match, open_meta, redact
from service.application.match.narrated import Narrator
from service.application.match.pending import pending_text
from service.application.table.seats import display_name, is_unclaimed, join_mode, seat_names
from service.application.table.settings import of_seat


def match_view(store, match_id: str, seat: int | None, meta: dict | None = None) -> dict:
    m = open_match(store, match_id, meta=meta, shared=True)
    outcome = m.outcome()
    return {"match_id": match_id, "game": m.meta["game"], "variant": m.meta["variant"],
            "version": m.version, "seat": seat, "analysis": m.meta.get("analysis") == "1",
            "audit_live": m.meta.get("audit_live") == "1",
            "rulings": in_force(m.game, m.state["match"].get("rulings")),
            "to_act": m.to_act(), "outcome": outcome, "seats": seats(m.state, m.meta),
            "deadline": deadline(m), "table": table_view(m.state, over=outcome is not None),
            "view": m.game.view(m.state, seat),
            "since_your_last_action": digest(store, match_id, seat, m.meta),
            "settings": of_seat(m.state, seat),
            "pending_text": pending_text(m.game, m.state, m.to_act(), seat_names(m.meta, m.state), seat,
                                         outcome is not None)}


def seats(state: dict, meta: dict) -> list[dict]:
    out = []
    for s, name in enumerate(state["match"]["seats"]):
        held = controller(state, s)
        out.append({"seat": s, "name": name, "display_name": display_name(meta, s, state),
                    "controller": held["by"], "bot": held["bot"],
                    "stand_in": held["stand_in"], "unclaimed": is_unclaimed(meta, s), "join": join_mode(meta, s)})
    return out


def deadline(m) -> dict | None:
    """The match's per-move deadline: who waits on a move, since when, and when it falls due;
    ``due`` and ``seats`` also sum it up (the earliest due, the waiting seats)."""
    settings = m.state["match"].get("clock")
    if settings is None:
        return None
    waiting = [{"seat": int(s), "since": e["since"], "due": due(settings, e)}
               for s, e in sorted(read_waiting(m.meta).items(), key=lambda x: int(x[0]))]
    return {"minutes": settings["minutes"], "on_timeout": settings["on_timeout"],
            "due": min((w["due"] for w in waiting), default=None), "seats": [w["seat"] for w in waiting],
            "waiting": waiting}


def legal_actions(store, match_id: str, seat: int | None, meta: dict | None = None,
                  partial: dict | None = None, forward: bool = False) -> dict:
    """The seat's moves at this version: ``actions``, one complete action per move, and ``step``, the
    next step of the choice protocol after ``partial`` (engine/core/choices.py; ``{}`` when not
    given). Nothing for a spectator or a seat not to act; a partial action no move starts with is an
    IllegalAction. ``forward``: the steps that are no decision taken as the seat's settings say
    (``single`` auto: a step of one option; ``pay`` auto: the default payment), ``partial`` then the
    move so far and ``forwarded`` the partial moves passed through. The default payment's options are
    marked ``default`` only while the seat's ``pay`` is auto."""
    m = open_match(store, match_id, meta=meta, shared=True)
    return legal_at(m.game, m.state, seat, partial, forward)


def legal_at(game: Game, state: dict, seat: int | None, partial: dict | None = None,
             forward: bool = False) -> dict:
    """``legal_actions`` of a state already at hand (the action's answer: match/answering.py)."""
    waiting = seat is not None and match_outcome(game, state) is None and seat in seats_to_act(game, state)
    if not waiting:
        return {"version": state["version"], "actions": [], "partial": partial or {}, "step": None,
                **({"forwarded": []} if forward else {})}
    settings = settings_in_force(state, seat)
    taken = []
    with listing(state, seat):                  # the step and the list from one listing
        if forward:
            partial_now, step, taken = forward_choices(game, state, seat, partial or {},
                                                       single=settings["single"] == "auto",
                                                       pay=settings["pay"] == "auto")
        else:
            partial_now, step = partial or {}, game.choices(state, seat, partial or {})
        actions = listed(game.legal_actions, state, seat) if partial is None else []
    shown = step.to_dict()
    if settings["pay"] != "auto":
        for option in shown["options"]:
            option.pop("default", None)
    return {"version": state["version"], "actions": actions, "partial": partial_now, "step": shown,
            **({"forwarded": taken} if forward else {})}


def events_page(store, match_id: str, seat: int | None, after: int, limit: int,
                meta: dict | None = None) -> dict:
    """Up to ``limit`` stored events after version ``after``, redacted for the caller, each told as
    a sentence (``text``) with the move it belongs to (service/application/match/narrated.py).

    Events the caller may not see at all are left out, so a page can hold fewer than ``limit``
    items; ``next_after`` is where the next page starts either way.
    """
    meta = meta or open_meta(store, match_id)
    game = match_game(meta)
    records = store.read(match_id, after, count=limit)
    narrator, ended, items = Narrator(store, match_id, game, meta, seat), bool(meta.get("ended")), []
    for record in records:
        event = redact(game, record.event, seat)
        told = narrator.tell(record, None if event is None else record.item(event, ended))
        if told is not None:
            items.append(told)
    return {"match_id": match_id, "version": int(meta["version"]), "after": after,
            "next_after": records[-1].version if records else after, "events": items}


def state_at(store, match_id: str, seat: int | None, version: int | None,
             meta: dict | None = None) -> dict:
    m = open_match(store, match_id, version, meta)
    return {"match_id": match_id, "version": m.version, "seat": seat,
            "view": m.game.view(m.state, seat)}
