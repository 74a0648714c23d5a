"""Rulings: how kifu reads what a game's rulebook leaves open, declared as data (each game's
``rulings.json``, loaded with ``load``).

A ruling has a stable id ``<game>/ruling.<name>``, the seed lines it rests on (quoted), its text in
Japanese and English, and the rule ids of the events it decides (``rules``: the rulebook entry of
each lists it, so explaining an event that cites one of them names the ruling). Where players
plausibly read the seed differently it has named ``choices`` and a ``default`` (kifu's reading
before the choice existed, so a match that picks nothing rules as before). A match picks choices
when it is created (``MatchConfig.rulings``: ``{name: choice}``, checked by ``check``); MatchCreated
records them (only when any are given, so older records keep their shape) and the folded state keeps
them in ``state["match"]["rulings"]``, where the rules read them (``choice``).
"""
import json
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.errors import ConfigError

FIELDS = {"name", "title", "seed", "quote", "text", "rules", "choices", "default"}


@dataclass(frozen=True)
class Ruling:
    id: str                      # "<game>/ruling.<name>"
    name: str                    # the key a match's ``rulings`` map uses
    title: str                   # a few English words
    seed: str                    # the seed file and lines, e.g. "003 l.757-767, l.841-843"
    quote: str                   # the seed's words (Japanese, as printed)
    text: dict                   # {"ja": ..., "en": ...}: the question and kifu's reading (the default)
    rules: tuple = ()            # rule ids (without the game prefix) whose events this ruling decides
    choices: dict = field(default_factory=dict)   # choice name -> {"ja", "en"}; empty: a fixed reading
    default: str | None = None

    @property
    def selectable(self) -> bool:
        return bool(self.choices)

    def describe(self) -> dict:
        return {"id": self.id, "name": self.name, "title": self.title, "seed": self.seed, "quote": self.quote,
                "text": dict(self.text), "rules": list(self.rules),
                **({"choices": {k: dict(v) for k, v in self.choices.items()}, "default": self.default}
                   if self.choices else {})}


def load(path: Path, game_id: str, rules: dict) -> dict:
    """``{name: Ruling}`` from a game's rulings.json; ValueError (at import) for a malformed entry, a
    rule id the rulebook does not hold, or a default that is not one of the choices."""
    out = {}
    for raw in json.loads(Path(path).read_text(encoding="utf-8"))["rulings"]:
        name = raw.get("name", "?")
        if set(raw) - FIELDS or not {"name", "title", "seed", "quote", "text"} <= set(raw):
            raise ValueError(f"{game_id} ruling {name!r}: fields {sorted(raw)}; allowed {sorted(FIELDS)}")
        if not name.isascii() or name in out or set(raw["text"]) != {"ja", "en"}:
            raise ValueError(f"{game_id} ruling {name!r}: an ASCII name used once, text in ja and en")
        unknown = [r for r in raw.get("rules", ()) if r not in rules]
        if unknown:
            raise ValueError(f"{game_id} ruling {name!r}: no rule {unknown} in the rulebook")
        choices = raw.get("choices", {})
        if bool(choices) != ("default" in raw) or (choices and raw["default"] not in choices):
            raise ValueError(f"{game_id} ruling {name!r}: choices need a default that is one of them")
        out[name] = Ruling(f"{game_id}/ruling.{name}", name, raw["title"], raw["seed"], raw["quote"],
                           dict(raw["text"]), tuple(raw.get("rules", ())), dict(choices), raw.get("default"))
    return out


def check(game_id: str, rulings: dict, chosen) -> None:
    """ConfigError naming the first unknown ruling or choice of a match's ``rulings`` map (``chosen``)
    for the game ``game_id`` whose rulings are ``rulings``."""
    if not isinstance(chosen, dict):
        raise ConfigError('"rulings" must be an object of ruling name -> choice')
    selectable = {name: r for name, r in rulings.items() if r.selectable}
    for name, value in chosen.items():
        ruling = selectable.get(name)
        if ruling is None:
            raise ConfigError(f"unknown ruling {str(name)[:40]!r} for {game_id}; selectable: "
                              f"{sorted(selectable) or 'none'}")
        if not isinstance(value, str) or value not in ruling.choices:
            raise ConfigError(f"ruling {name!r} has no choice {str(value)[:40]!r}; choices: {sorted(ruling.choices)}")


def choice_in(chosen: dict | None, ruling: Ruling) -> str:
    """The choice a ``rulings`` map makes for ``ruling`` (its default when it names none)."""
    return (chosen or {}).get(ruling.name, ruling.default)


def choice(state: dict, ruling: Ruling) -> str:
    """The choice the match (``state["match"]["rulings"]``) plays for ``ruling``."""
    return choice_in(state.get("match", {}).get("rulings"), ruling)


def rules_index(rulings: dict) -> dict:
    """rule id -> the names of the rulings that decide its events."""
    out = {}
    for r in rulings.values():
        for rule_id in r.rules:
            out.setdefault(rule_id, []).append(r.name)
    return out


def reference(ruling: Ruling, chosen: dict | None = None) -> dict:
    """A ruling as an explanation cites it: id, title, seed lines, text; its choice in the match when
    the match's map is known (``chosen``), else the default, for a selectable one."""
    out = {"id": ruling.id, "title": ruling.title, "seed": ruling.seed, "text": dict(ruling.text)}
    if ruling.selectable:
        out["default"] = ruling.default
        if chosen is not None:
            out["choice"] = choice_in(chosen, ruling)
            out["choice_text"] = dict(ruling.choices[out["choice"]])
    return out
