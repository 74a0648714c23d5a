"""What a notification says (issue 17), built only from what the whole table may know: the match's
game, variant and seat names, versions, whose move it is, when it falls due, the outcome once the
match is over (its seed is public by then), and the public table records (a dispute, a line of table
talk). Never a view, an event of the game, or a card: a message cannot carry a hidden card because
nothing it is built from holds one (tests/hidden/test_messages.py checks it like the views).

The message is JSON (the webhook's body, signed); an e-mail is its text rendering.
"""
import json
import unicodedata

TITLES = {"your_move": "your move", "deadline_near": "your move is due soon", "match_ended": "the match is over",
          "dispute": "a dispute", "chat": "table talk"}


def message(delivery_id: str, event: str, at: str, facts: dict, seat: int, detail: dict, base: str,
            unsubscribe: str) -> dict:
    """The message of ``event`` to ``seat`` of the match ``facts`` describes."""
    match_id = facts["match_id"]
    return {"delivery": delivery_id, "event": event, "at": at, "seat": seat,
            "match": {**facts, "url": f"{base}/#/m/{match_id}?seat={seat}"},
            event: detail, "unsubscribe": f"{base}/unsubscribe/{unsubscribe}",
            "unsubscribe_page": f"{base}/#/unsubscribe/{unsubscribe}"}


def body(msg: dict) -> bytes:
    """The webhook body: the message as compact UTF-8 JSON (what the signature covers)."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")


def subject(msg: dict) -> str:
    """One line (an e-mail header): seat names with line breaks or other control characters are
    written with spaces there."""
    m = msg["match"]
    me = m["seats"][msg["seat"]] if msg["seat"] < len(m["seats"]) else f"seat {msg['seat']}"
    others = ", ".join(n for i, n in enumerate(m["seats"]) if i != msg["seat"]) or "nobody"
    return _one_line(f"kifu: {TITLES[msg['event']]} — {m['game']} {m['variant']}, {me} vs {others}")


def _one_line(text: str) -> str:
    return " ".join("".join(" " if unicodedata.category(c).startswith("C") else c for c in text).split())


def text(msg: dict) -> str:
    """The e-mail's text."""
    m, event, detail = msg["match"], msg["event"], msg[msg["event"]]
    title = subject(msg).removeprefix("kifu: ")
    lines = [title[:1].upper() + title[1:] + ".", ""]
    if event == "your_move":
        lines.append(f"It is your move (version {detail['version']})" +
                     (f"; it falls due at {detail['due']}." if detail.get("due") else "."))
    elif event == "deadline_near":
        lines.append(f"Your move falls due at {detail['due']}.")
    elif event == "match_ended":
        lines.append(f"The match is over: {describe_outcome(detail['outcome'], m['seats'])}.")
    elif event == "dispute":
        lines.append(f"{detail['what']}: {detail.get('reason') or detail.get('decision') or ''}".rstrip(": "))
    elif event == "chat":
        lines.append(f"{detail['name']} said: {detail['text']}")
    lines += ["", f"Open the match: {m['url']}", "", f"No more of these messages: {msg['unsubscribe_page']}"]
    return "\n".join(lines) + "\n"


def describe_outcome(outcome: dict | None, names: list) -> str:
    if not outcome:
        return "ended"
    def name(s):
        return names[s] if isinstance(s, int) and s < len(names) else str(s)
    if outcome.get("draw"):
        return "a draw" + (" by agreement" if outcome.get("reason") == "draw_agreed" else "")
    if outcome.get("reason") == "resign":
        return f"{', '.join(name(s) for s in outcome['resigned'])} resigned"
    if outcome.get("reason") == "forfeit":
        return f"{', '.join(name(s) for s in outcome['forfeited'])} forfeited"
    if outcome.get("winner") is not None:
        return f"{name(outcome['winner'])} won"
    if outcome.get("winners"):
        return f"{', '.join(name(s) for s in outcome['winners'])} won"
    return "ended"
