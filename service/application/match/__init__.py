"""A match's life: create it, act, commit, load it, read it as a seat, tell it, explain it."""
