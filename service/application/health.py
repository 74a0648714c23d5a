"""Liveness and readiness (issue 16): what an operator's probe or load balancer asks.

``ready(store)``: the store answers PING, its append script is loaded (loaded now if a restarted
Redis lost it), and the job queues answer with their depths. Each check is reported by name, with
the error's text when it failed, so a probe's log says which dependency is down.
"""
import time


def ready(store) -> tuple[bool, dict]:
    checks = {}

    def check(name, probe):
        started = time.perf_counter()
        try:
            checks[name] = {"ok": True, **(probe() or {})}
        except Exception as e:                   # a probe reports every failure, whatever it is
            checks[name] = {"ok": False, "error": f"{type(e).__name__}: {e}"[:300]}
        checks[name]["ms"] = round((time.perf_counter() - started) * 1000, 1)

    check("store", lambda: {"ping": store.ping()})
    check("scripts", lambda: {"append": store.load_scripts()})
    check("queues", lambda: {"depths": store.jobs.depths()})
    return all(c["ok"] for c in checks.values()), checks
