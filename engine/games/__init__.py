"""The games, one package each; ``engine.core.registry`` finds every package here that defines
``GAME`` (nothing to list when a game is added)."""
