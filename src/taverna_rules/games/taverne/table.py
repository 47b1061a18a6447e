"""Who sits where: the players present in the order of play, whom each attack spot
reaches, a seat's weapons by value, and the player's Prestige.

Ranges are counted over the players present only (l.148, l.303): a knocked-out or absent
player's seat is skipped, as if nobody sat there.
"""

from __future__ import annotations

from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.state import GameState, value_of, weapon_id

__all__ = ["big", "fresh_set", "next_pilier", "prestige", "target", "weapon_butin"]


def prestige(rules: RuleSet, state: GameState, seat: int) -> int:
    """``seat``'s Prestige, read from his pints on the meter."""
    return rules.prestige(state.players[seat].pints)


def target(state: GameState, seat: int, spot: str) -> int:
    """The seat ``seat`` reaches from ``spot``, or -1 when it reaches nobody: himself, with
    too few players present (l.142-148 and the reading A5 of docs/rulings.rst), or at long
    range without a dodge set aside.

    Melee reaches the first player present on that side, range the second; at long range
    (rule option ``long_range``, l.326-327) the X-th, X the weapons ``seat`` set aside to
    dodge (none: nobody, one: the neighbour, reading A16)."""
    present = state.present()
    if seat not in present:
        return -1
    index, count = present.index(seat), len(present)
    distance = 1
    if spot.startswith("ranged"):
        distance = len(state.players[seat].dodges) if state.option("long_range") else 2
        if not distance:
            return -1
    reached = present[(index + (distance if spot.endswith("left") else -distance)) % count]
    return -1 if reached == seat else reached


def next_pilier(state: GameState) -> int:
    """The first player present on the Pilier's left (l.184; if the Pilier has left the
    table, the first one on the left of his seat)."""
    table = state.table
    start = table.index(state.pilier)
    for step in range(1, len(table) + 1):
        seat = table[(start + step) % len(table)]
        if state.players[seat].present:
            return seat
    return state.pilier


def fresh_set(rules: RuleSet, seat: int) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
    """A seat's weapons as a Comptoir is set up (l.89): the small ones in hand, the big
    ones in the pile, the smallest on top (hand, top, the rest of the pile)."""
    small = rules.constants.small_max
    hand = tuple(weapon_id(w.value, seat) for w in rules.weapons if w.value <= small)
    pile = tuple(weapon_id(w.value, seat) for w in rules.weapons if w.value > small)
    return hand, (pile[0] if pile else ""), pile[1:]


def big(rules: RuleSet, weapon: str) -> bool:
    """True for a big weapon: it goes under the pile after use (l.164)."""
    return value_of(weapon) > rules.constants.small_max


def weapon_butin(rules: RuleSet, state: GameState, weapon: str, loser: int) -> int:
    """The Butin printed on ``weapon``: 1 on a small one, the loser's Prestige ("P") on a
    big one (l.160, l.230-231)."""
    return prestige(rules, state, loser) if big(rules, weapon) else 1
