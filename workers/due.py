"""Due jobs: jobs a match waits on (a bot's move, a deadline), kept in a sorted set on the queue
Redis until they report done, so no process dying, no lost connection and no Redis restart (with
AOF) can lose one.

Why not RQ's scheduler (``rq worker --with-scheduler``, rq 3.0): one scheduler process holds a
lock per queue for ``interval + 60`` s (61 s), refreshed by its heartbeat. After a ``kill -9`` of
the worker the lock lives on for up to a minute, and a new worker that found it taken only tries
again at its maintenance pass (every 10 minutes): a watchdog due at 20:06:00 ran at 20:14:05. Any
Redis error inside the scheduler process ends it, and it too is restarted only at the maintenance
pass (a 16 s outage made a 1-minute deadline 12 min 21 s late). And a job it has handed to a
worker that dies mid-run is lost unless something watches it. So each due job lives here:

  kifu:due           sorted set: job id -> when it is next due (epoch seconds)
  kifu:due:calls     hash: job id -> {"queue", "job", "args", "keep", "timeout"} (JSON)
  kifu:due:plans     hash: job id -> its retries, seconds, space-separated ("10 60 300")
  kifu:due:claims    hash: job id -> how often a sweep or a dispatcher queued it
  kifu:due:runs      hash: job id -> how often a worker began it
  kifu:due:beats     sorted set: job id -> when the heartbeat of its run under way lapses

Its life: ``record`` (before the append that creates the need; nothing happens if the id is
recorded already or RQ knows the job) -> due at ``at`` -> *claimed* by whoever sees it due first
(``sweep``, run every second by every ``kifu worker``, or the dispatcher right after the append),
atomically in one script, so one claimer queues it on RQ; a claim moves it ``START_SECONDS`` on,
so a claimer that died before queueing it is covered -> *begun* by the job itself (``begin``),
which moves it the next retry's seconds on (the lease: how long a run may take) and, on a real
Redis, starts its heartbeat -> ``done`` when the job returns. A run that was killed with its work
horse or worker, or lost with its Redis connection, never reports done, and the job is due again
when its lease ends; sooner, a worker that sees its work horse die, and the supervisor that sees
its worker die or its Redis come back, make it due at once (``retry_now``), and a run whose
heartbeat lapsed is made due at once by the next sweep; a run that raised makes it due again in a
few seconds (``retry_soon``). The last retry's run drops the entry when it begins. The jobs
themselves are idempotent (against the stream version and their command ids), so a job run twice
changes nothing.

The heartbeat (``beating``) is a thread of the process running the job (the work horse), which
moves the job's entry in ``kifu:due:beats`` ``BEAT_SECONDS`` on every ``BEAT_EVERY`` seconds
while the job runs. It is how a sweep tells a run whose every process was killed — the work horse
and its ``kifu worker`` together, so no one saw it die — from a live one: such a run was made due
again only when its lease ended (the bot watchdog: 120 s and more), now ``BEAT_SECONDS`` after its
last beat. A run that is only slow (an ISMCTS move with a long budget) beats on and keeps its
lease; so does a work horse whose worker was killed around it (RQ gives the horse a process group
of its own), which finishes its job. RQ's own liveness is no help here: a worker's key, refreshed
by the rq worker and not by its horse, lives ``job_monitoring_interval + 60`` s (90 s) while a job
runs, and says nothing of the horse.
"""
import contextlib
import json
import logging
import threading
import time
import uuid

from rq import Queue
from rq.job import Job
from rq.registry import ScheduledJobRegistry
from rq.serializers import JSONSerializer

log = logging.getLogger(__name__)
KEYS = ["kifu:due", "kifu:due:calls", "kifu:due:plans", "kifu:due:claims", "kifu:due:runs", "kifu:due:beats"]
START_SECONDS = 3       # a claimed job that has not begun by then is looked at again (queued
#                         again unless it still waits in its queue: a backlog is no loss)
MAX_CLAIMS = 100        # a job queued this often without finishing is given up (and logged)
BATCH = 100             # due jobs claimed per script call
BEAT_SECONDS = 5        # a run whose heartbeat has not moved for this long is taken for dead
BEAT_EVERY = 1          # how often a run under way beats

