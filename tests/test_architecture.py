"""The layers, checked on the import graph (docs/ARCHITECTURE.md): dependencies point one way,
HTTP adapter (service.http) and job adapter (workers) -> application (service.application) -> engine;
the composition root (service.composition) alone knows both the application and the job adapter
(and ``kifu worker``, which starts the workers);
no import cycle between modules or between those packages; no framework below the adapters; no game
package imports another; no import inside a function unless a comment says why."""
import ast
from pathlib import Path

import pytest

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


def test_the_checks_see_a_violation():
    """The graph tools themselves: a cycle and a forbidden edge are found."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
    assert unit("service.application.match.committing") == "service.application" and unit("service.cli") == "service.cli"
    assert internal("service.application.match.committing.commit") == "service.application.match.committing"
