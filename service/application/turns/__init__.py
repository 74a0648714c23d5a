"""What a match waits on: the bots' moves and the deadlines of people, as due jobs."""
