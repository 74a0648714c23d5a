"""The operator's install (issue 40): ``pip install . -c constraints.txt`` gets the versions the suite
passed with. constraints.txt (written by ``./dev constraints``, which ``./dev test`` installs from)
pins every dependency pyproject.toml names, every extra included, at a version pyproject allows —
and this run's environment has those versions."""
import re
import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict:
    found = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, sep, pinned = line.partition("==")
            assert sep and pinned, f"not a pin: {line!r}"
            found[norm(name)] = pinned
    return found


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    named = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        named += extra
    return [Requirement(r) for r in named]


def test_constraints_pin_every_dependency_of_pyproject_at_an_allowed_version():
    pinned = pins()
    wanted = requirements()
    assert wanted
    missing = [str(r) for r in wanted if norm(r.name) not in pinned]
    assert missing == [], f"not in constraints.txt (./dev constraints): {missing}"
    refused = [f"{r} != {pinned[norm(r.name)]}" for r in wanted
               if not r.specifier.contains(pinned[norm(r.name)], prereleases=True)]
    assert refused == [], refused


def test_this_run_has_the_pinned_versions():
    pinned = pins()
    drift = [f"{r.name}: {version(r.name)} installed, {pinned[norm(r.name)]} pinned" for r in requirements()
             if version(r.name) != pinned[norm(r.name)]]
    assert drift == [], drift
