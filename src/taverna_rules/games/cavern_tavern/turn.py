"""A turn of Cavern Tavern (rulebook, "Actions in a turn" to "End of round").

On your turn, in any order: take an order (compulsory on your first turn of a round you
began without one; serving one owes no other until the next round), play item cards,
place dice on one place, complete your order, and pay a "Nasty the Dwarf Says" card.
Then the next player in turn order who still has dice plays. A player who cannot place
any die passes and is done for the round; the round ends when nobody can play
(docs/rulings.rst, Cavern Tavern).
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import combinations

from taverna_rules.core.action import shared
from taverna_rules.core.chance import card_from
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.actions import (
    CompleteOrder,
    DiscardOrder,
    DrawOrder,
    EndTurn,
    ObeyNasty,
    Pass,
    PlaceDice,
    PlayItem,
    TakeOrder,
)
from taverna_rules.games.cavern_tavern.applicable import applicable, can_pay
from taverna_rules.games.cavern_tavern.board import draw_items, move_track, refill_table, reveal_orders, score
from taverna_rules.games.cavern_tavern.dice import dice_text, fitting
from taverna_rules.games.cavern_tavern.effects import first_of_kind, kinds
from taverna_rules.games.cavern_tavern.flow import automatic, decision
from taverna_rules.games.cavern_tavern.ruleset import TASK_AREAS, RuleSet
from taverna_rules.games.cavern_tavern.setup import seat_order
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = ["completions", "order_choices", "placements", "turn_actions"]


def order_choices(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    """The orders ``seat`` may take: a table's face-up order, or a blind draw from the deck
    (which discards a table's order; not in round 1 unless the option allows it)."""
    me = state.players[seat]
    if me.order is not None:
        return ()
    tables = tuple(shared(TakeOrder, t) for t, order in enumerate(state.tables) if order)
    blind = state.round > 1 or bool(state.option("blind_order_in_first_round", False))
    draw = (shared(DrawOrder),) if tables and state.order_deck and blind else ()
    return (*tables, *draw)


def placements(rules: RuleSet, state: GameState, seat: int) -> tuple[PlaceDice, ...]:
    """Every way ``seat`` may place dice now: each place with a free slot (a taken Kitchen
    task or Chore too, with a master key; none of those while a "Nasty the Dwarf Says"
    card is open), and each distinct group of the player's dice that pays it."""
    me = state.players[seat]
    dice = me.dice
    if not dice:
        return ()
    used: dict[str, int] = {}
    for taken, _, _ in state.placements:
        used[taken] = used.get(taken, 0) + 1
    out: list[PlaceDice] = []
    for place, task, slots, total, count, changes in rules.board(len(state.players)):
        if task is None:
            change = 0
        elif me.demands:
            continue  # summoned: only the Cellar, the Workshop and the Office
        else:
            change = changes[me.track(task)]
        if slots <= used.get(place, 0) and not (me.key and task is not None):
            continue
        out += _place_options(place, dice, total, count, change)
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _place_options(
    place: str, dice: tuple[int, ...], total: int, count: int, change: int
) -> tuple[PlaceDice, ...]:
    # One action object per place and group, kept per hand of dice (the hands repeat):
    # actions are immutable, and a shared one is found by identity when it is played.
    return tuple(shared(PlaceDice, place, text) for text in fitting(dice, total, count, change))


def completions(rules: RuleSet, state: GameState, seat: int) -> tuple[CompleteOrder, ...]:
    """The ways ``seat`` may serve their open order: each set of ingredients their Magic
    Potions may stand for (one ingredient each) leaving the rest in hand."""
    me = state.players[seat]
    if me.order is None:
        return ()
    return _completions(rules.order(me.order).ingredients, me.ingredients, rules.potion.id)


@lru_cache(maxsize=1 << 14)
def _completions(
    need: tuple[tuple[str, int], ...], ingredients: tuple[str, ...], potion: str
) -> tuple[CompleteOrder, ...]:
    # More of a kind than the order needs changes nothing: capped, the cases stay few.
    held = tuple(min(n, ingredients.count(kind)) for kind, n in need)
    potions = ingredients.count(potion)
    return _servings(need, held, min(potions, sum(n for _, n in need)))


@cache
def _servings(
    need: tuple[tuple[str, int], ...], held: tuple[int, ...], potions: int
) -> tuple[CompleteOrder, ...]:
    """The ways to serve an order needing ``need`` with ``held`` of each of its kinds and
    ``potions`` Magic Potions (kept per case: the cases repeat all game)."""
    wanted = Counter(dict(need))
    have = Counter({kind: count for (kind, _), count in zip(need, held, strict=True)})
    units = sorted(wanted.elements())
    out: dict[str, CompleteOrder] = {}
    for size in range(min(potions, len(units)) + 1):
        for replaced in combinations(units, size):
            rest = wanted - Counter(replaced)
            if all(have[k] >= n for k, n in rest.items()):
                text = "+".join(replaced)
                out.setdefault(text, CompleteOrder(text))
    return tuple(out.values())


def _must_take(rules: RuleSet, state: GameState, seat: int) -> bool:
    """The compulsory take: on the first turn of a round begun without an order (line
    258), not after serving one (line 322: no other is owed until the next round)."""
    me = state.players[seat]
    owed = me.owes_order and me.order is None and not me.acted
    return owed and bool(order_choices(rules, state, seat))


def turn_actions(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    """Everything ``seat`` may do now on their turn."""
    me = state.players[seat]
    orders = order_choices(rules, state, seat)
    items = tuple(
        shared(PlayItem, kind)
        for kind in kinds(me.items)
        if applicable(rules, state, seat, rules.item(kind).effect)
    )
    if _must_take(rules, state, seat):
        return (*orders, *items)
    places = () if me.placed else placements(rules, state, seat)
    obey = tuple(
        shared(ObeyNasty, card)
        for card, _ in me.demands
        if can_pay(rules, state, seat, rules.nasty(card).demand)
    )
    end: tuple[Action, ...] = (shared(EndTurn),) if me.placed else (() if places else (shared(Pass),))
    return (*orders, *items, *places, *completions(rules, state, seat), *obey, *end)


def _prompt(rules: RuleSet, state: GameState, task: Task) -> str:
    me = state.players[task.player]
    if _must_take(rules, state, task.player):
        return f"round {state.round}: take an order (you have none)"
    dice = dice_text(me.dice) or "none"
    return f"round {state.round}: your turn (your dice: {dice})"


def _explain(rules: RuleSet, state: GameState, task: Task, action: Action) -> str:
    me = state.players[task.player]
    if _must_take(rules, state, task.player) and not isinstance(action, TakeOrder | DrawOrder | PlayItem):
        return "take an order first: it is compulsory on your first turn of a round without one"
    if isinstance(action, PlaceDice) and me.placed:
        return "you have placed dice this turn already (one place a turn)"
    if isinstance(action, TakeOrder | DrawOrder) and me.order is not None:
        return "you have an order already (one at most)"
    return ""


@decision(
    "turn",
    lambda rules, state, task: turn_actions(rules, state, task.player),
    _prompt,
    _explain,
    takes=(TakeOrder, DrawOrder, PlayItem, PlaceDice, CompleteOrder, ObeyNasty, EndTurn, Pass),
)
def _turn(engine: Engine, task: Task, action: Action) -> None:
    """A player's turn: take an order, play items, place dice once, serve the order, pay
    Nasty, then end the turn (or pass when no dice can be placed)."""
    seat, state = task.player, engine.state
    again = Task("turn", seat)
    if isinstance(action, TakeOrder):
        engine.emit(ev.OrderTaken(seat, action.table, state.tables[action.table], state.round))
        engine.push(again)
    elif isinstance(action, DrawOrder):
        engine.draw(card_from(state.order_deck, lambda order: ev.OrderDrawn(seat, order, state.round)))
        engine.push(Task("discard_order", seat), again)
    elif isinstance(action, PlayItem):
        engine.emit(ev.ItemPlayed(seat, first_of_kind(state.players[seat].items, action.item)))
        engine.push(Task(EFFECT, seat, f"item:{action.item}"), again)
    elif isinstance(action, PlaceDice):
        _place(engine, seat, action)
        engine.push(Task(EFFECT, seat, f"place:{action.place}"), again)
    elif isinstance(action, CompleteOrder):
        _serve(engine, seat, action)
        engine.push(again)
    elif isinstance(action, ObeyNasty):
        engine.emit(ev.NastyObeyed(seat, action.card))
        engine.push(Task(EFFECT, seat, f"nasty:{action.card}"), again)
    else:
        engine.emit(ev.TurnEnded(seat, passed=isinstance(action, Pass)))
        engine.push(Task("next_turn", seat))


def _place(engine: Engine, seat: int, action: PlaceDice) -> None:
    """Dice on a place; a Kitchen task or Chore also scores the track's extra points (from
    the level the player had) and moves the track one level up."""
    rules: RuleSet = engine.rules
    place = rules.place(action.place)
    engine.emit(ev.DicePlaced(seat, action.place, action.dice))
    if place.area in TASK_AREAS:
        track = rules.track(place.area)
        score(engine, seat, track.extra(engine.state.players[seat].track(place.area)), "track_bonus")
        move_track(engine, seat, place.area, 1)


def _serve(engine: Engine, seat: int, action: CompleteOrder) -> None:
    """Serve the open order: give back its ingredients (Magic Potions standing for those
    named), score by rounds late, keep it face down (face up with the rule option
    ``served_orders: open``), move a K or C order's track (no extra points), take an item
    for an order that gives one, and put a new order on the table."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    me = state.players[seat]
    assert me.order is not None
    order = rules.order(me.order)
    replaced = Counter(action.potions.split("+")) if action.potions else Counter[str]()
    given = list((Counter(dict(order.ingredients)) - replaced).elements())
    given += [rules.potion.id] * sum(replaced.values())
    late = state.round - me.taken
    engine.emit(ev.OrderServed(seat, order.id, late, order.points_for(late), tuple(sorted(given))))
    if state.option("served_orders", "face_down") == "open":
        reveal_orders(engine, seat)
    if order.track is not None:
        move_track(engine, seat, order.track, 1)
    if order.item:
        draw_items(engine, seat, 1)
    if me.table >= 0:
        refill_table(engine, me.table)


def _discards(rules: RuleSet, state: GameState, task: Task) -> tuple[DiscardOrder, ...]:
    return tuple(DiscardOrder(t) for t, order in enumerate(state.tables) if order)


@decision(
    "discard_order",
    _discards,
    lambda r, s, t: "you drew an order blind: discard an order from a table (your meeple goes there)",
    takes=(DiscardOrder,),
)
def _discard(engine: Engine, task: Task, action: DiscardOrder) -> None:
    """After a blind draw: the table whose order is discarded (``DiscardOrder``)."""
    engine.emit(ev.OrderDiscarded(task.player, action.table, engine.state.tables[action.table]))


@automatic("next_turn")
def _next_turn(engine: Engine, task: Task) -> None:
    """The next player in turn order with dice who has not passed; none: the round ends."""
    state: GameState = engine.state
    count = len(state.players)
    for step in range(1, count + 1):
        seat = (task.player + step) % count
        other = state.players[seat]
        if other.dice and not other.passed:
            engine.push(Task("turn", seat))
            return
    engine.push(Task("round_end"))


@automatic("round_end")
def _round_end(engine: Engine, task: Task) -> None:
    """End of a round: each open order costs a space down the Nasty track, customers who
    waited too long leave, the white die goes to the lowest score (ties: the player
    furthest down the turn order), and the next round (or the end) follows."""
    rules: RuleSet = engine.rules
    order = seat_order(engine.state)
    for seat in order:
        if engine.state.players[seat].order is not None:
            move_track(engine, seat, "nasty", 1)
    for seat in order:
        me = engine.state.players[seat]
        if me.order is None:
            continue
        card = rules.order(me.order)
        if engine.state.round + 1 - me.taken >= card.leave_after:
            engine.emit(ev.OrderLeft(seat, card.id, card.leave_lose))
            if me.table >= 0:
                refill_table(engine, me.table)
    if engine.state.round >= rules.constants.rounds:
        engine.push(Task("end_game"))
        return
    lowest = min(engine.state.players[seat].score for seat in order)
    white = [seat for seat in order if engine.state.players[seat].score == lowest][-1]
    if not engine.state.players[white].white:
        engine.emit(ev.WhiteDieGiven(white))
    engine.push(Task("round_start"))
