"""Moving cards between zones as events, with the identity shown exactly to those who may see it.

A card going face up (graveyard, energy, squares, stack, remove zone) is revealed to everyone; a card
going to a hand is revealed to its owner only (``private``); the deck and the smash zone are face
down (001 ch.1 §4, 000 プレイシートの見方: 裏向きのカードは双方のプレイヤー共に確認することはできません).
"""
from engine.games.dimension_zero.rulebook import rule
from engine.games.dimension_zero.state import location, owner

PUBLIC = ("grave", "energy", "square", "base", "stack", "removed")


def shown(state, cid, dest) -> dict:
    key = state["cards"][cid]
    if dest in PUBLIC:
        return {"reveal": {cid: key}}
    if dest == "hand":
        private = [{}, {}]
        private[owner(cid)] = {cid: key}
        return {"private": private}
    return {}


def move(em, cid, dest, rule_id, cause, **extra) -> int:
    src = location(em.state, cid)
    data = {"card": cid, "from": src, "to": dest, **extra, **shown(em.state, cid, dest)}
    return em.emit("CardMoved", data, rule(rule_id), cause=cause)


def draw(em, seat, n, rule_id, cause):
    deck = em.state["players"][seat]["deck"]
    cards = deck[:n]
    if not cards:
        return None
    private = [{}, {}]
    private[seat] = {c: em.state["cards"][c] for c in cards}
    return em.emit("CardsDrawn", {"seat": seat, "cards": cards, "private": private}, rule(rule_id), cause=cause)
