"""What must hold in every state of Cavern Tavern (positions are checked against it, and
the conformance kit checks it after every action): the counts of the components, the
ranges of the tracks and dice, and the references to the content."""

from __future__ import annotations

import re
from collections import Counter
from functools import partial

from taverna_rules._shown import shown
from taverna_rules.core.arguments import name_problem
from taverna_rules.core.position_data import check_stack
from taverna_rules.core.records import Event, Task
from taverna_rules.core.resume import resume_state
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.evolve import evolve
from taverna_rules.games.cavern_tavern.flow import AUTOMATIC, DECISIONS, resolve_ref
from taverna_rules.games.cavern_tavern.ruleset import Order, Place, RuleSet
from taverna_rules.games.cavern_tavern.state import GameState, Player

__all__ = ["CARRIERS", "expected", "resume", "stack_problems", "state_problems", "whereabouts"]


def whereabouts(rules: RuleSet, state: GameState) -> dict[str, Counter[str]]:
    """Where every card is, by deck: each card must be in exactly one place."""
    players = state.players
    orders = Counter(
        [
            *state.order_deck,
            *state.order_discard,
            *(t for t in state.tables if t),
            *(p.order for p in players if p.order is not None),
            *(o for p in players for o in (*p.served, *p.face_down)),
        ]
    )
    items = Counter(
        [*state.item_deck, *state.item_discard, *(c for p in players for c in (*p.items, *p.offer))]
    )
    nasty = Counter([*state.nasty_deck, *state.nasty_discard, *(c for p in players for c, _ in p.demands)])
    secrets = Counter([*state.secret_box, *(s for p in players for s in (p.secret, p.shown) if s)])
    ingredients = Counter([*state.supply, *(i for p in players for i in p.ingredients)])
    return {"orders": orders, "items": items, "nasty": nasty, "secrets": secrets, "ingredients": ingredients}


def expected(rules: RuleSet) -> dict[str, Counter[str]]:
    """Every card and ingredient of the game, as :func:`whereabouts` counts them."""
    c = rules.constants
    supply = Counter(dict.fromkeys(rules.ingredient_ids, c.ingredient_copies))
    supply[rules.potion.id] = c.potion_copies
    return {
        "orders": Counter(o.id for o in rules.orders),
        "items": Counter(f"{i.id}#{n}" for i in rules.items for n in range(1, i.copies + 1)),
        "nasty": Counter(n.id for n in rules.nasty_says),
        "secrets": Counter(s.id for s in rules.secret_tasks),
        "ingredients": +supply,
    }


#: Placed dice as a state writes them: values of 1 to 6 joined by ``+``.
_DICE = re.compile(r"[1-6](\+[1-6]){0,9}")


def _reference_problems(rules: RuleSet, player: Player) -> list[str]:
    """The names a player's record holds that the counts of the components do not check:
    each names a thing of its kind."""
    nasty = rules.track("nasty").levels
    out = []
    if set(player.recipes) - set(rules.ingredient_ids):
        out.append(f"recipes {shown(player.recipes)} name an ingredient the game does not have")
    if set(player.obeyed) - {n.id for n in rules.nasty_says}:
        out.append(f"obeyed {shown(player.obeyed)} name a card the game does not have")
    if len(set(player.summons)) != len(player.summons) or set(player.summons) - set(nasty):
        out.append(f"summons {shown(player.summons)} are not Nasty's levels {list(nasty)}, each once")
    return out


