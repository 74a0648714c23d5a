"""The application core: what kifu does with a match (create, act, read, seat, dispute, fork,
export, explain; deadlines and bot turns) over the event store. It imports neither Flask nor RQ: it
raises domain errors (``errors``) that adapters map, and asks for background work through the port in
``ports``."""
