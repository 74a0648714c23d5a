"""The shared hidden-information suite: one set of tests run over every registered game (issue 13).

Which games: ``games.GAMES``, every game ``engine.core.list_games()`` returns, less the test-only toy
games of tests/conftest.py unless they declare ``secrets`` (so a game registered later is covered
without touching this package). A game without ``secrets`` fails every test here with "<game>
declares no secrets()"; nothing is skipped.

What a caller may not be told (``truth.Truth``), from the game's one declared answer,
``game.secrets(state, seat) -> Secrets(handles, identities)`` (seat None: a spectator):

- **now** (``strict(v)``): ``secrets(state_v, caller).identities``. Every answer *about the position
  at v* — a view (``GET /matches/{id}``'s ``view``, ``/state?version=v``'s ``view``), the legal
  actions, a 4xx answer to an action at v — is checked against it as the contract words it: "no
  answer to that seat may contain one of ``identities``".
- **ever** (``hidden(v)``): ``∪_{u≤v} secrets(state_u).identities − ∪_{u≤v} known_u``, where
  ``known_u`` is every identity of a card in the true state at u (its strings, and for a catalogue
  card — an id, or an instance id whose last letter is dropped — its id and printed names) less
  ``secrets(state_u).identities``: by the contract each card in a state is either hidden from the
  caller or knowable by it, so ``known_u`` is what the caller could legitimately have seen at u. A
  card public at u and hidden later is never a secret again (the caller saw it); a card hidden and
  then gone (a deck's removed cards) stays one. Answers *about the history up to v* — each event of
  ``/events``, ``/export``, ``/stream?follow=false``, ``since_your_last_action``, explain — are checked
  event by event against ``hidden(u)`` at the event's own version u.

Matching (``leaks.found``): a secret equal to a JSON string value or key (``secrets_check.where``),
and a hidden printed name (an identity that is a catalogue card's name / title / gloss, or any
non-ASCII identity) of two characters or more inside a longer string (an error message). What the
caller itself sent (an id it put in an action) is replaced by a placeholder first: an echo is no
leak.

The narrated log: every event a channel serves carries ``text``, its sentence, which is checked with
the event like any other string; ``test_narration`` pins the rule behind it (the sentence is the
narration of the event as redacted for that caller, never of the stored event).

Forks: a seat's fork re-deals what that seat could not see, so its answers to the forking seat are
checked against the original's ``hidden`` for that seat and the fork's own secrets; the other seats'
tokens of the fork show re-dealt cards drawn from the same pool as the truth, which no identity check
can tell apart, so there the suite checks the fork's true state differs from the original's at the
hidden places at least once per game (``test_forks``).

Logs (``test_logs``): a 3x3Wars match over gunicorn as the Procfile starts it, every move built step
by step through ``POST legal-actions`` and the deprecated ``GET ?partial=``; no line of the access log,
the error log or the service's JSON records holds any identity some caller could not be told at some
version, nor any credential the service handed out.

Probe counts per game are printed at the end of the session (``probes.COUNTS``).
"""
