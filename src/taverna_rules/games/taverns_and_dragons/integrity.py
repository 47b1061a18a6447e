"""What must hold in every state of Taverns & Dragons: the box's supplies are never
overdrawn (gems, gold, runes, wounds, each ingredient, fire and frost tokens: what is out
of the reserve never exceeds what the box holds), no count is negative, a sbire never holds
more than its slots, each card is in one place, every card, token, tavern, sbire, region
and symbol named is the content's, and every count is one the box allows (dice, dice
placed, places used, the round, the activation's die). Checked on positions (a document
written by hand is refused with these words, not played into a crash) and by the
conformance kit after every action."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import partial

from taverna_rules._shown import shown
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.position_data import check_stack
from taverna_rules.core.records import HIDDEN, Task
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.effects import resolve_ref
from taverna_rules.games.taverns_and_dragons.flow import FLOW
from taverna_rules.games.taverns_and_dragons.ruleset import DAY_ICONS, INGREDIENTS, RuleSet
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
    for seat, me in enumerate(state.players):
        for field in ("gold", "energy", "runes", "prestige", "power", "damage"):
            if getattr(me, field) < 0:
                problems.append(f"{me.name!r} has {getattr(me, field)} {field}")
        if any(d not in rules.action_die for d in me.dice):
            problems.append(f"{me.name!r} has dice {list(me.dice)} no face of the action die shows")
        if not me.regions:
            continue  # not set up yet
        for index, sbire in enumerate(state.sbires):
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
    """Each hero, recipe, trophy and Forge token in one place at most (a hidden card
    stands for one)."""
    problems: list[str] = []
    for what, places in (
        ("heroes", [*state.market, *state.hero_deck, *(h for p in state.players for h in p.heroes)]),
        ("recipes", [*state.row, *state.recipe_deck, *(r for p in state.players for r in p.recipes)]),
        ("trophies", [*state.trophy_pile, *(t for p in state.players for t in p.trophies)]),
        ("forge tokens", [*state.forge_pool, *(p.forge for p in state.players)]),
    ):
        doubled = sorted(c for c, n in Counter(x for x in places if x and x != HIDDEN).items() if n > 1)
        if doubled:
            problems.append(f"{what} in two places: {doubled}")
    return problems


def _unknown(what: str, named: Iterable[str], known: Iterable[str]) -> list[str]:
    """``what`` naming something not in ``known`` (empty names and hidden cards aside)."""
    stray = sorted({n for n in named if n and n != HIDDEN} - set(known))
    return [f"{what} {stray} are not in the content"] if stray else []


def _references(rules: RuleSet, state: GameState) -> list[str]:
    """Every id a state names is one of the content's."""
    heroes = [h.id for h in rules.heroes]
    recipes = [r.id for r in rules.recipes]
    players = state.players
    named = (
        ("taverns", [p.tavern for p in players], [t.id for t in rules.taverns]),
        ("heroes", [*state.market, *state.hero_deck, *(h for p in players for h in p.heroes)], heroes),
        ("heroes with a bonus used", [h for p in players for h in p.bonuses], heroes),
        ("recipes", [*state.row, *state.recipe_deck, *(r for p in players for r in p.recipes)], recipes),
        (
            "trophies",
            [*state.trophy_pile, *(t for p in players for t in p.trophies)],
            [t.id for t in rules.trophies],
        ),
        ("forge tokens", [*state.forge_pool, *(p.forge for p in players)], [t.id for t in rules.forge]),
        (
            "missions",
            [state.mission, *state.mission_deck, *(m for p in players for m in p.missions)],
            [m.id for m in rules.missions],
        ),
        ("events", [*state.event_deck, *state.events_seen], [e.id for e in rules.events]),
        ("dragons", state.dragon_deck, [d.id for d in rules.dragons]),
        ("sbires", [*state.sbires, state.sbire, state.focus], [s.id for s in rules.sbires]),
        ("ingredients", [*state.bag, *(k for _, k in state.tokens)], INGREDIENTS),
        ("symbols", [*(s for row in state.grid for s in row), *state.strikes], [s.id for s in rules.symbols]),
        ("locations", [*state.locations, *state.visited], [loc.id for loc in rules.locations]),
        ("dragons in play", [state.dragon], [d.id for d in rules.dragons]),
        (
            "regions",
            [*(r for r, _ in state.tokens), *(r for p in players for r in p.regions)],
            [r.id for r in rules.regions],
        ),
    )
    problems = [problem for what, names, known in named for problem in _unknown(what, names, known)]
    faces = {"+".join(face) for face in rules.hunting_die}
    if any(face not in faces for face in state.hunting):
        problems.append(f"the hunting dice {list(state.hunting)} show faces the hunting die has not")
    taverns = [p.tavern for p in players if p.tavern]
    if state.round and len(taverns) != len(players):
        problems.append("a player has no tavern")
    if len(set(taverns)) != len(taverns):
        problems.append(f"two players share a tavern: {taverns}")
    return problems


