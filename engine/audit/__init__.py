"""Audit and replay on top of the engine (no Flask/Redis/RQ): recording the rng's draws,
re-deciding a stored match from its revealed seed, rules versions kept per match, ruling diffs and
state differences."""
