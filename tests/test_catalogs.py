"""The translation catalogs (issue 39; engine/core/i18n.py): for every domain, every message the code
marks (extracted as `./dev babel` extracts it) has a Japanese text in the domain's catalog — the
English is the message id — no catalog keeps a message the code no longer has, and a translation
has exactly its message's named placeholders (a missing one loses a name, an extra one raises)."""
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
DOMAINS = dict(re.findall(r"(\w+):([\w/]+)", re.search(r"DOMAINS=\(([^)]*)\)", (ROOT / "dev").read_text()).group(1)))
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
IGNORED = {"engine": "games", "service": "webapp"}     # each extracted as a domain of its own
METHODS = [("**.py", "python"), ("**.js", "javascript"), ("**.html", "jinja2")]     # as tools/babel.cfg maps them
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdirf]")


def extracted(package: str) -> dict:
    """The messages marked in ``package``'s code: {(context, id): message} (the engine's own without its
    games, the service's without its page, as ./dev babel extracts them)."""
    def searched(directory: str) -> bool:         # pybabel's own rule (no hidden or private folders), and
        name = Path(directory).name                # the domain's left-out subpackage
        return not name.startswith((".", "_")) and name != IGNORED.get(package)

    found = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / package, METHODS, keywords=KEYWORDS, directory_filter=searched):
        msgid = message if isinstance(message, str) else message[0]
        if msgid:
            found[(context, msgid)] = message
    return found


def catalog(domain: str, package: str):
    path = ROOT / package / "locale" / "ja" / "LC_MESSAGES" / f"{domain}.po"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale="ja", domain=domain)


def placeholders(text: str) -> set:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_message_has_its_japanese_text_and_no_stale_one(domain):
    package = DOMAINS[domain]
    marked = extracted(package)
    kept = catalog(domain, package)
    if not marked:
        assert kept is None or not [m for m in kept if m.id], f"{domain}: a catalog with no marked message"
        return
    assert kept is not None, f"{domain}: messages marked but no catalog; run ./dev babel {domain}"
    entries = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in kept if m.id}
    missing = sorted(k[1] for k in marked if k not in entries)
    stale = sorted(k[1] for k in entries if k not in marked)
    untranslated = sorted(k[1] for k, m in entries.items() if k in marked and (
        m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string)))
    assert not missing, f"{domain}: not in the catalog (./dev babel {domain}): {missing[:10]}"
    assert not stale, f"{domain}: in the catalog but no longer in the code: {stale[:10]}"
    assert not untranslated, f"{domain}: no Japanese text (or fuzzy): {untranslated[:10]}"


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_a_translation_has_exactly_its_messages_placeholders(domain):
    kept = catalog(domain, DOMAINS[domain])
    if kept is None:
        return
    wrong = []
    for m in kept:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        want = set().union(*map(placeholders, ids))
        if isinstance(m.id, tuple):
            want.discard("n")          # a plural form may leave the count to its words ("一枚")
        for s in strings:
            got = placeholders(s) - ({"n"} if isinstance(m.id, tuple) else set())
            if s and got != want:
                wrong.append((ids[0], s))
    assert not wrong, f"{domain}: placeholders differ: {wrong[:5]}"


def test_the_catalogs_compile_as_pybabel_compiles_them(tmp_path):
    for domain, package in DOMAINS.items():
        po = ROOT / package / "locale" / "ja" / "LC_MESSAGES" / f"{domain}.po"
        if po.is_file():
            done = subprocess.run([str(Path(__import__("sys").executable).parent / "pybabel"), "compile",
                                   "-i", str(po), "-o", str(tmp_path / f"{domain}.mo"), "-l", "ja"],
                                  capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
