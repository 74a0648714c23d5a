"""What schemathesis (tests/test_schemathesis.py) found where the answers and openapi.yaml
disagreed, each kept here as a plain regression test."""
from pathlib import Path

import pytest
import yaml

from tests.helpers import ApiMatch

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
