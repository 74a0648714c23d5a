"""One conformance suite for every registered game (issue 14; docs/DECIDER.md, docs/WRITING_A_GAME.md
"Tests").

Which games: every game ``engine.core.list_games()`` returns, the test-only toys of tests/conftest.py
included, in every variant and every seat count the variant takes (``games.configs()``): a game
registered later is covered without touching this package. What is checked is the decider contract
of engine/core/game.py, and nothing any one game's rules say:

- ``test_playouts``: seeded random games to the end, every action drawn from ``legal_actions`` and
  accepted through ``engine.core.match.play``; ``to_act`` and ``legal_actions`` agree; every event
  names a rule of the game's ``describe()["rules"]`` (or a platform rule ``kifu/...``); the outcome's
  ``results`` are one value in [0, 1] per seat.
- ``test_folds``: the events folded from MatchCreated equal the state built as the game went; states
  and events round-trip through JSON and a JSON snapshot plus the later events gives the same
  state; ``evolve`` is deterministic; ``decide`` leaves its input alone.
- ``test_facts``: a game's declaration (``facts``) is complete and true: its id is the one it is
  registered under, each variant takes exactly its declared seat counts, it declares exactly the
  optional hooks it has, every bot it offers moves legally, and no caller (the bots, the compact
  path, simulations' card reader, the narrated log) calls a hook it does not declare.
- ``test_capabilities``: the declared hooks keep their promises (determinize, evaluate,
  evaluate_seats, cards_named, compact_step).
- ``test_choices``: the choice protocol reaches every listed and accepted action, everything it
  completes is accepted, no step offers too many options or names what the seat may not know.
- ``test_actions``: every listed action's type and fields are declared in ``action_fields``;
  malformed actions are an IllegalAction naming a rule, never a crash, and change nothing.
- ``test_secrets``: no view shows one of the seat's ``secrets(...).identities`` as a string value
  (the full hidden-information probe over the service is tests/hidden).
- ``test_narration``: every real game narrates its events (``narrate``); every event type has a line
  or is a folded internal step; a sentence is made of the event as redacted for its reader, shows no
  event type name and names no card hidden from that reader; the table's events all have a line.
- ``test_card_text``: every card a game describes carries its ``text``, with no effect name untold.

The games are played once per session (``games.playouts``, cached); the other tests read positions
sampled from them. Everything is seeded: no wall clock, no unseeded randomness.
"""
