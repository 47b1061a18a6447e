"""A sbire on the map (l.242-252, l.281-291): the routes of a move (exactly as many
regions as its die, one more for the booted sbire, one fewer once frozen; the path
clockwise, forks as the arrows allow), a rune each time it enters Vén'Érable (B4), and
the locations it may visit from its region: adjacent by letter, a place free, not visited
in this activation, no dragon on it, its cost payable."""

from __future__ import annotations

from taverna_rules.core.board_map import Route, routes
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Task
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons.ruleset import Cost, RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState
from taverna_rules.games.taverns_and_dragons.table import dragon_space, places, region_of, runes_left

__all__ = ["cost_of", "move", "reach", "route_text", "visit", "visitable"]


def reach(rules: RuleSet, state: GameState, seat: int, sbire: str, die: int) -> tuple[Route, ...]:
    """The routes a move of ``sbire`` with a die of ``die`` may take (l.244-248)."""
    index = state.sbires.index(sbire)
    me = state.players[seat]
    steps = max(1, die + rules.sbire(sbire).moves - (1 if me.frozen[index] else 0))
    return routes(rules.board, region_of(state, seat, sbire), steps)


def route_text(route: Route) -> str:
    """A route as a :class:`~taverna_rules.games.taverns_and_dragons.actions.Move` writes it."""
    return "/".join(route.path)


def move(engine: Engine, seat: int, sbire: str, path: tuple[str, ...], *, frost: bool = True) -> None:
    """``sbire`` moves through ``path``: a rune each time it enters the runes region (what
    is left, l.252, B4); a frost token is spent on the move (``frost``)."""
    rules: RuleSet = engine.rules
    engine.emit(ev.SbireMoved(seat, sbire, path))
    state: GameState = engine.state
    if frost and state.players[seat].frozen[state.sbires.index(sbire)]:
        engine.emit(ev.FrostMelted(seat, sbire))
    runes = min(path.count(rules.runes), runes_left(rules, engine.state))
    if runes:
        engine.emit(ev.RunesGained(seat, runes, "Vén'Érable"))


def cost_of(rules: RuleSet, state: GameState, location: str, waive: tuple[str, ...] = ()) -> Cost:
    """What the next visit of ``location`` pays this round: the cost of its next place
    (B7: the first visit of a round pays the first), less what ``waive`` names."""
    loc = rules.location(location)
    space = state.locations.index(location)
    cost = loc.places[min(state.used[space], len(loc.places) - 1)]
    return Cost(
        0 if "gold" in waive else cost.gold,
        0 if "energy" in waive else cost.energy,
        cost.prestige,
        cost.carried,
    )


def _payable(rules: RuleSet, state: GameState, seat: int, sbire: str, cost: Cost) -> bool:
    me = state.players[seat]
    carried = me.carried[state.sbires.index(sbire)]
    return (
        me.gold >= cost.gold
        and me.energy >= cost.energy
        and me.prestige >= cost.prestige
        and all(carried.count(kind) >= n for kind, n in cost.carried)
    )


def visitable(
    rules: RuleSet,
    state: GameState,
    seat: int,
    sbire: str,
    waive: tuple[str, ...] = (),
    dragon: bool = False,
) -> tuple[str, ...]:
    """The locations ``sbire`` may visit now (l.281-291): those :func:`visit_refusal`
    finds nothing against."""
    return tuple(
        location
        for location in state.locations
        if not visit_refusal(rules, state, seat, sbire, location, waive, dragon)
    )


def visit_refusal(
    rules: RuleSet,
    state: GameState,
    seat: int,
    sbire: str,
    location: str,
    waive: tuple[str, ...] = (),
    dragon: bool = False,
) -> str:
    """Why ``sbire`` may not visit ``location`` now (``""``: it may): it must be laid on a
    space its region is adjacent to (l.281), with a place free (2, or 1 with two players,
    l.160), not visited in this activation (l.289), no dragon on it (l.291; ``dragon``:
    allowed, l.525), not the Forge for a player holding its token (B16), its cost payable
    (B17)."""
    if location not in state.locations:
        return f"{location!r} is not one of the locations laid"
    index = state.locations.index(location)
    space = rules.spaces[index]
    if space not in rules.region(region_of(state, seat, sbire)).letters:
        return f"it is not adjacent to the sbire's region (space {space}, l.281)"
    if space == dragon_space(rules, state) and not dragon:
        return "the dragon is on it (l.291)"
    if state.used[index] >= places(rules, state):
        return "its places are taken this round (l.287)"
    if state.active == seat and location in state.visited:
        return "the sbire visited it in this activation (l.289)"
    if state.players[seat].forge and any(n.op == "forge" for n in rules.location(location).effect.walk()):
        return "you hold a Forge token already: one at most (l.554)"
    if not _payable(rules, state, seat, sbire, cost_of(rules, state, location, waive)):
        return "you cannot pay its cost (l.285)"
    return ""


def visit(engine: Engine, seat: int, sbire: str, location: str, waive: tuple[str, ...] = ()) -> None:
    """``sbire`` visits ``location``: its cost put on the tile (l.285), its effect at once."""
    rules: RuleSet = engine.rules
    cost = cost_of(rules, engine.state, location, waive)
    carried = tuple(kind for kind, n in cost.carried for _ in range(n))
    engine.emit(ev.LocationVisited(seat, sbire, location, cost.gold, cost.energy, cost.prestige, carried))
    engine.push(Task(EFFECT, seat, f"location:{location}"))
