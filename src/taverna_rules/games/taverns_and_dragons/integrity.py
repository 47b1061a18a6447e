"""What must hold in every state of Taverns & Dragons: the box's supplies are never
overdrawn (gems, gold, runes, wounds, each ingredient, fire and frost tokens: what is out
of the reserve never exceeds what the box holds), no count is negative, a sbire never holds
more than its slots, each card is in one place, the map and the locations are the
content's. Checked on positions and by the conformance kit after every action."""

from __future__ import annotations

from collections import Counter

from taverna_rules.core.records import HIDDEN
from taverna_rules.games.taverns_and_dragons.ruleset import INGREDIENTS, RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState
from taverna_rules.games.taverns_and_dragons.table import carried_anywhere, free_slots

__all__ = ["state_problems"]


def _supplies(rules: RuleSet, state: GameState) -> list[str]:
    c = rules.constants
    out = {
        "gems": (sum(p.energy + len(p.bonuses) for p in state.players), c.gems),
        "gold": (sum(p.gold for p in state.players), c.gold),
        "runes": (sum(p.runes for p in state.players), c.runes),
        "wounds": (sum(sum(p.wounds) for p in state.players), c.wounds),
        "fire tokens": (sum(state.fires), c.fire_tokens),
        "frost tokens": (sum(sum(p.frozen) for p in state.players), c.frost_tokens),
    }
    for ingredient in rules.ingredients:
        kind = ingredient.id
        held = state.bag.count(kind) + sum(k == kind for _, k in state.tokens) + carried_anywhere(state, kind)
        out[f"{kind} tokens"] = (held, ingredient.count)
    return [
        f"{held} {what} are out of a box of {total}" for what, (held, total) in out.items() if held > total
    ]


def _players(rules: RuleSet, state: GameState) -> list[str]:
    problems: list[str] = []
    regions = {r.id for r in rules.regions}
    for seat, me in enumerate(state.players):
        for field in ("gold", "energy", "runes", "prestige", "power", "damage"):
            if getattr(me, field) < 0:
                problems.append(f"{me.name!r} has {getattr(me, field)} {field}")
        if any(d not in rules.action_die for d in me.dice):
            problems.append(f"{me.name!r} has dice {list(me.dice)} no face of the action die shows")
        if not me.regions:
            continue  # not set up yet
        if len(me.regions) != len(state.sbires):
            problems.append(f"{me.name!r} has {len(me.regions)} sbires placed for {len(state.sbires)}")
            continue
        for index, sbire in enumerate(state.sbires):
            if me.regions[index] not in regions:
                problems.append(f"{me.name!r}'s {sbire} is in {me.regions[index]!r}, no region of the map")
            if me.wounds[index] < 0 or me.stacked[index] < 0:
                problems.append(f"{me.name!r}'s {sbire} has a negative count")
            if any(k not in INGREDIENTS for k in me.carried[index]):
                problems.append(f"{me.name!r}'s {sbire} carries {list(me.carried[index])}")
            used = len(me.carried[index]) - me.stacked[index] + me.wounds[index]
            if used > rules.slots(sbire) or free_slots(rules, state, seat, sbire) < 0:
                problems.append(f"{me.name!r}'s {sbire} fills {used} slots of {rules.slots(sbire)}")
        if any(k not in INGREDIENTS for k in me.pantry):
            problems.append(f"{me.name!r}'s pantry holds {list(me.pantry)}")
        # a bonus's gem stays on its card when the hero changes hands (B18): only the
        # exhausted heroes must be his
        if not set(me.exhausted) <= set(me.heroes):
            stray = sorted(set(me.exhausted) - set(me.heroes))
            problems.append(f"{me.name!r} has exhausted heroes he does not have: {stray}")
    return problems


def _cards(rules: RuleSet, state: GameState) -> list[str]:
    """Each hero, recipe and trophy in one place at most (a hidden card stands for one)."""
    problems: list[str] = []
    for what, places in (
        ("heroes", [*state.market, *state.hero_deck, *(h for p in state.players for h in p.heroes)]),
        ("recipes", [*state.row, *state.recipe_deck, *(r for p in state.players for r in p.recipes)]),
        ("trophies", [*state.trophy_pile, *(t for p in state.players for t in p.trophies)]),
    ):
        doubled = sorted(c for c, n in Counter(x for x in places if x and x != HIDDEN).items() if n > 1)
        if doubled:
            problems.append(f"{what} in two places: {doubled}")
    return problems


def state_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Everything inconsistent in ``state`` (none: ``[]``)."""
    problems = [*_supplies(rules, state), *_players(rules, state), *_cards(rules, state)]
    known = {loc.id for loc in rules.locations}
    if any(loc not in known for loc in state.locations):
        problems.append(f"the locations {list(state.locations)} are not the content's")
    if len(state.locations) not in (0, len(rules.spaces)):
        problems.append(f"{len(state.locations)} locations for {len(rules.spaces)} spaces")
    if state.dragon and state.dragon not in {d.id for d in rules.dragons}:
        problems.append(f"no dragon {state.dragon!r} in the content")
    regions = {r.id for r in rules.regions}
    if any(region not in regions for region, _ in state.tokens):
        problems.append("an ingredient token lies outside the map")
    if len(state.used) != len(state.locations) or any(n < 0 for n in state.used):
        problems.append(f"the places used {list(state.used)} do not match the locations")
    return problems