_FORGET = """
local function forget(id)
  redis.call('ZREM', KEYS[1], id)
  for k = 2, 5 do redis.call('HDEL', KEYS[k], id) end
  redis.call('ZREM', KEYS[6], id)
end
"""

RECORD = _FORGET + """
-- ARGV: id, at, call, plan, now, start seconds; KEYS[7]: RQ's job key
local id, at, now = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[5])
if redis.call('HEXISTS', KEYS[2], id) == 0 then
  if redis.call('EXISTS', KEYS[7]) == 1 then return {'known'} end
  redis.call('HSET', KEYS[2], id, ARGV[3])
  redis.call('HSET', KEYS[3], id, ARGV[4])
  redis.call('ZADD', KEYS[1], at, id)
end
if at <= now and redis.call('HEXISTS', KEYS[4], id) == 0 then
  redis.call('HSET', KEYS[4], id, 1)
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[6]), id)
  return {'start', redis.call('HGET', KEYS[2], id)}
end
return {'recorded'}
"""

CLAIM = _FORGET + """
-- ARGV: now, batch, start seconds, max claims -> {id, due, call ('' when given up)} ...
local now = tonumber(ARGV[1])
local out = {}
local found = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #found, 2 do
  local id = found[i]
  local call = redis.call('HGET', KEYS[2], id)
  if not call then
    forget(id)
  elseif redis.call('HINCRBY', KEYS[4], id, 1) > tonumber(ARGV[4]) then
    forget(id)
    table.insert(out, id); table.insert(out, found[i + 1]); table.insert(out, '')
  else
    redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), id)
    redis.call('ZREM', KEYS[6], id)   -- a run still beating (its lease over) beats no more
    table.insert(out, id); table.insert(out, found[i + 1]); table.insert(out, call)
  end
end
return out
"""

BEGIN = _FORGET + """
-- ARGV: id, now, beat seconds (0: no heartbeat) -> the run's number (0: not a due job)
local id, now, beat = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local plan = redis.call('HGET', KEYS[3], id)
if not plan then return 0 end
local run = redis.call('HINCRBY', KEYS[5], id, 1)
local k = 0
for lease in string.gmatch(plan, '%S+') do
  k = k + 1
  if k == run then
    redis.call('ZADD', KEYS[1], now + tonumber(lease), id)
    if beat > 0 then redis.call('ZADD', KEYS[6], now + beat, id) end
    return run
  end
end
forget(id)          -- the last run: nothing retries it
return run
"""

FORGET = _FORGET + "forget(ARGV[1]) return 1"

LAPSED = """
-- ARGV: now, batch -> the ids of the runs whose heartbeat lapsed, each made due at now
local now = tonumber(ARGV[1])
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[6], '-inf', now, 'LIMIT', 0, tonumber(ARGV[2]))) do
  redis.call('ZREM', KEYS[6], id)
  if redis.call('ZADD', KEYS[1], 'XX', 'LT', 'CH', now, id) == 1 then table.insert(out, id) end
end
return out
"""

_scripts: dict = {}


def _script(connection, name: str, text: str):
    """The registered script (EVALSHA, EVAL again after a Redis restart forgot it), per client."""
    found = _scripts.get((id(connection), name))
    if found is None or found[0] is not connection:
        found = _scripts[(id(connection), name)] = (connection, connection.register_script(text))
    return found[1]


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def new_id() -> str:
    return uuid.uuid4().hex


