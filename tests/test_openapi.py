"""openapi.yaml and the Flask url_map must describe the same routes and methods (both ways)."""
import re
from pathlib import Path

import yaml

from service.http.lobby_schemas import ClaimedOut, MyMatchesOut, OpenSeatsOut
from service.http.schemas import (ActionAnswerOut, ActionOut, DisputeOut, DisputesOut, ErrorOut, EventOut, EventsPageOut,
                             ExplainOut, ForkCreatedOut, GameDescriptionOut, GamesOut, JobOut, LegalActionsOut,
                             MatchCreatedOut, MatchListOut, MatchOut, MatchSummaryOut, StateOut, VerifyOut)

SPEC = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text("utf-8"))
HTTP_METHODS = {"get", "post", "put", "patch", "delete"}


def flask_routes(app) -> set:
    routes = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        routes |= {(path, m.lower()) for m in rule.methods if m.lower() in HTTP_METHODS}
    return routes


def spec_routes() -> set:
    return {(path, m) for path, item in SPEC["paths"].items() for m in item if m in HTTP_METHODS}


def test_every_flask_route_is_in_the_spec(app):
    assert flask_routes(app) - spec_routes() == set()


def test_every_spec_route_is_served(app):
    assert spec_routes() - flask_routes(app) == set()


def test_path_parameters_are_declared(app):
    params = SPEC["components"]["parameters"]
    for path, item in SPEC["paths"].items():
        for name in re.findall(r"{(\w+)}", path):
            for op in (item[m] for m in item if m in HTTP_METHODS):
                declared = [params[p["$ref"].rsplit("/", 1)[1]] if "$ref" in p else p
                            for p in op.get("parameters", [])]
                assert any(p["name"] == name and p["in"] == "path" for p in declared), (path, name)


def test_answer_schemas_list_the_fields_the_spec_requires():
    pairs = {"GameList": GamesOut, "GameDescription": GameDescriptionOut, "MatchCreated": MatchCreatedOut, "Match": MatchOut,
             "LegalActions": LegalActionsOut, "ActionResult": ActionOut, "ActionAnswer": ActionAnswerOut, "EventsPage": EventsPageOut,
             "StateAt": StateOut, "Error": ErrorOut, "Job": JobOut, "Event": EventOut, "Explanation": ExplainOut,
             "VerifyReport": VerifyOut, "Dispute": DisputeOut, "DisputeList": DisputesOut,
             "ForkCreated": ForkCreatedOut, "MatchList": MatchListOut, "MatchSummary": MatchSummaryOut,
             "Claimed": ClaimedOut, "OpenSeats": OpenSeatsOut, "MyMatches": MyMatchesOut}
    for name, schema in pairs.items():
        spec = SPEC["components"]["schemas"][name]
        assert set(spec["required"]) == {n for n, f in schema().fields.items() if f.required}, name
        assert set(spec["properties"]) == set(schema().fields), name
