"""GET /openapi.yaml: the API contract, served as written at the top of the repository."""
from pathlib import Path

from flask import Blueprint, Response

from service.application.errors import NotFound
from service.i18n import _

bp = Blueprint("spec", __name__)
SPEC = Path(__file__).resolve().parents[3] / "openapi.yaml"


@bp.get("/openapi.yaml")
def openapi():
    if not SPEC.is_file():
        raise NotFound("spec_not_found", _("openapi.yaml is not installed beside the service"))
    return Response(SPEC.read_text(encoding="utf-8"), mimetype="application/yaml")