def record(connection, queue: str, job: str, args: list, job_id: str, at: float, retries: tuple = (),
           keep: int = 3600, timeout: int | None = None, now: float | None = None,
           failure_keep: int = 86400, meta: dict | None = None) -> str:
    """Make ``job(*args)`` (``workers.jobs.<job>``) due at ``at`` on ``queue`` under ``job_id``:
    ``recorded``; or, when ``at`` has come and nobody has queued it yet, queue it now: ``started``;
    ``known`` when RQ already holds a job of that id (it ran, or runs) and nothing was recorded.
    ``meta`` (the request id that made it due: service.application.logs) goes with each run's RQ job."""
    now = time.time() if now is None else now
    call = {"queue": queue, "job": job, "args": list(args), "keep": keep, "timeout": timeout,
            "failure_keep": failure_keep}
    if meta:
        call["meta"] = meta
    call = json.dumps(call)
    plan = " ".join(f"{r:g}" for r in retries)
    answer = _script(connection, "record", RECORD)(
        keys=[*KEYS, Job.key_for(job_id)], args=[job_id, at, call, plan, now, START_SECONDS])
    status = _text(answer[0])
    if status == "start":
        enqueue(connection, job_id, json.loads(answer[1]))
        return "started"
    return status


def sweep(connection, now: float | None = None) -> list[tuple[str, float]]:
    """Queue every due job (claimed first, so of several sweepers one queues each); returns
    ``(job id, seconds late)`` for each job queued. A job that is still waiting in its queue (a
    backlog, not a loss) is left there."""
    now = time.time() if now is None else now
    for job_id in lapsed(connection, now):
        log.warning("due job %s: its run stopped beating %g s ago or more; due again now", job_id, BEAT_SECONDS)
    started = []
    while True:
        found = _script(connection, "claim", CLAIM)(keys=KEYS, args=[now, BATCH, START_SECONDS, MAX_CLAIMS])
        for k in range(0, len(found), 3):
            job_id, due, call = _text(found[k]), float(found[k + 1]), _text(found[k + 2])
            if not call:
                log.error("due job %s was queued %d times and never finished; given up", job_id, MAX_CLAIMS)
                continue
            spec = json.loads(call)
            if _waiting(connection, job_id, spec["queue"]):
                connection.hincrby(KEYS[3], job_id, -1)
                continue
            enqueue(connection, job_id, spec, at_front=True)     # due now, or overdue: before the rest
            started.append((job_id, now - due))
        if len(found) < 3 * BATCH:
            return started


def lapsed(connection, now: float) -> list[str]:
    """Make due at ``now`` every job whose run's heartbeat lapsed (its process is gone); their ids."""
    found = []
    while True:
        batch = [_text(i) for i in _script(connection, "lapsed", LAPSED)(keys=KEYS, args=[now, BATCH])]
        found += batch
        if len(batch) < BATCH:
            return found


def _waiting(connection, job_id: str, queue: str) -> bool:
    """Whether the job is queued on RQ and still in its queue's list (no worker has taken it)."""
    if connection.hget(Job.key_for(job_id), "status") != b"queued":
        return False
    return connection.lpos(_queue(connection, queue).key, job_id) is not None


def _queue(connection, name: str) -> Queue:
    return Queue(name, connection=connection, serializer=JSONSerializer)


def enqueue(connection, job_id: str, spec: dict, at_front: bool = False) -> None:
    """Put the call on its RQ queue under ``job_id`` (a job kept from an earlier run is replaced)."""
    options = {"job_id": job_id, "result_ttl": spec["keep"],
               "failure_ttl": spec.get("failure_keep", max(spec["keep"], 86400)),      # (recorded before it was kept)
               "at_front": at_front, "meta": spec.get("meta") or {}}
    if spec.get("timeout") is not None:
        options["timeout"] = spec["timeout"]
    _queue(connection, spec["queue"]).enqueue_call(f"workers.jobs.{spec['job']}", args=spec["args"], **options)


def begin(connection, job_id: str, now: float | None = None, beats: bool = False) -> int:
    """A worker begins the job: due again when this run's lease (its retry's seconds) ends, or,
    for a run that ``beats``, once its heartbeat (``beating``) lapses. Returns the run's number,
    0 for a job that is not due-tracked."""
    now = time.time() if now is None else now
    return int(_script(connection, "begin", BEGIN)(keys=KEYS, args=[job_id, now, BEAT_SECONDS if beats else 0]))


