"""The layers, checked on the import graph (docs/ARCHITECTURE.md): dependencies point one way,
HTTP adapter (service.http) and job adapter (workers) -> application (service.application) -> engine;
the composition root (service.composition) alone knows both the application and the job adapter
(and ``kifu worker``, which starts the workers);
no import cycle between modules or between those packages; no framework below the adapters; no game
package imports another; no import inside a function unless a comment says why. And the storage
boundary, checked on the syntax of every module: only service/application/storage/ talks to Redis,
and only its keys.py spells a key (the job adapter's bookkeeping on the queue Redis excepted)."""
import ast
import re
from pathlib import Path

import pytest
import redis

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "service", "workers")
# The layer units, most specific first: a module belongs to the first whose name prefixes it.
UNITS = ("engine.core", "engine.games", "engine.bots", "engine.simulation", "engine.audit",
         "service.application", "service.http", "service.cli", "service.composition", "service", "workers")
# Imported by the entry points (create_app, the CLI, the job functions) and importing everything:
# the one place a cycle through the layers is by design, so the layer graph leaves its edges out.
ROOTS = ("service", "service.composition")
FRAMEWORKS = ("flask", "werkzeug", "rq", "redis", "fakeredis", "marshmallow")
# What each unit may not import (a unit's own modules always may).
FORBIDDEN = {
    "engine": FRAMEWORKS + ("service", "workers"),
    "engine.core": ("engine.games", "engine.bots", "engine.simulation", "engine.audit"),
    "service.application": ("flask", "werkzeug", "rq", "marshmallow", "service.http", "service.cli",
                            "service.composition", "workers"),
    "service.http": ("workers",),
    "workers": ("flask", "werkzeug", "marshmallow", "service.http", "service.cli"),
}


# The storage boundary (docs/ARCHITECTURE.md, "Storage"). A Redis key is a string beginning ``kifu:``
# and no blank (an f-string's too: its first part is such a string); only these modules spell one,
# each only keys beginning so: the store's keys, and the due jobs the job adapter keeps on the queue Redis.
STORAGE = "service.application.storage"
KEY_SPELLERS = {"service.application.storage.keys": "kifu:", "workers.due": "kifu:due"}
KEY = re.compile(r"kifu:(\S|$)")
# Modules that use a Redis client themselves: the storage package, and the job adapter's modules that
# keep their own client of the queue Redis (the due jobs; the supervisor's PING and RQ's worker registry).
CLIENT_USERS = (STORAGE, "workers.due", "workers.supervisor")
# Elsewhere none of these is allowed: reading a client off an object (``store.redis``), naming a client
# class, a pipeline or a script, a Redis command on a receiver named as a client, and a command of
# Redis's hashes, sorted sets, streams, sets, lists, counters and expiries on any receiver.
CLIENT_CLASSES = {"Redis", "StrictRedis", "RedisCluster", "FakeRedis", "FakeStrictRedis"}
CLIENT_NAMES = {"redis", "client", "connection", "conn", "pipe", "pipeline", "store_client", "queue_client",
                "get_redis"}
PIPELINES_AND_SCRIPTS = {"pipeline", "transaction", "register_script", "script_load", "eval", "evalsha",
                         "execute_command"}
COMMANDS = {n for n in dir(redis.Redis) if not n.startswith("_") and callable(getattr(redis.Redis, n))} - {"close"}
DATA_COMMANDS = {n for n in COMMANDS if re.fullmatch(
    r"(h|z|x|bz)\w+|s(add|rem|members|ismember|card|pop|randmember|inter|union|diff|move)\w*"
    r"|[lr](push|pop|range|len|index|insert|rem|trim)\w*|incr\w*|decr\w*|p?expire\w*|p?ttl|getdel|getex"
    r"|getset|setnx|setex|psetex|mget|mset\w*", n)}


def modules() -> dict:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = modules()


