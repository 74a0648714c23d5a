"""Translations (issue 39): every sentence a player reads, in English and in Japanese, from gettext
catalogs kept with Babel.

- The English text is the message id, written in the source as today; the Japanese is in a catalog,
  ``<package>/locale/ja/LC_MESSAGES/<domain>.po``. A *domain* is one catalog: ``core`` for the engine's
  platform sentences (engine/, its games left out; catalogs in engine/locale), one per game (its package name: ``threebythree``,
  ``dimension_zero``, ``dokusenroku``, ``shisoroku``), ``kifu`` for the service (service/locale)
  and ``page`` for the web page's own strings (service/http/webapp/locale, served to the browser as
  JSON). Each is extracted from its own package by ``./dev babel`` (``pybabel extract`` and ``update``), so one game's words never leak into another's, and the same English may say different
  things in two games (``pass``).
- A module takes its domain's functions once, at import, under the names ``pybabel`` looks for::

      from engine.core.i18n import Catalog, N_
      _, ngettext = Catalog.of("shisoroku").functions()

  ``_("{name} buys {card}", name=..., card=...)``: placeholders are named, ``%(name)s`` style (the
  catalog test checks that a translation has exactly its message's placeholders), never
  concatenated pieces. ``ngettext(singular, plural, n, **params)`` picks the language's plural form
  (Japanese has one) and passes ``n`` too. Text fixed at import time (tables of labels) is marked
  with ``N_`` and translated where it is used, ``_(TABLE[key])``.
- The language is the caller's, set for the duration of a request, a job or a call with
  ``speaking(lang)``; ``current()`` reads it. Outside any, English. The engine stays pure and
  deterministic: the same events in the same language give the same sentences; stored events and the
  hash chain hold no translated text.
- Catalogs are read from their ``.po`` files (Babel's reader) into memory the first time a language of
  a domain is used; nothing is compiled to disk. Card and rule names stay as printed (Japanese) in
  both languages.
"""
import io
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LANGUAGES = ("en", "ja")            # the first is the source language (the message ids)
DEFAULT = LANGUAGES[0]
_LANGUAGE: ContextVar[str] = ContextVar("kifu_language", default=DEFAULT)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined (a table at import time); translate it
    where it is used."""
    return message


def current() -> str:
    """The language sentences are made in now."""
    return _LANGUAGE.get()


def supported(lang) -> str | None:
    """``lang`` as one of LANGUAGES ("ja-JP" -> "ja"), or None."""
    if not isinstance(lang, str):
        return None
    base = lang.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


@contextmanager
def speaking(lang):
    """Sentences in ``lang`` (one of LANGUAGES; anything else: the default) inside the block."""
    token = _LANGUAGE.set(supported(lang) or DEFAULT)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def use(lang):
    """Sets the language for the rest of the current context (a request); returns the token that
    ``reset`` takes."""
    return _LANGUAGE.set(supported(lang) or DEFAULT)


def reset(token) -> None:
    _LANGUAGE.reset(token)


class Catalog:
    """One domain's translations: its ``.po`` files under ``directory`` (``<lang>/LC_MESSAGES/<domain>.po``)."""

    _known: dict[str, "Catalog"] = {}

    def __init__(self, domain: str, directory: Path):
        self.domain, self.directory = domain, Path(directory)

    @classmethod
    def register(cls, domain: str, directory) -> "Catalog":
        """The domain's catalog, kept under ``directory`` (a package's ``locale`` folder)."""
        known = cls._known.get(domain)
        if known is not None and known.directory != Path(directory):
            raise ValueError(f"catalog domain {domain!r} registered twice: {known.directory}, {directory}")
        cls._known[domain] = known or cls(domain, directory)
        return cls._known[domain]

    @classmethod
    def of(cls, domain: str, package_file: str | None = None) -> "Catalog":
        """The catalog of ``domain``; ``package_file`` (a module's ``__file__``) names the package whose
        ``locale`` folder holds it (default: a game's package by the domain's name, else the engine's)."""
        if package_file is not None:
            return cls.register(domain, Path(package_file).resolve().parent / "locale")
        engine = Path(__file__).resolve().parents[1]
        games = engine / "games" / domain
        return cls.register(domain, (games if games.is_dir() else engine) / "locale")

    @classmethod
    def domains(cls) -> dict[str, "Catalog"]:
        return dict(cls._known)

    def path(self, lang: str) -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.domain}.po"

    def translations(self, lang: str | None = None) -> NullTranslations:
        return _load(self.domain, str(self.directory), supported(lang or current()) or DEFAULT)

    def gettext(self, message: str, **params) -> str:
        text = self.translations().ugettext(message)
        return text % params if params else text

    def ngettext(self, singular: str, plural: str, n: int, **params) -> str:
        text = self.translations().ungettext(singular, plural, n)
        return text % {"n": n, **params}

    def pgettext(self, context: str, message: str, **params) -> str:
        text = self.translations().upgettext(context, message)
        return text % params if params else text

    def functions(self):
        """``(_, ngettext)`` bound to this domain, the names ``pybabel extract`` looks for."""
        return self.gettext, self.ngettext

    def messages(self, lang: str) -> dict:
        """Every translated message of ``lang``: ``{id: text}``, a plural message as ``{singular:
        [forms]}`` (the page reads its domain's as JSON)."""
        path = self.path(lang)
        if not path.is_file():
            return {}
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=self.domain)
        out = {}
        for m in catalog:
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple):
                forms = list(m.string) if isinstance(m.string, tuple) else [m.string]
                if all(forms):
                    out[m.id[0]] = forms
            elif m.string:
                out[m.id if not m.context else f"{m.context}\x04{m.id}"] = m.string
        return out


@lru_cache(maxsize=None)
def _load(domain: str, directory: str, lang: str) -> NullTranslations:
    path = Path(directory) / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == DEFAULT or not path.is_file():
        return NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)            # fuzzy entries left out, as pybabel compile does
    compiled.seek(0)
    return Translations(compiled, domain=domain)