def beat(connection, job_id: str, now: float | None = None) -> bool:
    """The run under way lives: its heartbeat lapses ``BEAT_SECONDS`` from ``now`` (nothing once its
    job is done, raised, or was claimed again: that run no longer counts)."""
    now = time.time() if now is None else now
    return bool(connection.zadd(KEYS[5], {job_id: now + BEAT_SECONDS}, xx=True, ch=True))


@contextlib.contextmanager
def beating(connection, job_id: str, clock=time.time):
    """While the block runs, a thread beats for the run of ``job_id`` every ``BEAT_EVERY`` seconds
    (``clock``: the sweepers' time). A beat that comes after the run reported its end changes
    nothing (``beat`` only moves an entry that is there)."""
    stopped = threading.Event()

    def beat_on():
        failing = False
        while not stopped.wait(BEAT_EVERY):
            try:
                beat(connection, job_id, clock())
                failing = False
            except Exception as e:  # noqa: BLE001 - Redis away: the beat lapses, the job is run again
                if not failing:
                    log.warning("the run of %s could not beat: %s", job_id, e)
                failing = True
    thread = threading.Thread(target=beat_on, name=f"kifu-beat-{job_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stopped.set()
        thread.join(BEAT_EVERY)


def done(connection, job_id: str) -> None:
    """The job returned: nothing is due any more."""
    forget(connection, job_id)


def forget(connection, job_id: str) -> None:
    _script(connection, "forget", FORGET)(keys=KEYS, args=[job_id])


def retry_now(connection, job_id: str, now: float | None = None) -> bool:
    """A run died (its work horse or its worker killed): due at once, if it is still due-tracked."""
    now = time.time() if now is None else now
    return bool(connection.zadd(KEYS[0], {job_id: now}, xx=True, ch=True))


def retry_soon(connection, job_id: str, run: int, now: float | None = None) -> None:
    """Run number ``run`` raised: due again after 2, 4, 8... seconds (never later than its lease);
    it beats no more."""
    now = time.time() if now is None else now
    with connection.pipeline() as pipe:
        pipe.zadd(KEYS[0], {job_id: now + 2 ** max(run, 1)}, xx=True, lt=True)
        pipe.zrem(KEYS[5], job_id)
        pipe.execute()


def release_scheduled(connection, queues, now: float | None = None) -> int:
    """RQ's own scheduled jobs (the retries, after their interval, of a failed simulation chunk or
    export: ``Retry``) due at ``now`` moved into their queues, as RQ's scheduler would; each by the
    sweeper whose ZREM took it, so once."""
    now = time.time() if now is None else now
    moved = 0
    for name in queues:
        queue = _queue(connection, name)
        registry = ScheduledJobRegistry(queue=queue)
        for job_id in registry.get_jobs_to_schedule(now):
            if connection.zrem(registry.key, job_id) and (job := queue.fetch_job(job_id)) is not None:
                queue._enqueue_job(job)
                moved += 1
    return moved


def counts(connection, now: float | None = None) -> dict:
    """``{"overdue": n, "recorded": n}``: the due jobs whose time has come that no one has queued or
    begun (the sweep's backlog; a claimed or begun job is moved on to its lease), and all recorded."""
    now = time.time() if now is None else now
    with connection.pipeline(transaction=False) as pipe:
        pipe.zcount(KEYS[0], "-inf", now)
        pipe.zcard(KEYS[0])
        overdue, recorded = pipe.execute()
    return {"overdue": int(overdue), "recorded": int(recorded)}


def pending(connection, job_id: str) -> bool:
    return bool(connection.hexists(KEYS[1], job_id))


def next_due(connection, job_id: str) -> float | None:
    """When the job is next due (epoch seconds), None if it is not due-tracked."""
    return connection.zscore(KEYS[0], job_id)