def _counts(rules: RuleSet, state: GameState) -> list[str]:
    """Every count within what the box and the round allow."""
    c = rules.constants
    count = len(state.players)
    problems: list[str] = []
    if not 0 <= state.round <= c.rounds:
        problems.append(f"round {state.round}: the game has rounds 1 to {c.rounds}")
    for name in ("first", "turn", "active"):
        seat = getattr(state, name)
        if not -1 <= seat < count:
            problems.append(f"{name} is seat {seat} of {count} players")
    problems += [
        f"{me.name!r} has {len(me.dice)} dice of {c.dice}" for me in state.players if len(me.dice) > c.dice
    ]
    # each die placed this round sits on one space: never more than the table rolled
    activated = sum(p.activated.count(True) for p in state.players)
    placed = sum(state.bank) + state.source + activated + state.taken.count(True)
    if any(n < 0 for n in (*state.bank, state.source, *state.used)) or placed > count * c.dice:
        problems.append(f"{placed} dice placed this round by {count} players of {c.dice} dice")
    longest = max(rules.action_die) + max(s.moves for s in rules.sbires)
    if not 0 <= state.die <= longest:
        problems.append(f"the activation's die shows {state.die}: no die and sbire move so far")
    if any(used > c.places for used in state.used):
        problems.append(f"places used {list(state.used)}: a location has {c.places}")
    return problems


def _shapes(rules: RuleSet, state: GameState) -> list[str]:
    """Every list as long as what it stands for: the bank's spaces, the recipe row, the
    locations' fires, each player's sbires; a dragon's grid within its board's rows."""
    problems: list[str] = []
    for what, items, size in (
        ("bank", state.bank, len(rules.bank)),
        ("recipe row", state.row, len(rules.recipe_bonuses)),
        ("recipe places taken", state.taken, len(state.row)),
        ("fires", state.fires, len(state.locations)),
        ("places used", state.used, len(state.locations)),
        ("locations", state.locations, len(rules.spaces)),
    ):
        if len(items) != size and (items or state.round):  # empty until the board is laid
            problems.append(f"the {what} has {len(items)} entries for {size}")
    if (state.sbires or state.round) and state.sbires != tuple(s.id for s in rules.sbires):
        problems.append(f"the sbires {list(state.sbires)} are not the content's")
    for me in state.players:
        if (me.regions or state.round) and len(me.regions) != len(state.sbires):
            problems.append(f"{me.name!r} has {len(me.regions)} sbires placed for {len(state.sbires)}")
        for field in ("carried", "wounds", "stacked", "activated", "frozen"):
            if me.regions and len(getattr(me, field)) != len(me.regions):
                problems.append(
                    f"{me.name!r} has {field} for {len(getattr(me, field))} sbires of {len(me.regions)}"
                )
    if state.dragon in {d.id for d in rules.dragons}:
        board = rules.dragon(state.dragon).grid
        fits = len(state.grid) == len(board) and all(
            not Counter(row) - Counter(printed.symbols)
            for row, printed in zip(state.grid, board, strict=True)
        )
        if not fits:
            problems.append(
                f"the grid {[list(r) for r in state.grid]} is not what is left of {state.dragon!r}'s"
            )
    elif state.grid:
        problems.append("a grid with no dragon in play")
    return problems


