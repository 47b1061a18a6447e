"""Cavern Tavern's effect ops at run time: one executor per primitive op of its
vocabulary (:mod:`taverna_rules.games.cavern_tavern.vocabulary`), the decisions the ops
ask for, and the core's :class:`~taverna_rules.core.effects.EffectRuntime` that walks the
control ops (a ``choose`` offers only the options that would do something)."""

from __future__ import annotations

from taverna_rules.core._registry import Registry
from taverna_rules.core.effects import EffectRuntime, Executor
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Task
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.actions import (
    ChangeDie,
    ChooseIngredient,
    ChoosePlayer,
    GiveItem,
    KeepItem,
    TakeFrom,
)
from taverna_rules.games.cavern_tavern.applicable import applicable, can_pay, cellar_choices, opponents_with
from taverna_rules.games.cavern_tavern.board import (
    CATEGORIES,
    draw_items,
    gain_ingredient,
    move_track,
    rolled,
    score,
)
from taverna_rules.games.cavern_tavern.expressions import EVALUATOR, points
from taverna_rules.games.cavern_tavern.flow import FLOW, decision, resolve_ref
from taverna_rules.games.cavern_tavern.labels import effect_words
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = ["EXECUTORS", "RUNTIME", "can_pay", "first_of_kind", "kinds"]

EXECUTORS: Registry[Executor] = Registry("op executor")


_executor = EXECUTORS.register


def _int(node: Node, name: str, default: int = 1) -> int:
    value = node.arg(name, default)
    assert isinstance(value, int), f"{node.op}.{name} is not a number"
    return value


def _tasks(task: Task, kind: str, times: int = 1, args: tuple[str, ...] = ()) -> list[Task]:
    """``times`` decisions of ``kind`` for the effect ``task`` resolves."""
    return [Task(kind, task.player, task.ref, task.path, args) for _ in range(times)]


def _ask(engine: Engine, task: Task, kind: str, times: int = 1, args: tuple[str, ...] = ()) -> None:
    engine.push(*_tasks(task, kind, times, args))


def first_of_kind(cards: tuple[str, ...], kind: str) -> str:
    """The first card of ``kind`` among ``cards`` (copies of a kind are one choice)."""
    return next(card for card in cards if card.split("#", 1)[0] == kind)