def state_problems(rules: RuleSet, state: GameState) -> list[str]:
    """What is inconsistent in ``state`` (``[]`` when nothing is)."""
    out: list[str] = []
    count = len(state.players)
    if count not in rules.supported_players():
        return [f"{count} players: these rules play with {list(rules.supported_players())}"]
    for seat, player in enumerate(state.players):
        problem = name_problem(player.name)
        if problem:
            out.append(f"player {seat}: {problem}")
        dice = rules.constants.dice_per_player + (1 if player.white else 0)
        placed = sum(len(d.split("+")) for _, s, d in state.placements if s == seat)
        if len(player.dice) + placed > dice or any(not 1 <= d <= 6 for d in player.dice):
            out.append(f"player {seat}: dice {shown(player.dice)} with {placed} placed, of {dice}")
        for track in ("kitchen", "chores", "nasty"):
            if not 0 <= player.track(track) <= rules.track(track).top:
                out.append(f"player {seat}: {track} track at {player.track(track)}")
        if player.order is not None and not rules.has(Order, player.order):
            out.append(f"player {seat}: unknown order {shown(player.order)}")
        if not 0 <= player.taken <= state.round or any(not 0 < r <= state.round for _, r in player.demands):
            out.append(f"player {seat}: an order or a Nasty card taken after round {state.round}")
        out += [f"player {seat}: {problem}" for problem in _reference_problems(rules, player)]
        if not -1 <= player.table < rules.constants.tables:
            out.append(
                f"player {seat}: table {player.table} is none of 0 to {rules.constants.tables - 1} (-1: none)"
            )
    if sum(1 for p in state.players if p.white) > 1:
        out.append("more than one player has the white die")
    if not 0 <= state.round <= rules.constants.rounds:
        out.append(f"round {shown(state.round)} is none of 0 to {rules.constants.rounds}")
    elif state.round == rules.constants.rounds and any(t.kind == "round_start" for t in state.stack):
        out.append(f"round {state.round} is the last: no round starts after it")
    if not 0 <= state.first < count:
        out.append(f"first player {state.first} is no seat")
    if len(state.tables) != rules.constants.tables and state.round:
        out.append(f"{len(state.tables)} tables, not {rules.constants.tables}")
    if state.round or state.supply:
        found, wanted = whereabouts(rules, state), expected(rules)
        for what in wanted:
            if found[what] != wanted[what]:
                extra = sorted((found[what] - wanted[what]).elements())[:5]
                lost = sorted((wanted[what] - found[what]).elements())[:5]
                out.append(f"{what}: {shown(extra)} more and {shown(lost)} fewer than the game has")
    for place, seat, group in state.placements:
        if not rules.has(Place, place) or not 0 <= seat < count:
            out.append(f"placement {shown(place)} of seat {seat} is not on the board")
        if not _DICE.fullmatch(group):
            out.append(f"placement {shown(place)}: dice {shown(group)} are not like '1+3+6'")
    return out + stack_problems(rules, state)


# ----------------------------------------------------------------------------- the stack
#: Steps that carry the game on to its end (a turn leads to the next, a round to the next,
#: the last to the final scoring): a stack needs one, and the first of them to run plays
#: the game to its result, so steps below it never run.
CARRIERS = ("turn", "next_turn", "round_end", "round_start", "end_game", "finish")
#: Steps that act for no player.
_NO_PLAYER = ("deal_orders", "round_end", "round_start", "end_game", "finish")
#: Decision steps that read the effect node their task points at, and the op it must have.
_NODE_OPS = {"change_die": "adjust_die"}


def stack_problems(rules: RuleSet, state: GameState) -> list[str]:
    """Every reason the stack of ``state`` cannot play on to the end of the game (a
    position's steps are untrusted: a step that would fail later is refused now)."""
    known = {*AUTOMATIC, *DECISIONS} - {"setup"}
    check = partial(_task_problem, rules, state)
    out, _ = check_stack(state.stack, known, CARRIERS, check, over=state.result is not None)
    return out


def _task_problem(rules: RuleSet, state: GameState, task: Task) -> str | None:
    """Why ``task`` cannot run in ``state``, or ``None``."""
    count = len(state.players)
    if task.kind in _NO_PLAYER:
        return None if task.player == -1 else f"acts for no player, not seat {task.player}"
    if not 0 <= task.player < count:
        return f"player {task.player} is not a seat (0 to {count - 1})"
    if task.kind == "effect" or task.kind in _NODE_OPS or task.ref:
        try:
            node = resolve_ref(rules, task.ref).at(task.path) if all(i >= 0 for i in task.path) else None
        except (KeyError, IndexError, ValueError):
            node = None
        if node is None:
            return f"no effect at ref {shown(task.ref)} path {shown(list(task.path))}"
        wanted = _NODE_OPS.get(task.kind)
        if wanted is not None and node.op != wanted:
            return f"points at a {node.op!r} effect, not {wanted!r}"
    if task.kind == "give_to":
        seat = int(task.args[0]) if len(task.args) == 1 and task.args[0].isdecimal() else -1
        if not 0 <= seat < count or seat == task.player:
            return f"args are [the opponent's seat], not {shown(list(task.args))}"
    elif task.args and (task.kind != "choose_theft" or task.args != ("trade",)):
        return f"takes no args, not {shown(list(task.args))}"
    return None


def resume(rules: RuleSet, state: GameState) -> list[Event]:
    """The events that resume ``state``: it loaded, then its automatic steps ran up to the
    first decision (:func:`~taverna_rules.core.resume.resume_state`)."""
    loaded = ev.PositionLoaded(state)
    return resume_state(rules, evolve(None, loaded), loaded, state_problems(rules, state))
