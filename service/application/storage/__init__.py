"""The event store and every Redis key, script and connection the application uses."""
