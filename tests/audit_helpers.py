"""Helpers for the audit tests: Overlord matches at a known point, hidden cards, raw route reads."""
import json

from tests.helpers import ApiMatch, bearer


def auditor(m: ApiMatch) -> dict:
    return bearer(m.created["auditor_token"])


def overlord_after_setup(client, **extra) -> ApiMatch:
    """An Overlord match where both seats have chosen their territories and magic."""
    m = ApiMatch(client, game="threebythree", variant="overlord", options={"first": 0}, **extra)
    for seat in (0, 1):
        legal = m.legal(seat)
        r = m.post(seat, legal["actions"][0], legal["version"])
        assert r.status_code == 200, r.get_json()
    return m


def hidden_cards(m: ApiMatch, seat: int) -> set:
    """The cards only ``seat`` may see now: its hand, territories and face-down magic."""
    me = m.info(seat)["view"]["players"][seat]
    return set(me["hand"]) | set(me["territories"]) | {x["card"] for x in me["magic"] if x["state"] == "down"}


def mentions(text: str, cards: set) -> set:
    return {c for c in cards if f'"{c}"' in text}


def export_lines(client, m: ApiMatch, headers) -> list:
    r = client.get(f"/matches/{m.id}/export", headers=headers)
    assert r.status_code == 200 and r.mimetype == "application/x-ndjson"
    return [json.loads(line) for line in r.get_data(as_text=True).splitlines()]