# ----------------------------------------------------------------------------- the stack
#: Steps that carry the game on to its end (a turn to the next, a round to the next, the
#: last to the final scoring).
CARRIERS = (step.NEXT_TURN, step.ROUND_START, step.UPKEEP, step.END_GAME)
#: Steps that act for no player.
_NO_PLAYER = (step.SETUP, step.ROUND_START, step.UPKEEP, step.DAY, step.END_GAME)
#: Steps of an activation under way: they read its sbire.
_ACTIVATION = (
    step.ACTIVATION,
    step.ACTIVATION_END,
    step.HUNT_WINDOW,
    step.COUNTER_ATTACK,
    step.SPECIAL_ATTACK,
    step.HUNT_END,
)
#: Steps whose task points at an effect of the content.
_EFFECTS = (EFFECT, step.PICK, step.CHOOSE_PLAYER, step.DUNGEON)


def stack_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Every reason the stack of ``state`` cannot play on to the end of the game (a
    position's steps are untrusted: a step that would fail later is refused now)."""
    known = {*FLOW.steps, *FLOW.decisions} - {step.SETUP}
    check = partial(_task_problem, rules, state)
    out, _ = check_stack(state.stack, known, CARRIERS, check, over=state.result is not None)
    return out + _nesting(state.stack)


def _nesting(stack: tuple[Task, ...]) -> list[str]:
    """An activation's steps run on its sbire until its end clears it: a step of one
    below the end of another runs with none, unless a resume step (the campfire's
    second activation) sets the first one back in between."""
    out: list[str] = []
    for index, task in enumerate(stack):  # bottom first: the last to run
        above = stack[index + 1 :]
        ends = [i for i, t in enumerate(above) if t.kind in (step.ACTIVATION_END, step.ACTIVATION)]
        if task.kind in _ACTIVATION and ends and not any(t.kind == step.RESUME for t in above[: ends[0]]):
            out.append(f"step {task.kind!r} runs after another activation ends, with no resume step between")
    return out


def _task_problem(rules: RuleSet, state: GameState, task: Task) -> str | None:
    """Why ``task`` cannot run in ``state``, or ``None``."""
    count = len(state.players)
    if task.kind in _NO_PLAYER:
        if task.kind == step.DAY and (len(task.args) != 1 or task.args[0] not in DAY_ICONS):
            return f"args are [an icon of the days track], not {shown(list(task.args))}"
        return None if task.player == -1 else f"acts for no player, not seat {task.player}"
    if not 0 <= task.player < count and not (task.kind == step.NEXT_TURN and task.player == -1):
        return f"player {task.player} is not a seat (0 to {count - 1})"
    if task.kind in _ACTIVATION and (state.active != task.player or state.sbire not in state.sbires):
        return f"no activation of seat {task.player} is under way"
    if task.kind in (step.WOUND, step.WOUND_DISCARD) and (
        len(task.args) != 1 or task.args[0] not in state.sbires
    ):
        return f"args are [the wounded sbire], not {shown(list(task.args))}"
    if task.kind == step.RESUME and not _resumable(state, task.args):
        return f"args are the activation to resume, not {shown(list(task.args))}"
    if task.kind in _EFFECTS or task.ref:
        try:
            resolve_ref(rules, task.ref).at(task.path)
        except (KeyError, IndexError, ValueError, TypeError):
            return f"no effect at ref {shown(task.ref)} path {shown(list(task.path))}"
    return None


def _resumable(state: GameState, args: tuple[str, ...]) -> bool:
    """Whether ``args`` hold an activation to resume: sbire, die, moved, collects,
    visited, hunted."""
    if len(args) != 6:
        return False
    sbire, die, moved, collects, _, hunted = args
    flags = {"True", "False"}
    return sbire in state.sbires and die.isdecimal() and collects.isdecimal() and {moved, hunted} <= flags


def state_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Everything inconsistent in ``state`` (none: ``[]``). The shapes and the names come
    first: the other checks read a state whose lists fit and whose ids are the content's."""
    problems = [*_shapes(rules, state), *_references(rules, state), *_counts(rules, state)]
    problems += stack_problems(rules, state)
    if problems:
        return problems
    return [*_supplies(rules, state), *_players(rules, state), *_cards(rules, state)]
