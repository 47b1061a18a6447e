"""A round (l.171-191): everyone rolls his five action dice; the lowest total takes the
first-player token (ties: the tied player closest to the current first player, B2) and
every total of 10 or less gains 1 gold (l.183); then, clockwise from the first player,
each player places one available die a turn on a free space (l.193-200): a bank space
(its gold), the energy source (its gems), one of his sbires' slots (an activation,
:mod:`~taverna_rules.games.taverns_and_dragons.activation`) or a recipe (cooked at once).
Free actions (:mod:`~taverna_rules.games.taverns_and_dragons.free`) are offered in every
decision of one's turn. The round ends when every die is placed (l.386)."""

from __future__ import annotations

from functools import partial

from taverna_rules.core.chance import faced_dice
from taverna_rules.core.choices import EndTurn
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.actions import Activate, Cook, TakeEnergy, TakeGold
from taverna_rules.games.taverns_and_dragons.flow import FLOW, ask, automatic
from taverna_rules.games.taverns_and_dragons.free import FREE
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.setup import reveal_recipe
from taverna_rules.games.taverns_and_dragons.state import GameState
from taverna_rules.games.taverns_and_dragons.table import gems_left, gold_left

__all__ = ["cookable", "first_player", "placements"]


def first_player(state: GameState, totals: dict[int, int], tie: str = "closest") -> int:
    """Who takes the first-player token (l.179-181): the lowest total; between equal
    totals, the tied player closest to the current first player clockwise, himself
    included (``"closest"``) or counted last (``"next"``, B2)."""
    count = len(state.players)
    low = min(totals.values())
    tied = [p for p, total in totals.items() if total == low]
    start = state.first if tie == "closest" else state.first + 1
    return min(tied, key=lambda p: (p - start) % count)


@automatic(step.ROUND_START)
def _round_start(engine: Engine, task: Task) -> None:
    """The roll (l.173-183), then the turns."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    engine.emit(ev.RoundStarted(state.round + 1))
    faces = rules.action_die
    for seat in range(len(state.players)):
        engine.draw(faced_dice(faces, rules.constants.dice, partial(ev.DiceRolled, seat)))
    state = engine.state
    totals = {seat: sum(p.dice) for seat, p in enumerate(state.players)}
    first = first_player(state, totals, str(state.option("first_player_tie", "closest")))
    engine.emit(ev.FirstPlayerTaken(first))
    c = rules.constants
    for seat in engine.state.order():
        gold = min(c.catch_up_gold, gold_left(rules, engine.state))
        if totals[seat] <= c.catch_up_total and gold:
            engine.emit(ev.GoldGained(seat, gold, "catch-up"))
    engine.push(Task(step.NEXT_TURN))


@automatic(step.NEXT_TURN)
def _next_turn(engine: Engine, task: Task) -> None:
    """The next player clockwise with a die to place has a turn; none left, the upkeep."""
    state: GameState = engine.state
    order = state.order()
    after = order.index(task.player) + 1 if task.player in order else 0
    for seat in (*order[after:], *order[:after]):
        if state.players[seat].dice:
            engine.emit(ev.TurnStarted(seat))
            engine.push(
                Task(step.PLACE_DIE, seat),
                Task(step.TURN_FREE, seat),
                Task(step.TURN_END, seat),
                Task(step.NEXT_TURN, seat),
            )
            return
    engine.push(Task(step.UPKEEP))


@automatic(step.TURN_FREE)
def _turn_free(engine: Engine, task: Task) -> None:
    """After the die is placed, the turn goes on while a free action is left to take (the
    gold just banked may recruit a hero, l.359); with none, it ends without asking (what a
    player may do is public: asking only sometimes shows nothing)."""
    if FREE.offered(engine.rules, engine.state, task):
        engine.push(Task(step.AFTER_DIE, task.player))


@FREE.decision(
    FLOW,
    step.AFTER_DIE,
    lambda rules, state, task: (EndTurn(),),
    ask("take a free action, or end your turn", "faites une action libre, ou finissez votre tour"),
    takes=(EndTurn,),
)
def _after_die(engine: Engine, task: Task, action: EndTurn) -> None:
    """The die is placed: free actions (recruit, abilities, bonuses, runes, the power)
    until ``EndTurn``."""


@automatic(step.TURN_END)
def _turn_end(engine: Engine, task: Task) -> None:
    engine.emit(ev.TurnEnded(task.player))


def cookable(rules: RuleSet, state: GameState, seat: int, recipe: str) -> bool:
    """Whether ``seat``'s pantry holds the ingredients of ``recipe`` (l.343)."""
    pantry = state.players[seat].pantry
    return all(pantry.count(kind) >= n for kind, n in rules.recipe(recipe).ingredients)


