"""Datasets for analysis tools: the ended matches as tables, exported in the background."""
