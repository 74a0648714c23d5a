"""kifu's rules engine: pure deciders, one package per game. No Flask, Redis or RQ here."""