def kinds(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of ``cards``, each once, in order."""
    return tuple(dict.fromkeys(card.split("#", 1)[0] for card in cards))


# ----------------------------------------------------------------------------- ingredients
@_executor("gain_ingredient")
def _gain(engine: Engine, task: Task, node: Node) -> None:
    gain_ingredient(engine, task.player, str(node.arg("ingredient")))


@_executor("gain_any_ingredient")
def _gain_any(engine: Engine, task: Task, node: Node) -> None:
    if cellar_choices(engine.rules, engine.state):
        _ask(engine, task, "choose_cellar")


def _cellar(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseIngredient, ...]:
    return tuple(ChooseIngredient(i) for i in cellar_choices(rules, state))


@decision(
    "choose_cellar",
    _cellar,
    lambda r, s, t: "take an ingredient of your choice from the Cellar",
    takes=(ChooseIngredient,),
)
def _choose_cellar(engine: Engine, task: Task, action: ChooseIngredient) -> None:
    """Take an ingredient of your choice from the Cellar: ``ChooseIngredient``."""
    gain_ingredient(engine, task.player, action.ingredient)


@_executor("cellar_trade")
def _cellar_trade(engine: Engine, task: Task, node: Node) -> None:
    give = _int(node, "give")
    if len(engine.state.players[task.player].ingredients) >= give:
        # Give first, then take what you like from the Cellar.
        engine.push(*_tasks(task, "give_ingredient", give), *_tasks(task, "choose_cellar"))


@_executor("return_ingredients")
def _return(engine: Engine, task: Task, node: Node) -> None:
    ingredient, times = str(node.arg("ingredient")), _int(node, "count")
    held = engine.state.players[task.player].ingredients
    given = (ingredient,) * min(times, held.count(ingredient))
    if given:
        engine.emit(ev.IngredientsReturned(task.player, given))


@_executor("return_any_ingredients")
def _return_any(engine: Engine, task: Task, node: Node) -> None:
    times = min(_int(node, "count"), len(engine.state.players[task.player].ingredients))
    _ask(engine, task, "give_ingredient", times)


def _own(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseIngredient, ...]:
    return tuple(ChooseIngredient(i) for i in dict.fromkeys(state.players[task.player].ingredients))


@decision(
    "give_ingredient",
    _own,
    lambda r, s, t: "give an ingredient back to the Cellar",
    takes=(ChooseIngredient,),
)
def _give_back(engine: Engine, task: Task, action: ChooseIngredient) -> None:
    """Give one of your ingredients back to the supply: ``ChooseIngredient``."""
    engine.emit(ev.IngredientsReturned(task.player, (action.ingredient,)))


@_executor("steal_ingredient")
def _steal(engine: Engine, task: Task, node: Node) -> None:
    if opponents_with(engine.rules, engine.state, task.player):
        _ask(engine, task, "choose_theft")


@_executor("forced_trade")
def _trade(engine: Engine, task: Task, node: Node) -> None:
    if applicable(engine.rules, engine.state, task.player, node):
        _ask(engine, task, "choose_theft", args=("trade",))


def _thefts(rules: RuleSet, state: GameState, task: Task) -> tuple[TakeFrom, ...]:
    potion = rules.potion.id
    return tuple(
        TakeFrom(seat, ingredient)
        for seat in opponents_with(rules, state, task.player)
        for ingredient in dict.fromkeys(state.players[seat].ingredients)
        if ingredient != potion
    )


def _theft_prompt(rules: RuleSet, state: GameState, task: Task) -> str:
    if task.args == ("trade",):
        return "forced trade: take an ingredient of an opponent (you give one back)"
    return "steal an ingredient from an opponent (not a Magic Potion)"


@decision("choose_theft", _thefts, _theft_prompt, takes=(TakeFrom,))
def _choose_theft(engine: Engine, task: Task, action: TakeFrom) -> None:
    """Take an opponent's ingredient: ``TakeFrom(seat, ingredient)``; in a forced trade,
    then give them one of yours."""
    engine.emit(ev.IngredientTaken(task.player, action.seat, action.ingredient))
    if task.args == ("trade",):
        engine.push(Task("give_to", task.player, task.ref, task.path, (str(action.seat),)))


def _giveable(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseIngredient, ...]:
    potion = rules.potion.id
    held = state.players[task.player].ingredients
    return tuple(ChooseIngredient(i) for i in dict.fromkeys(held) if i != potion)


@decision(
    "give_to",
    _giveable,
    lambda r, s, t: f"forced trade: give an ingredient to {s.players[int(t.args[0])].name}",
    takes=(ChooseIngredient,),
)
def _give_to(engine: Engine, task: Task, action: ChooseIngredient) -> None:
    """Your side of a forced trade: the opponent takes ``ChooseIngredient`` of yours."""
    engine.emit(ev.IngredientTaken(int(task.args[0]), task.player, action.ingredient))


# ----------------------------------------------------------------------------- points, tracks, Nasty
@_executor("score")
def _score(engine: Engine, task: Task, node: Node) -> None:
    category = CATEGORIES.get(task.ref.partition(":")[0], "effects")
    score(engine, task.player, points(node, engine.state, task.player), category)


@_executor("take_first_player")
def _take_first(engine: Engine, task: Task, node: Node) -> None:
    if engine.state.first != task.player:
        engine.emit(ev.FirstPlayerTaken(task.player))


@_executor("advance_track")
def _advance(engine: Engine, task: Task, node: Node) -> None:
    move_track(engine, task.player, str(node.arg("track")), 1)


@_executor("nasty")
def _nasty(engine: Engine, task: Task, node: Node) -> None:
    move_track(engine, task.player, "nasty", _int(node, "steps"))


@_executor("badmouth")
def _badmouth(engine: Engine, task: Task, node: Node) -> None:
    if len(engine.state.players) > 1:
        _ask(engine, task, "choose_badmouthed")


def _opponents(rules: RuleSet, state: GameState, task: Task) -> tuple[ChoosePlayer, ...]:
    return tuple(ChoosePlayer(seat) for seat in range(len(state.players)) if seat != task.player)


@decision(
    "choose_badmouthed",
    _opponents,
    lambda r, s, t: "bad-mouth a co-worker: they go one space down the Nasty track",
    takes=(ChoosePlayer,),
)
def _choose_badmouthed(engine: Engine, task: Task, action: ChoosePlayer) -> None:
    """The opponent you bad-mouth to Nasty goes one space down his track: ``ChoosePlayer``."""
    move_track(engine, action.seat, "nasty", 1)


# ----------------------------------------------------------------------------- items
@_executor("draw_items")
def _draw_items(engine: Engine, task: Task, node: Node) -> None:
    draw_items(engine, task.player, _int(node, "count"))


@_executor("pick_item")
def _pick_item(engine: Engine, task: Task, node: Node) -> None:
    draw_items(engine, task.player, engine.rules.constants.item_offer, offer=True)
    if engine.state.players[task.player].offer:
        _ask(engine, task, "keep_item")


def _offer(rules: RuleSet, state: GameState, task: Task) -> tuple[KeepItem, ...]:
    return tuple(KeepItem(kind) for kind in kinds(state.players[task.player].offer))


@decision("keep_item", _offer, lambda r, s, t: "keep one of the item cards drawn", takes=(KeepItem,))
def _keep(engine: Engine, task: Task, action: KeepItem) -> None:
    """Keep one of the items drawn at the Wizard's Workshop; the others go back: ``KeepItem``."""
    offer = engine.state.players[task.player].offer
    card = first_of_kind(offer, action.item)
    returned = list(offer)
    returned.remove(card)
    engine.emit(ev.ItemKept(task.player, card, tuple(returned)))


@_executor("give_items")
def _give_items(engine: Engine, task: Task, node: Node) -> None:
    times = min(_int(node, "count"), len(engine.state.players[task.player].items))
    _ask(engine, task, "give_item", times)


def _held(rules: RuleSet, state: GameState, task: Task) -> tuple[GiveItem, ...]:
    return tuple(GiveItem(kind) for kind in kinds(state.players[task.player].items))


@decision("give_item", _held, lambda r, s, t: "hand an item card to Nasty", takes=(GiveItem,))
def _give_item(engine: Engine, task: Task, action: GiveItem) -> None:
    """Hand one of your items to Nasty: ``GiveItem``."""
    card = first_of_kind(engine.state.players[task.player].items, action.item)
    engine.emit(ev.ItemDiscarded(task.player, card))


# ----------------------------------------------------------------------------- dice and the clock
@_executor("adjust_die")
def _adjust(engine: Engine, task: Task, node: Node) -> None:
    if engine.state.players[task.player].dice:
        _ask(engine, task, "change_die")


def _changes(rules: RuleSet, state: GameState, task: Task) -> tuple[ChangeDie, ...]:
    by = _int(resolve_ref(rules, task.ref).at(task.path), "by")
    return tuple(
        ChangeDie(die, to)
        for die in dict.fromkeys(state.players[task.player].dice)
        for to in range(max(1, die - by), min(6, die + by) + 1)
        if to != die
    )


@decision("change_die", _changes, lambda r, s, t: "turn one of your dice", takes=(ChangeDie,))
def _change(engine: Engine, task: Task, action: ChangeDie) -> None:
    """Turn one of your unplaced dice: ``ChangeDie(die, to)``."""
    engine.emit(ev.DieChanged(task.player, action.die, action.to))


@_executor("reroll_dice")
def _reroll(engine: Engine, task: Task, node: Node) -> None:
    count = len(engine.state.players[task.player].dice)
    if count:
        engine.draw(rolled(task.player, count, again=True))


@_executor("open_taken_place")
def _open(engine: Engine, task: Task, node: Node) -> None:
    if not engine.state.players[task.player].key:
        engine.emit(ev.PlaceOpened(task.player))


@_executor("reset_order_time")
def _reset(engine: Engine, task: Task, node: Node) -> None:
    me = engine.state.players[task.player]
    if me.order is not None and me.taken != engine.state.round:
        engine.emit(ev.OrderClockReset(task.player, engine.state.round))


RUNTIME = EffectRuntime(EXECUTORS, EVALUATOR, resolve_ref, effect_words, applicable=applicable)
RUNTIME.install(FLOW)
