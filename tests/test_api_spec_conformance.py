"""What schemathesis (tests/test_schemathesis.py) found where the answers and openapi.yaml
disagreed, each kept here as a plain regression test."""
from pathlib import Path

import pytest
import yaml
from marshmallow import fields

from service.http import lobby_schemas, notify_schemas, player_schemas, rating_schemas, schemas, table_schemas
from tests.helpers import ApiMatch, api_key_headers

SPEC = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text("utf-8"))
SEATS = [{"name": "a"}, {"name": "b"}]


@pytest.mark.parametrize("field, value", [("audit_live", 0), ("audit_live", "true"), ("private", 1),
                                          ("private", "yes")])
def test_a_boolean_field_takes_only_true_or_false(client, field, value):
    """marshmallow's Boolean took 0, 1, "yes", "true"...; the spec says boolean."""
    r = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": SEATS, field: value})
    assert r.status_code == 400 and field in r.get_json()["error"]["message"], r.get_json()


def test_a_null_stand_in_is_the_default_one_as_the_spec_says(client):
    stand_in = SPEC["components"]["schemas"]["CreateMatch"]["properties"]["deadline"]["properties"]["stand_in"]
    assert stand_in["nullable"] is True
    r = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": SEATS,
                                      "deadline": {"minutes": 5, "on_timeout": "bot", "stand_in": None}})
    assert r.status_code == 201, r.get_json()


def test_a_last_event_id_that_is_not_a_version_is_ignored_as_the_spec_says(client):
    m = ApiMatch(client)
    header = next(p for p in SPEC["paths"]["/matches/{match_id}/stream"]["get"]["parameters"]
                  if p.get("name") == "Last-Event-ID")
    assert header["schema"]["type"] == "string"
    for value in ("abc", "-1", "{}"):
        r = client.get(f"/matches/{m.id}/stream?follow=false", headers={"Last-Event-ID": value})
        assert r.status_code == 200 and "id: 1\n" in r.get_data(as_text=True)


def test_every_stream_message_is_one_the_spec_names(client):
    m = ApiMatch(client)
    m.play_to_end()
    names = set(SPEC["components"]["schemas"]["StreamMessage"]["properties"]["event"]["enum"])
    text = client.get(f"/matches/{m.id}/stream").get_data(as_text=True)
    sent = {line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("event: ")}
    assert sent and sent <= names, sent


# Each JSON request body: the spec's schema and the marshmallow schema that loads it.
BODIES = {"CreateMatch": schemas.CreateMatchIn, "SimulationRequest": schemas.SimulationIn,
          "ExportRequest": schemas.ExportIn, "ActionRequest": schemas.ActionIn, "DisputeRequest": schemas.DisputeIn,
          "RulingRequest": schemas.RulingIn, "ForkRequest": schemas.ForkIn,
          "TableMoveRequest": table_schemas.TableMoveIn,
          "ChatRequest": table_schemas.ChatIn, "NewPlayer": player_schemas.NewPlayerIn,
          "SignIn": player_schemas.SignInIn, "HeldSeat": player_schemas.AdoptIn,
          "SubscriptionRequest": notify_schemas.SubscriptionIn, "ClaimSeat": lobby_schemas.ClaimSeatIn,
          "Claim": lobby_schemas.ClaimIn, "HeldSeats": lobby_schemas.MyMatchesIn,
          "RematchRequest": table_schemas.RematchIn, "LegalActionsRequest": schemas.LegalActionsIn,
          "SeatSettingsRequest": schemas.SeatSettingsIn, "PairingRequest": rating_schemas.PairingIn,
          "PlayerUpdate": player_schemas.PlayerUpdateIn}


def resolved(spec: dict) -> dict:
    """A spec schema with its ``$ref`` (or a lone ``allOf``) followed; ``nullable`` said beside it kept."""
    if "$ref" in spec:
        return {**resolved(SPEC["components"]["schemas"][spec["$ref"].rsplit("/", 1)[1]]),
                **({"nullable": spec["nullable"]} if "nullable" in spec else {})}
    if len(spec.get("allOf", ())) == 1:
        return {**resolved(spec["allOf"][0]), **{k: v for k, v in spec.items() if k != "allOf"}}
    return spec


def null_mismatches(schema, spec: dict, path: str):
    """Every field of ``schema`` (and of the schemas nested in it) that takes null where the spec's
    property does not say nullable, or the other way round."""
    spec = resolved(spec)
    for name, field in schema.fields.items():
        prop = spec.get("properties", {}).get(name)
        if prop is None:
            continue
        prop = resolved(prop)
        if bool(field.allow_none) != bool(prop.get("nullable")):
            yield (f"{path}.{name}: marshmallow allow_none={field.allow_none}, "
                   f"spec nullable={prop.get('nullable', False)}")
        inner = field.inner if isinstance(field, fields.List) else field
        if isinstance(inner, fields.Nested):
            yield from null_mismatches(inner.schema, prop.get("items", prop) if inner is not field else prop,
                                       f"{path}.{name}")


def test_every_request_body_field_takes_null_exactly_where_the_spec_says_nullable():
    """Issue 33: POST /exports took {"variant": null}, which the spec forbids (so did a seat's join
    and a subscription's events); the schemas and the spec now agree field by field."""
    assert set(BODIES) == {op["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
                           for ops in SPEC["paths"].values() for op in ops.values()
                           if isinstance(op, dict) and "requestBody" in op}
    found = [m for name, schema in BODIES.items()
             for m in null_mismatches(schema(), SPEC["components"]["schemas"][name], name)]
    assert not found, found


@pytest.mark.parametrize("body, field", [({"variant": None}, "variant"), ({"game": None}, "game"),
                                         ({"since": None}, "since")])
def test_an_export_filter_is_left_out_not_null(client, body, field):
    r = client.post("/exports", json=body, headers=api_key_headers(client.application))
    assert r.status_code == 400 and r.get_json()["error"]["message"].startswith(f"{field}:"), r.get_json()


def test_a_seat_s_join_and_a_subscription_s_events_are_left_out_not_null(client):
    seats = [{"name": "a"}, {"name": "b", "join": None}]
    r = client.post("/matches", json={"game": "toy", "variant": "standard", "seats": seats})
    assert r.status_code == 400 and "seats.1.join:" in r.get_json()["error"]["message"], r.get_json()
    m = ApiMatch(client)
    r = client.post(f"/matches/{m.id}/seats/0/notifications", headers=m.headers(0),
                    json={"kind": "webhook", "url": "https://example.org/hook", "events": None})
    assert r.status_code == 400 and r.get_json()["error"]["message"].startswith("events:"), r.get_json()