def placements(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    """Every way ``seat`` may place one of his available dice now (l.195-200): each value
    once (two dice of a value are the same choice)."""
    me = state.players[seat]
    out: list[Action] = []
    for die in sorted(set(me.dice)):
        if not me.banked:
            out.extend(
                TakeGold(die, i)
                for i, space in enumerate(rules.bank)
                if space.die == 0 or (space.die == die and state.bank[i] == 0)
            )
        out.append(TakeEnergy(die))
        out.extend(Activate(die, s) for s, done in zip(state.sbires, me.activated, strict=True) if not done)
        out.extend(
            Cook(die, place)
            for place, recipe in enumerate(state.row)
            if recipe and not state.taken[place] and cookable(rules, state, seat, recipe)
        )
    return tuple(out)


def _refusal(rules: RuleSet, state: GameState, task: Task, action: Action) -> str:
    me = state.players[task.player]
    die = getattr(action, "die", 0)
    if die not in me.dice:
        return f"you have no available die showing {die} (available: {list(me.dice)})"
    if isinstance(action, TakeGold):
        if me.banked:
            return "you have a die on the bank this round already (l.212)"
        if not 0 <= action.space < len(rules.bank):
            return f"the bank has spaces 0 to {len(rules.bank) - 1}"
        space = rules.bank[action.space]
        if space.die and space.die != die:
            return f"that space takes a die showing {space.die} (l.210)"
        return "that space holds a die already (l.212)"
    if isinstance(action, Activate):
        if action.sbire not in state.sbires:
            return f"your sbires are {', '.join(state.sbires)}"
        return "that sbire has been activated this round (l.238)"
    if isinstance(action, Cook):
        if not 0 <= action.place < len(state.row) or not state.row[action.place]:
            return "no recipe lies at that place of the row"
        if state.taken[action.place]:
            return "a die lies on that place this round (B5)"
        return "your pantry lacks its ingredients (l.343)"
    return ""


@FREE.decision(
    FLOW,
    step.PLACE_DIE,
    lambda rules, state, task: placements(rules, state, task.player),
    ask("place one of your dice", "placez un de vos dés"),
    _refusal,
    takes=(TakeGold, TakeEnergy, Activate, Cook),
)
def _place(engine: Engine, task: Task, action: TakeGold | TakeEnergy | Activate | Cook) -> None:
    """Place a die (l.195-200): ``TakeGold`` on a bank space, ``TakeEnergy`` on the energy
    source, ``Activate`` on a sbire's slot, ``Cook`` on a recipe; with the tavern powers, a
    die of 1 advances the power marker (l.488)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    seat = task.player
    if isinstance(action, TakeGold):
        gold = min(rules.bank[action.space].gold, gold_left(rules, state))
        engine.emit(ev.GoldTaken(seat, action.die, action.space, gold))
    elif isinstance(action, TakeEnergy):
        engine.emit(ev.EnergyTaken(seat, action.die, min(action.die, gems_left(rules, state))))
    elif isinstance(action, Activate):
        engine.emit(ev.SbireActivated(seat, action.sbire, action.die))
        engine.push(Task(step.ACTIVATION, seat))
    else:
        recipe = rules.recipe(state.row[action.place])
        points = recipe.prestige + action.die + rules.recipe_bonuses[action.place]
        ingredients = tuple(kind for kind, n in recipe.ingredients for _ in range(n))
        engine.emit(ev.RecipeCooked(seat, action.die, action.place, recipe.id, points, ingredients))
        reveal_recipe(engine)
    tavern = rules.tavern(state.players[seat].tavern)
    if action.die == 1 and state.option("tavern_powers") and state.players[seat].power < len(tavern.power):
        engine.emit(ev.PowerAdvanced(seat))