def imports(path: Path):
    """(line, imported module names, inside a function, commented) for each import statement."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        inside, up = False, node
        while up in parents:
            up = parents[up]
            inside = inside or isinstance(up, (ast.FunctionDef, ast.AsyncFunctionDef))
        here, above = lines[node.lineno - 1], lines[node.lineno - 2] if node.lineno > 1 else ""
        yield node.lineno, names, inside, "#" in here or above.strip().startswith("#")


def internal(name: str) -> str | None:
    """The project module an imported name resolves to (a package's __init__ for a package)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def unit(module: str) -> str:
    return next(u for u in UNITS if module == u or module.startswith(u + "."))


def edges() -> dict:
    graph = {m: set() for m in MODULES}
    for module, path in MODULES.items():
        for _, names, _, _ in imports(path):
            for name in names:
                target = internal(name)
                if target and target != module:
                    graph[module].add(target)
    return graph


def cycles(graph: dict) -> list:
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_between_modules():
    assert cycles(edges()) == []


def test_no_import_cycle_between_layers():
    graph = {u: set() for u in UNITS}
    for module, targets in edges().items():
        for target in targets:
            if unit(module) != unit(target) and unit(target) not in ROOTS:
                graph[unit(module)].add(unit(target))
    assert cycles(graph) == [], graph


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_what_lies_above_it_or_a_framework_below_the_adapters(layer):
    wrong = []
    for module, path in MODULES.items():
        if not (module == layer or module.startswith(layer + ".")):
            continue
        for line, names, _, _ in imports(path):
            for name in names:
                if internal(name) and (internal(name) == layer or internal(name).startswith(layer + ".")):
                    continue
                if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                    wrong.append(f"{module}:{line} imports {name}")
    assert wrong == []


def test_only_the_composition_root_and_kifu_worker_import_the_job_adapter():
    """The HTTP adapter, the application and every other ``kifu`` command reach ``workers`` through
    service.composition; ``kifu worker`` (service.cli.worker) starts the workers themselves."""
    importing = {module for module, path in MODULES.items() if module.split(".")[0] != "workers"
                 for _, names, _, _ in imports(path) if any(n == "workers" or n.startswith("workers.") for n in names)}
    assert importing == {"service.composition", "service.cli.worker"}


def test_no_game_package_imports_another():
    """Each game is one package under engine/games/: it may use engine.core, never another game."""
    wrong = []
    for module, path in MODULES.items():
        parts = module.split(".")
        if parts[:2] != ["engine", "games"] or len(parts) < 3:
            continue
        for line, names, _, _ in imports(path):
            for name in names:
                other = name.split(".")
                if other[:2] == ["engine", "games"] and len(other) > 2 and other[2] != parts[2]:
                    wrong.append(f"{module}:{line} imports {name}")
    assert wrong == []


def test_imports_sit_at_the_top_unless_a_comment_says_why():
    hidden = [f"{module}:{line} {names}" for module, path in MODULES.items()
              for line, names, inside, commented in imports(path) if inside and not commented]
    assert hidden == []


def _named(node) -> str | None:
    """The name a call's receiver goes by: ``redis`` for ``redis``, ``store.redis`` or ``get_redis()``."""
    if isinstance(node, ast.Call):
        node = node.func
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def storage_violations(module: str, source: str) -> list[str]:
    """``module:line: what`` for each Redis key spelt and each use of a Redis client in ``source`` that
    the storage boundary does not allow ``module``."""
    spells = next((prefix for m, prefix in KEY_SPELLERS.items() if module == m), None)
    uses_clients = any(module == u or module.startswith(u + ".") for u in CLIENT_USERS)
    found = []
    for node in ast.walk(ast.parse(source)):
        where = f"{module}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.match(node.value) \
                and not (spells and node.value.startswith(spells)):
            found.append(f"{where}: spells the Redis key {node.value!r}")
        if uses_clients:
            continue
        if isinstance(node, ast.Attribute) and node.attr == "redis":
            found.append(f"{where}: reads a Redis client (.redis)")
        elif _named(node) in CLIENT_CLASSES and not isinstance(node, ast.Call):
            found.append(f"{where}: names the Redis client class {_named(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            command, receiver = node.func.attr, _named(node.func.value)
            if command in PIPELINES_AND_SCRIPTS or command in DATA_COMMANDS or \
                    (command in COMMANDS and receiver in CLIENT_NAMES):
                found.append(f"{where}: calls the Redis command {command} on {receiver or 'a client'}")
    return found


def test_only_storage_names_redis_keys_and_talks_to_redis():
    """service/application/storage/ owns every key, script and connection: the application's other
    modules, the HTTP adapter, the CLI and the job functions call its functions (and pass the store
    or a client on), and storage/keys.py alone spells a key. The job adapter's due jobs on the
    queue Redis (workers/due.py, workers/supervisor.py) are its own."""
    found = [v for module, path in sorted(MODULES.items())
             for v in storage_violations(module, path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_storage_check_sees_a_violation():
    outside = "service.application.match.somewhere"
    spelt = ['key = f"kifu:{{{match_id}}}:meta"', 'OPEN = "kifu:open-seats"', 'k = "kifu:" + name']
    used = ['store.redis.hget(key, "name")', "client = redis.Redis.from_url(url)", "fakeredis.FakeRedis()",
            "pipe = store.pipeline(transaction=False)", "script = anything.register_script(LUA)",
            'anything.zadd("k", {"m": 1})', 'anything.hgetall("k")', 'connection.get("k")', "get_redis().ping()"]
    found = storage_violations(outside, "\n".join(spelt + used))
    assert {int(v.split(":")[1]) for v in found} == set(range(1, len(spelt + used) + 1)), found   # each line
    assert f"{outside}:3: reads a Redis client (.redis)" in storage_violations(outside, "\n\nstore.redis.ping()")
    fine = ['subject = f"kifu: {title}"', 'store.append(m, 0, "", [])', 'meta.get("name:0")', "log.info(x)",
            "stopping.set()", "store.ping()", "http_connection.close()", "players.add_match(store, ids, m, 1)"]
    assert [v for line in fine for v in storage_violations(outside, line)] == []
    assert storage_violations(f"{STORAGE}.table", "store.redis.zadd(keys.OPEN_SEATS, {})") == []
    assert storage_violations(f"{STORAGE}.table", 'OPEN = "kifu:open-seats"')            # keys.py spells keys
    assert storage_violations(f"{STORAGE}.keys", 'OPEN = "kifu:open-seats"') == []
    assert storage_violations("workers.due", 'KEY = "kifu:due:calls"; connection.pipeline()') == []
    assert storage_violations("workers.due", 'KEY = "kifu:index:all"')                   # only its own keys
    assert storage_violations("workers.jobs", "store.redis.hset(k, f, v)")


def test_the_checks_see_a_violation():
    """The graph tools themselves: a cycle and a forbidden edge are found."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
    assert unit("service.application.match.committing") == "service.application" and unit("service.cli") == "service.cli"
    assert internal("service.application.match.committing.commit") == "service.application.match.committing"
