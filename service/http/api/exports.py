"""POST /exports: a dataset of ended matches in the background; GET /jobs/<id> follows it and
GET /exports/<id>/<table>/<file> downloads its files (service.application.datasets.exports)."""
from flask import Blueprint, current_app, send_file

from service.application.datasets import exports
from service.application.errors import NotFound
from service.http.api import answer, bearer_token, json_body
from service.http.idempotent import idempotent
from service.http.redis_conn import get_store
from service.http.schemas import ExportIn, JobOut
from service.i18n import _

bp = Blueprint("exports", __name__, url_prefix="/exports")
MIMETYPES = {"jsonl": "application/x-ndjson", "parquet": "application/vnd.apache.parquet"}


@bp.post("")
@idempotent()
def create():
    store = get_store()
    requested_by = exports.requester(store, bearer_token())        # 401 / 403 before the body is read
    body = ExportIn().load(json_body())
    export_id = exports.create(store, body, requested_by, exports.Limits.from_settings(current_app.config))
    return answer(JobOut(), exports.status(store, export_id), 202)


@bp.get("/<export_id>/<table>/<name>")
def download(export_id: str, table: str, name: str):
    path = exports.file_path(get_store(), export_id, table, name)
    if path is None:
        raise NotFound("export_file_not_found", _("no finished export file %(export_id)s/%(table)s/%(name)s",
                                                  export_id=export_id, table=table, name=name))
    return send_file(path, mimetype=MIMETYPES[name.rsplit(".", 1)[1]], as_attachment=True,
                     download_name=f"{export_id}-{table}-{name}")
