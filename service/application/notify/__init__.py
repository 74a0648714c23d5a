"""Notifications: what a commit is worth telling, to whom, and its delivery."""
