"""The semantic checks of Cavern Tavern's content, after the schema: references between
items (ingredients, tracks), the places every die of the starting roll needs, counts that
a game needs to be played, each problem located at the item that has it.

Each kind of item has its check, a small function in :data:`CHECKS`, run in order."""

from __future__ import annotations

from collections.abc import Callable

from taverna_rules.content.problems import Problem
from taverna_rules.content.where import Where, node_paths, unknown_reference
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.cavern_tavern.ruleset import TASK_AREAS, RuleSet

__all__ = ["CHECKS", "check"]

#: The tracks the engine reads by name.
TRACKS = ("kitchen", "chores", "nasty")


def _effects(rules: RuleSet) -> list[tuple[str, str, tuple[str, ...], Node]]:
    """Every effect of the content: (kind, item id, path to it in the item, node)."""
    out: list[tuple[str, str, tuple[str, ...], Node]] = [
        ("places", p.id, ("effect",), p.effect) for p in rules.places
    ]
    out += [("items", i.id, ("effect",), i.effect) for i in rules.items]
    out += [("nasty_says", n.id, ("demand",), n.demand) for n in rules.nasty_says]
    out += [("secret_tasks", s.id, ("effect",), s.effect) for s in rules.secret_tasks]
    return out


def check(rules: RuleSet, where: Where) -> list[Problem]:
    """Every semantic problem of the content, in the order of :data:`CHECKS`."""
    return [problem for each in CHECKS for problem in each(rules, where)]


def _effect_ingredients(rules: RuleSet, where: Where) -> list[Problem]:
    """The ingredients effects name exist (the Magic Potion is one)."""
    out: list[Problem] = []
    ingredients = (*rules.ingredient_ids, rules.potion.id)
    for kind, ident, at, node in _effects(rules):
        for part, path in node_paths(node):
            value = part.arg("ingredient")
            if isinstance(value, str) and value not in ingredients:
                out += unknown_reference(
                    where, kind, ident, (*at, *path, part.op, "ingredient"), "ingredient", value, ingredients
                )
    return out


def _orders(rules: RuleSet, where: Where) -> list[Problem]:
    """An order asks for known ingredients and scores each round its customers wait."""
    out: list[Problem] = []
    for order in rules.orders:
        for ingredient, _ in order.ingredients:
            if ingredient not in rules.ingredient_ids:
                out += unknown_reference(
                    where,
                    "orders",
                    order.id,
                    ("ingredients", ingredient),
                    "ingredient",
                    ingredient,
                    rules.ingredient_ids,
                )
        if order.leave_after > len(order.points):
            out.append(
                where.problem(
                    "orders",
                    order.id,
                    "short-points",
                    f"order {order.id!r} gives points for {len(order.points)} rounds late but its "
                    f"customers wait {order.leave_after}",
                    ("points",),
                    "give one number for each round late until they leave",
                )
            )
    return out


def _tracks(rules: RuleSet, where: Where) -> list[Problem]:
    """The tracks the engine reads are there, and Nasty's has a penalty per position."""
    out: list[Problem] = []
    known = {t.id for t in rules.tracks}
    for name in TRACKS:
        if name not in known:
            out.append(
                Problem("missing-track", f"no {name!r} track in the content", hint="the base game has one")
            )
    for track in rules.tracks:
        if track.id == "nasty" and len(track.penalty) != track.top + 1:
            out.append(
                where.problem(
                    "tracks",
                    track.id,
                    "track-penalty",
                    f"the Nasty track has {track.top + 1} positions but {len(track.penalty)} penalties",
                    ("penalty",),
                )
            )
    return out


def _places(rules: RuleSet, where: Where) -> list[Problem]:
    """A place takes a sum or a count of dice, has a slot for every player count, and
    its task area's track exists."""
    out: list[Problem] = []
    known = {t.id for t in rules.tracks}
    for place in rules.places:
        if bool(place.dice_sum) == bool(place.dice_count):
            out.append(
                where.problem(
                    "places",
                    place.id,
                    "place-dice",
                    f"place {place.id!r} takes a sum or a count of dice, one of them",
                    ("dice",),
                )
            )
        missing = [n for n in rules.constants.player_counts if place.slots_for(n) < 1]
        if missing:
            out.append(
                where.problem(
                    "places",
                    place.id,
                    "place-slots",
                    f"place {place.id!r} has no slot with {missing} players",
                    ("slots",),
                )
            )
        if place.area in TASK_AREAS and place.area not in known:
            out.append(
                where.problem("places", place.id, "unknown-reference", f"no {place.area!r} track", ("area",))
            )
    return out


def _cellar(rules: RuleSet, where: Where) -> list[Problem]:
    """The starting roll takes an ingredient for each die: a Cellar place for each value."""
    cellar = {p.dice_sum for p in rules.places if p.area == "cellar"}
    lacking = [v for v in range(1, 7) if v not in cellar]
    if not lacking:
        return []
    return [
        Problem(
            "missing-cellar",
            f"no Cellar place for a die of {lacking}: the starting roll takes an ingredient for each die",
        )
    ]


def _cards(rules: RuleSet, where: Where) -> list[Problem]:
    """A secret task for each player, an order for each table."""
    out: list[Problem] = []
    most = max(rules.constants.player_counts)
    if len(rules.secret_tasks) < most:
        out.append(
            Problem("too-few-cards", f"{len(rules.secret_tasks)} secret tasks for {most} players: one each")
        )
    if len(rules.orders) < rules.constants.tables:
        out.append(
            Problem("too-few-cards", f"{len(rules.orders)} orders for {rules.constants.tables} tables")
        )
    return out


#: The check of each kind of item, in the order their problems are reported.
CHECKS: tuple[Callable[[RuleSet, Where], list[Problem]], ...] = (
    _effect_ingredients,
    _orders,
    _tracks,
    _places,
    _cellar,
    _cards,
)
