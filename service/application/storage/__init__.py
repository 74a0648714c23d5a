"""Storage: the one part of kifu that talks to Redis. It owns every key, script and connection; the
rest of the application asks it to record and find things by name, handing it the event store.

  keys.py          every key of the store, spelt once
  connections.py   the clients: a Redis, a Redis Cluster or the embedded fakeredis (and the queue Redis)
  store.py         the event store: a match's stream, meta, seed, snapshots and answers (append.lua),
                   with records.py (stored events) and state_cache.py (states kept in memory)
  live.py          the live channels: a message per append, the web process's subscription, many
                   matches' new events in one round trip
  listing.py       the listing's indexes
  table.py         seat claims, invites, the lobby's open seats, the rematch claim
  players.py       players, their keys and sign-in codes, seats bound to them, their lists of matches
  rate_limits.py   the rate limits' counters
  api_keys.py      API keys and their daily use
  notify.py        subscriptions, deliveries and their logs
  exports.py       dataset exports
  simulations.py   simulations' specs, games and results
  figures.py       the workers' figures for GET /metrics
  replies.py       what Redis answers, as text
"""
