"""What the table shows, read from the state: the reserves (what the box holds less what
is elsewhere), a sbire's region and free slots, the places left on a location, where the
dragon is, what a region offers to collect. Pure functions of the rules and the state."""

from __future__ import annotations

from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState

__all__ = [
    "carried_anywhere",
    "collectable",
    "dragon_space",
    "fire_left",
    "free_slots",
    "frost_left",
    "gems_left",
    "gold_left",
    "places",
    "region_of",
    "runes_left",
    "stock",
    "wounds_left",
]


def gems_left(rules: RuleSet, state: GameState) -> int:
    """The energy gems in the reserve (25 at the start, l.220; a gem on a hero's bonus
    stays there for the game, l.373)."""
    held = sum(p.energy + len(p.bonuses) for p in state.players)
    return max(0, rules.constants.gems - held)


def gold_left(rules: RuleSet, state: GameState) -> int:
    """The gold coins in the reserve (25, l.93)."""
    return max(0, rules.constants.gold - sum(p.gold for p in state.players))


def runes_left(rules: RuleSet, state: GameState) -> int:
    """The reroll runes in the reserve (10, l.101)."""
    return max(0, rules.constants.runes - sum(p.runes for p in state.players))


def wounds_left(rules: RuleSet, state: GameState) -> int:
    """The wound tokens in the reserve (12, l.105)."""
    return max(0, rules.constants.wounds - sum(sum(p.wounds) for p in state.players))


def fire_left(rules: RuleSet, state: GameState) -> int:
    """The fire tokens not on a location (3, l.121)."""
    return max(0, rules.constants.fire_tokens - sum(state.fires))


def frost_left(rules: RuleSet, state: GameState) -> int:
    """The frost tokens not on a sbire (4, l.125)."""
    return max(0, rules.constants.frost_tokens - sum(sum(p.frozen) for p in state.players))


def carried_anywhere(state: GameState, kind: str) -> int:
    """The tokens of ingredient ``kind`` on sbires and in pantries."""
    return sum(p.pantry.count(kind) + sum(c.count(kind) for c in p.carried) for p in state.players)


def stock(rules: RuleSet, state: GameState, kind: str) -> int:
    """The tokens of ingredient ``kind`` in the reserve: the box's (l.97) less those in the
    bag, on the board, carried and in pantries."""
    total = next((i.count for i in rules.ingredients if i.id == kind), 0)
    on_board = sum(1 for _, k in state.tokens if k == kind)
    return max(0, total - state.bag.count(kind) - on_board - carried_anywhere(state, kind))


def region_of(state: GameState, seat: int, sbire: str) -> str:
    """Where ``seat``'s ``sbire`` is."""
    return state.players[seat].regions[state.sbires.index(sbire)]


def free_slots(rules: RuleSet, state: GameState, seat: int, sbire: str) -> int:
    """The free slots under ``seat``'s ``sbire``: its slots (the sturdy one has one more,
    l.277) less its ingredients not stacked on another (l.509) and its wounds (l.325)."""
    index = state.sbires.index(sbire)
    me = state.players[seat]
    used = len(me.carried[index]) - me.stacked[index] + me.wounds[index]
    return max(0, rules.slots(sbire) - used)


def places(rules: RuleSet, state: GameState) -> int:
    """Visits a location takes a round: its places (l.287), one with two players (l.160)."""
    c = rules.constants
    return c.two_player_places if len(state.players) == 2 else c.places


def dragon_space(rules: RuleSet, state: GameState) -> str:
    """The location space the dragon in play is on (``""``: no dragon, l.403)."""
    return rules.dragon(state.dragon).location if state.dragon else ""


def collectable(rules: RuleSet, state: GameState, seat: int, sbire: str) -> tuple[tuple[str, bool], ...]:
    """What ``sbire`` could collect in its region (l.267-271): each ingredient once, with
    whether it is a token lying there (else it is printed there and comes from the
    reserve); nothing without a free slot."""
    if not free_slots(rules, state, seat, sbire):
        return ()
    region = region_of(state, seat, sbire)
    found: dict[str, bool] = {kind: True for where, kind in state.tokens if where == region}
    printed = rules.region(region).ingredient
    if printed and printed not in found and stock(rules, state, printed):
        found[printed] = False
    return tuple(sorted(found.items()))
