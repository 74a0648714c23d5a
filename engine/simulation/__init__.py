"""Bot-vs-bot games and their statistics, pure: a game played by bots from a seed and an index, and
the aggregate of many (wins with Wilson intervals, lengths, per-card counts)."""
