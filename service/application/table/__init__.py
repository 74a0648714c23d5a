"""The table around a match: seats and their tokens, the table's own moves, rematches, disputes."""
