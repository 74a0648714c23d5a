"""Audit routes: explain an event, verify a match, export it as JSON Lines, follow it live (SSE).

The export and the feed are streamed: a store that stops answering once the 200 is sent cannot
become a 503, so the stream ends with a last message saying so (an SSE ``unavailable`` event, after
which the browser's EventSource reconnects with Last-Event-ID; a JSON Lines ``{"error"}`` line that
marks the export incomplete) instead of a cut connection and a traceback."""
import json
import logging

from flask import Blueprint, Response, current_app, request, stream_with_context

from engine.audit.verify import verify as verify_now
from engine.core import i18n
from service.application.errors import Failed
from service.application.match import explain as explaining, feed, transcript
from service.application.match.verifying import verify_job
from service.application.identity.auth import token_hash
from service.http import live
from service.http.api import answer, bearer_token, identify, query_args
from service.http.api.players import client_address
from service.application.storage.connections import UNAVAILABLE
from service.http.errors import RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE
from service.application.match.loading import open_meta
from service.http.redis_conn import get_store
from service.http.schemas import ExplainOut, StreamQuery, VerifyOut
from service.i18n import _

log = logging.getLogger(__name__)
bp = Blueprint("audit", __name__, url_prefix="/matches")
STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def gone() -> dict:
    """The last message of a stream the store left, in the request's language."""
    return {"error": {"code": "store_unavailable", "message": _(UNAVAILABLE_MESSAGE), "rule": None},
            "retry_after": int(RETRY_AFTER_SECONDS)}


def caller_of(store, match_id: str):
    meta = open_meta(store, match_id)
    return meta, identify(meta)


@bp.get("/<match_id>/events/<int:version>/explain")
def explain(match_id: str, version: int):
    store = get_store()
    meta, caller = caller_of(store, match_id)
    return answer(ExplainOut(), explaining.explain(store, match_id, version, caller, meta))


@bp.get("/<match_id>/verify")
def verify(match_id: str):
    """Inline for matches up to VERIFY_INLINE_MAX events; longer ones are an RQ job (202 until it
    has run; ask again for the report)."""
    store = get_store()
    meta = open_meta(store, match_id)
    version = int(meta["version"])
    if version <= current_app.config["VERIFY_INLINE_MAX"]:
        return answer(VerifyOut(), {"status": "finished", "job_id": None, **verify_now(store, match_id)})
    job_id, job = verify_job(store.jobs, match_id, version)
    if job["status"] == "finished":
        return answer(VerifyOut(), {"status": "finished", "job_id": job_id, **job["result"]})
    if job["status"] == "failed":
        raise Failed("verify_failed", _("verification job %(job_id)s failed; see the worker's log", job_id=job_id))
    return answer(VerifyOut(), {"status": job["status"], "job_id": job_id, "match_id": match_id, "ok": None,
                                "version": version}, 202)


@bp.get("/<match_id>/export")
def export(match_id: str):
    store = get_store()
    meta, caller = caller_of(store, match_id)
    lines = until_unavailable(transcript.export_lines(store, match_id, caller, meta),
                              json.dumps({**gone(), "incomplete": True}) + "\n", i18n.current())
    return Response(stream_with_context(lines), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{match_id}.jsonl"'})


@bp.get("/<match_id>/stream")
def stream(match_id: str):
    """404 an unknown match, 403 a token that holds nothing in it, 429 past the open streams' caps;
    then the feed: handed to the server's live loop where it takes it (service/http/live.py), else
    streamed from this thread."""
    store = get_store()
    meta, caller = caller_of(store, match_id)
    query = StreamQuery().load(query_args())
    after = feed.last_event_id(request.headers.get("Last-Event-ID"), query["after"])
    config = current_app.config
    token = bearer_token()
    release = live.limits().admit(client_address(), token_hash(token) if token else None)
    language = i18n.current()            # the request's: the stream is told in it after the request is over
    if query["follow"] and request.environ.get(live.SERVES):
        hub = live.hub()

        def follow(sink):
            follower = hub.follow(match_id, after, caller, meta, sink, release, language)
            return lambda: hub.leave(follower)
        request.environ[live.HANDOFF] = live.Handoff(follow, release)
        return Response(iter(()), mimetype="text/event-stream", headers=STREAM_HEADERS)
    lines = until_unavailable(feed.sse_lines(store, match_id, after, caller, meta, query["follow"],
                                             config["SSE_KEEPALIVE_MS"], config["SSE_MAX_SECONDS"]),
                              f"event: unavailable\ndata: {json.dumps(gone())}\n\n", language)
    response = Response(stream_with_context(lines), mimetype="text/event-stream", headers=STREAM_HEADERS)
    response.call_on_close(release)
    return response


def until_unavailable(lines, last: str, language: str):
    """``lines``, told in ``language``, ended by ``last`` if the store stops answering while they stream."""
    try:
        while True:
            with i18n.speaking(language):
                line = next(lines, None)
            if line is None:
                return
            yield line
    except UNAVAILABLE as e:
        log.warning("store unavailable mid-stream: %s", e)
        yield last
