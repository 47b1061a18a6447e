"""The semantic checks of Cavern Tavern's content, after the schema: references between
items (ingredients, tracks), the places every die of the starting roll needs, counts that
a game needs to be played, orders and Nasty's demands a player can meet, amounts that
do something, each problem located at the item that has it.

Each kind of item has its check, a small function in :data:`CHECKS`, run in order."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from taverna_rules.content.amounts import no_effect
from taverna_rules.content.option_checks import condition_problems, option_problems, options_tested
from taverna_rules.content.problems import Problem
from taverna_rules.content.where import Where, node_paths, unknown_reference
from taverna_rules.content.yaml_source import PathItem
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.cavern_tavern.ruleset import ENGINE_OPTIONS, TASK_AREAS, RuleSet

__all__ = ["CHECKS", "check"]

#: The tracks the engine reads by name.
TRACKS = ("kitchen", "chores", "nasty")
#: The arguments that hold an amount, and the op that reads one below zero as a loss.
AMOUNTS = ("points",)
LOSSES = ("score",)


def _effects(rules: RuleSet) -> list[tuple[str, str, tuple[str, ...], Node]]:
    """Every effect of the content: (kind, item id, path to it in the item, node)."""
    out: list[tuple[str, str, tuple[str, ...], Node]] = [
        ("places", p.id, ("effect",), p.effect) for p in rules.places
    ]
    out += [("items", i.id, ("effect",), i.effect) for i in rules.items]
    out += [("nasty_says", n.id, ("demand",), n.demand) for n in rules.nasty_says]
    out += [("secret_tasks", s.id, ("effect",), s.effect) for s in rules.secret_tasks]
    return out


def check(rules: RuleSet, where: Where, complete: bool = True) -> list[Problem]:
    """Every semantic problem of the content, in the order of :data:`CHECKS`, then the rule
    options' (without ``complete`` content, an option nothing reads is not reported: the
    file dropped for its problems may be the one that reads it)."""
    tested = options_tested(node for *_, node in _effects(rules))
    options = option_problems(rules.options, where, tested, ENGINE_OPTIONS, complete)
    return [*(problem for each in CHECKS for problem in each(rules, where)), *options]


def _option_conditions(rules: RuleSet, where: Where) -> list[Problem]:
    """A condition on a rule option names one, and a value it can take."""
    return [
        problem
        for kind, ident, at, node in _effects(rules)
        for part, path in node_paths(node)
        for problem in condition_problems(
            where, kind, ident, (*at, *path, part.op, "cond"), part.arg("cond"), rules.options
        )
    ]


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


def _no_effect(rules: RuleSet, where: Where) -> list[Problem]:
    """An amount of 0 (``score: {points: 0}``) is a step that does nothing."""
    out: list[Problem] = []
    for kind, ident, at, effect in _effects(rules):
        for node, path in node_paths(effect):
            out += no_effect(where, kind, ident, (*at, *path, node.op), node, AMOUNTS, LOSSES, _points_hint)
    return out


def _points_hint(node: Node, value: int) -> str:
    return "give the points it scores (below 0: the points it costs), or remove the step"


def _order_points(rules: RuleSet, where: Where) -> list[Problem]:
    """An order pays the most when served in the round it was taken, and less (or as
    much) each round late: its points never grow with lateness."""
    out: list[Problem] = []
    for order in rules.orders:
        rises = [n for n in range(1, len(order.points)) if order.points[n] > order.points[n - 1]]
        if rises:
            late = rises[0]
            out.append(
                where.problem(
                    "orders",
                    order.id,
                    "points-order",
                    f"order {order.id!r} pays {order.points[late]!r} when {late} "
                    f"{'round' if late == 1 else 'rounds'} late but {order.points[late - 1]!r} "
                    f"a round earlier: an order pays less each round late",
                    ("points", late),
                    "list the points from served on time (the most) to the last round late "
                    f"(the least), e.g. {sorted(order.points, reverse=True)}",
                )
            )
    return out


def _order_supply(rules: RuleSet, where: Where) -> list[Problem]:
    """An order asks for no more of a kind than its copies and every Magic Potion (each
    stands for one ingredient): more can never be served."""
    out: list[Problem] = []
    most = rules.constants.ingredient_copies + rules.constants.potion_copies
    for order in rules.orders:
        for ingredient, count in order.ingredients:
            if count > most and ingredient in rules.ingredient_ids:
                out.append(
                    where.problem(
                        "orders",
                        order.id,
                        "order-unservable",
                        f"order {order.id!r} asks for {count!r} {_named(rules, ingredient)}, and a player "
                        f"can hold at most {most}: {rules.constants.ingredient_copies} in the supply and "
                        f"{rules.constants.potion_copies} Magic Potions standing for one each",
                        ("ingredients", ingredient),
                        f"ask for {most} or fewer",
                    )
                )
    return out


def _demands(rules: RuleSet, where: Where) -> list[Problem]:
    """What a Nasty card asks at once fits in the game's supply (an error when it never
    can), and takes no more than half the copies of a kind (a warning: a player seldom
    holds that many at once, and an unmet card costs points at the end)."""
    out: list[Problem] = []
    for card in rules.nasty_says:
        for (op, name), (count, at) in _asked(card.demand).items():
            out += _demand_problems(rules, where, card.id, op, name, count, ("demand", *at))
    return out


def _asked(demand: Node) -> dict[tuple[str, str], tuple[int, tuple[PathItem, ...]]]:
    """What a demand asks whole: (op, ingredient) -> how many and where it is first asked,
    summed over the steps of its ``seq`` (a choice or a condition may ask less)."""
    asked: dict[tuple[str, str], tuple[int, tuple[PathItem, ...]]] = {}
    for node, path in node_paths(demand):
        if any(isinstance(step, str) and step != "seq" for step in path):
            continue
        count = node.arg("count")
        if node.op in ("return_ingredients", "give_items") and isinstance(count, int):
            key = (node.op, str(node.arg("ingredient") or ""))
            before, first = asked.get(key, (0, (*path, node.op, "count")))
            asked[key] = (before + count, first)
    return asked


def _demand_problems(
    rules: RuleSet, where: Where, ident: str, op: str, name: str, count: int, at: tuple[PathItem, ...]
) -> list[Problem]:
    """The problems of a demand of ``count`` cards of one kind (``name``) or items."""
    constants = rules.constants
    if op == "give_items":
        copies, what = sum(i.copies for i in rules.items), "item cards in the deck"
    elif name == rules.potion.id:
        copies, what = constants.potion_copies, "Magic Potions in the game"
    elif name in rules.ingredient_ids:
        copies, what = constants.ingredient_copies, f"{_named(rules, name)} in the supply"
    else:
        return []  # an unknown ingredient, reported by _effect_ingredients
    asks = (
        f"Nasty's card {ident!r} asks for {count!r} {'items' if op == 'give_items' else _named(rules, name)}"
    )
    if count > copies:
        message = f"{asks}, and there are {copies} {what}: it can never be met"
        return [
            where.problem("nasty_says", ident, "demand-impossible", message, at, f"ask for {copies} or fewer")
        ]
    if op == "return_ingredients" and 2 * count > copies:
        message = (
            f"{asks} at once, more than half of the {copies} {what}: a player seldom holds that many, "
            f"and an unmet card costs {constants.unfinished_nasty} points at the end"
        )
        check = "`taverna check --game cavern_tavern`"
        hint = f"ask for {copies // 2} or fewer, or run {check} to see how often it is met"
        return [
            attrs.evolve(
                where.problem("nasty_says", ident, "demand-seldom", message, at, hint), severity="warning"
            )
        ]
    return []


def _secret_tasks(rules: RuleSet, where: Where) -> list[Problem]:
    """A secret task scores points: it is scored after every other end-of-game count, so
    one that never scores changes nothing."""
    out: list[Problem] = []
    for task in rules.secret_tasks:
        if any(node.op == "score" for node in task.effect.walk()):
            continue
        problem = where.problem(
            "secret_tasks",
            task.id,
            "no-effect",
            f"secret task {task.id!r} scores no points ({task.effect.op!r}): secret tasks are "
            "scored at the very end, after the ingredients and the Nasty track are counted",
            ("effect",),
            "score points, e.g. score: {points: 2, per: {count: orders_served}}",
        )
        out.append(attrs.evolve(problem, severity="warning"))
    return out


def _named(rules: RuleSet, ingredient: str) -> str:
    """An ingredient's English name (a place may share the Magic Potion's id)."""
    found = [i for i in (*rules.ingredients, rules.potion) if i.id == ingredient]
    return found[0].name.get("en") if found else ingredient


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
    _option_conditions,
    _effect_ingredients,
    _no_effect,
    _orders,
    _order_points,
    _order_supply,
    _demands,
    _secret_tasks,
    _tracks,
    _places,
    _cellar,
    _cards,
)
