"""What a notification says (issue 17), built only from what the whole table may know: the match's
game, variant and seat names, versions, whose move it is, when it falls due, the outcome once the
match is over (its seed is public by then), and the public table records (a dispute, a line of table
talk). Never a view, an event of the game, or a card: a message cannot carry a hidden card because
nothing it is built from holds one (tests/hidden/test_messages.py checks it like the views).

The message is JSON (the webhook's body, signed); an e-mail is its text rendering. Both are in the
language of whom it is for (``lang``: the player's preference, issue 39), and the webhook's body
carries the e-mail's ``subject`` and ``text`` too, in it.
"""
import json
import unicodedata

from engine.core.i18n import DEFAULT, speaking, supported
from service.i18n import N_, _

TITLES = {"your_move": N_("your move"), "deadline_near": N_("your move is due soon"),
          "match_ended": N_("the match is over"), "dispute": N_("a dispute"), "chat": N_("table talk")}


def message(delivery_id: str, event: str, at: str, facts: dict, seat: int, detail: dict, base: str,
            unsubscribe: str, lang: str | None = None) -> dict:
    """The message of ``event`` to ``seat`` of the match ``facts`` describes, in ``lang`` (default
    English): its ``subject`` and ``text`` are the e-mail's."""
    match_id = facts["match_id"]
    msg = {"delivery": delivery_id, "event": event, "at": at, "seat": seat, "lang": supported(lang) or DEFAULT,
           "match": {**facts, "url": f"{base}/#/m/{match_id}?seat={seat}"},
           event: detail, "unsubscribe": f"{base}/unsubscribe/{unsubscribe}",
           "unsubscribe_page": f"{base}/#/unsubscribe/{unsubscribe}"}
    return {**msg, "subject": subject(msg), "text": text(msg)}


def body(msg: dict) -> bytes:
    """The webhook body: the message as compact UTF-8 JSON (what the signature covers)."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")


def subject(msg: dict) -> str:
    """One line (an e-mail header), in the message's language: seat names with line breaks or other
    control characters are written with spaces there."""
    with speaking(msg.get("lang")):
        return _one_line("kifu: " + _title(msg))


def _title(msg: dict) -> str:
    m = msg["match"]
    me = m["seats"][msg["seat"]] if msg["seat"] < len(m["seats"]) else _("seat %(seat)s", seat=msg["seat"])
    others = _(", ").join(n for i, n in enumerate(m["seats"]) if i != msg["seat"]) or _("nobody")
    return _("%(title)s — %(game)s %(variant)s, %(me)s vs %(others)s", title=_(TITLES[msg["event"]]),
             game=m["game"], variant=m["variant"], me=me, others=others)


def _one_line(text: str) -> str:
    return " ".join("".join(" " if unicodedata.category(c).startswith("C") else c for c in text).split())


def text(msg: dict) -> str:
    """The e-mail's text, in the message's language."""
    with speaking(msg.get("lang")):
        return _text(msg)


def _text(msg: dict) -> str:
    m, event, detail = msg["match"], msg["event"], msg[msg["event"]]
    title = _one_line(_title(msg))
    lines = [_("%(title)s.", title=title[:1].upper() + title[1:]), ""]
    if event == "your_move":
        lines.append(_("It is your move (version %(version)s); it falls due at %(due)s.", version=detail["version"],
                       due=detail["due"]) if detail.get("due") else
                     _("It is your move (version %(version)s).", version=detail["version"]))
    elif event == "deadline_near":
        lines.append(_("Your move falls due at %(due)s.", due=detail["due"]))
    elif event == "match_ended":
        lines.append(_("The match is over: %(outcome)s.", outcome=describe_outcome(detail["outcome"], m["seats"])))
    elif event == "dispute":
        what = _(DISPUTES.get(detail["what"], detail["what"]))
        said = detail.get("reason") or detail.get("decision") or ""
        lines.append(_("%(what)s: %(said)s", what=what, said=said) if said else what)
    elif event == "chat":
        lines.append(_("%(name)s said: %(text)s", name=detail["name"], text=detail["text"]))
    lines += ["", _("Open the match: %(url)s", url=m["url"]), "",
              _("No more of these messages: %(url)s", url=msg["unsubscribe_page"])]
    return "\n".join(lines) + "\n"


# What a dispute message says happened (service.application.notify.notices: its ``what``, kept in English
# in the message's data; told in the message's language).
DISPUTES = {"a dispute was filed": N_("a dispute was filed"),
            "the auditor ruled on a dispute": N_("the auditor ruled on a dispute")}


def describe_outcome(outcome: dict | None, names: list) -> str:
    """The outcome in words, in the language spoken."""
    if not outcome:
        return _("ended")

    def name(s):
        return names[s] if isinstance(s, int) and s < len(names) else str(s)

    def some(seats):
        return _(", ").join(name(s) for s in seats)
    if outcome.get("draw"):
        return _("a draw by agreement") if outcome.get("reason") == "draw_agreed" else _("a draw")
    if outcome.get("reason") == "resign":
        return _("%(seats)s resigned", seats=some(outcome["resigned"]))
    if outcome.get("reason") == "forfeit":
        return _("%(seats)s forfeited", seats=some(outcome["forfeited"]))
    if outcome.get("winner") is not None:
        return _("%(seats)s won", seats=name(outcome["winner"]))
    if outcome.get("winners"):
        return _("%(seats)s won", seats=some(outcome["winners"]))
    return _("ended")
