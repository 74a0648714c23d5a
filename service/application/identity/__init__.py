"""Who is who: seat tokens, players and their keys, API keys."""
