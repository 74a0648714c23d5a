"""The language of each request (issue 39), chosen with Flask-Babel's locale selector: ``?lang=``
(en or ja; anything else is 400 ``invalid_language``), else the preference of the player whose key
is the bearer (service.application.identity.preferences), else the best match of Accept-Language,
else English. The engine and the service speak it for the whole request (engine.core.i18n.use, reset
at teardown): narration, explain, prompts and error messages. Every answer says which it is
(``Content-Language``) and that it depends on Accept-Language (``Vary``)."""
from flask import g, request
from flask_babel import Babel

from engine.core import i18n
from service.application.errors import Invalid
from service.application.identity.preferences import language_of_key
from service.application.storage.connections import UNAVAILABLE
from service.http.redis_conn import get_store
from service.i18n import _

PARAM = "lang"


def choose() -> str:
    """The request's language (see the module's docstring)."""
    asked = request.args.get(PARAM)
    if asked is not None:
        if asked not in i18n.LANGUAGES:
            raise Invalid("invalid_language", _("lang: one of %(languages)s", languages=", ".join(i18n.LANGUAGES)))
        return asked
    return preference() or browsers() or i18n.DEFAULT


def browsers() -> str | None:
    """The first of Accept-Language's tags, by quality, whose language kifu speaks ("en-GB" is en)."""
    return next((i18n.supported(tag) for tag, _q in request.accept_languages if i18n.supported(tag)), None)


def preference() -> str | None:
    """The language of the player whose key is the bearer, if it chose one; None while the store does
    not answer (the routes that need no store still answer, in the browser's language)."""
    scheme, _sep, token = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    try:
        return language_of_key(get_store(), token.strip())
    except UNAVAILABLE:
        return None


def init_app(app) -> None:
    Babel(app, locale_selector=lambda: g.get("language", i18n.DEFAULT))

    @app.before_request
    def speak():
        g.language = i18n.DEFAULT
        g.language_token = i18n.use(i18n.DEFAULT)       # a refused ?lang= is answered in English
        g.language = choose()
        i18n.use(g.language)

    @app.after_request
    def say_which(response):
        response.headers["Content-Language"] = g.get("language", i18n.DEFAULT)
        response.vary.add("Accept-Language")
        return response

    @app.teardown_request
    def unbind(_error):
        token = g.pop("language_token", None)
        if token is not None:
            try:
                i18n.reset(token)
            except ValueError:          # reset in another context than it was set in: nothing to undo
                i18n.use(i18n.DEFAULT)
