"""Cavern Tavern's served orders (issue #25): no new order is owed after serving one until
the next round, and served orders are kept face down. The rulebook's lines
(``../shared/rulebooks/cavern-tavern-en.txt``) are in the docstrings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

import pytest

import taverna_rules as tr
from cavern import (
    RULES,
    after_first_orders,
    at_round_start,
    with_face_down,
    with_ingredients,
    with_secret,
    without_order,
)
from taverna_rules.core import serialize
from taverna_rules.core.arguments import resolve_options
from taverna_rules.core.records import HIDDEN
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.actions import (
    CompleteOrder,
    DrawOrder,
    EndTurn,
    Pass,
    PlaceDice,
    PlayItem,
    TakeOrder,
)
from taverna_rules.games.cavern_tavern.endgame import ranking
from taverna_rules.games.cavern_tavern.state import GameState

E = TypeVar("E", bound=tr.Event)
#: What a turn offers when the take is compulsory.
TAKING = (TakeOrder, DrawOrder, PlayItem)


def _of(events: Sequence[tr.Event], cls: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, cls)]


def _needs(order: str) -> list[str]:
    return [i for i, n in RULES.order(order).ingredients for _ in range(n)]


def _must_take(game: tr.Game) -> bool:
    """The pending turn offers nothing but taking an order (and items)."""
    actions = game.legal_actions()
    return all(isinstance(a, TAKING) for a in actions) and any(isinstance(a, TakeOrder) for a in actions)


def _free_turn(game: tr.Game) -> bool:
    """The pending turn may go on without an order: dice to place, or the turn's end."""
    return any(isinstance(a, PlaceDice | EndTurn | Pass) for a in game.legal_actions())


# ----------------------------------------------------------------------------- no order owed after serving
def test_an_order_carried_over_and_served_on_the_first_turn_owes_no_other() -> None:
    """Lines 258, 322-326: the take is compulsory only for a player without an order from
    the previous round. Ann carries one into round 4, serves it on her first turn, and
    may then place dice without taking another (she may still take one)."""
    state = after_first_orders(3)
    order = state.players[0].order
    assert order is not None
    ann = state.players[0].replace(taken=3)
    state = with_ingredients(state.replace(players=(ann, *state.players[1:])), 0, _needs(order))
    game = at_round_start(state, 4)
    assert game.decision is not None and (game.decision.kind, game.decision.player) == ("turn", 0)
    assert not _must_take(game) and CompleteOrder() in game.legal_actions()
    served = _of(game.apply(CompleteOrder()), ev.OrderServed)[0]
    assert served.late == 1
    assert game.state.players[0].order is None
    assert _free_turn(game) and not _must_take(game)
    assert any(isinstance(a, TakeOrder) for a in game.legal_actions())  # "if you want, you can"
    assert "take an order" not in game.decision.prompt
    place = next(a for a in game.legal_actions() if isinstance(a, PlaceDice))
    game.apply(place)


def test_the_round_four_example_takes_and_serves_at_once() -> None:
    """Lines 322-326: "At the start of round 4, it's your turn and you don't have an Order.
    You take an Order and you have all the necessary Ingredients": served at once, on
    time, and no other order is owed until the next round, when the take is compulsory
    again."""
    state = without_order(after_first_orders(3), 0)
    table = next(t for t, order in enumerate(state.tables) if order)
    order = state.tables[table]
    state = with_ingredients(state, 0, _needs(order))
    game = at_round_start(state, 4)
    assert _must_take(game)
    game.apply(TakeOrder(table))
    served = _of(game.apply(CompleteOrder()), ev.OrderServed)[0]
    assert (served.order, served.late, served.points) == (order, 0, RULES.order(order).points[0])
    assert _free_turn(game) and not _must_take(game)
    # The rest of round 4 asks for no order; round 5 starts without one: compulsory.
    for _ in range(200):
        decision = game.decision
        assert decision is not None
        if game.state.round == 5 and decision.player == 0 and decision.kind == "turn":
            break
        actions = game.legal_actions()
        if decision.player == 0 and decision.kind == "turn":
            assert not _must_take(game)
            actions = tuple(a for a in actions if not isinstance(a, TakeOrder | DrawOrder)) or actions
        game.apply(actions[0])
    assert game.state.round == 5 and game.state.players[0].order is None
    assert _must_take(game)


def test_the_take_is_compulsory_on_the_first_turn_without_an_order() -> None:
    """Line 258 (and 322: "if you don't have an Order Card, you must take one on your first
    turn of the round"): a player who begins a round without an order may only take one
    (or play items) first; placing dice is refused."""
    state = without_order(after_first_orders(3), 1)
    game = at_round_start(state, 4, first=1)
    assert _must_take(game) and game.decision is not None
    assert "take an order" in game.decision.prompt
    die = game.state.players[1].dice[0]
    with pytest.raises(tr.IllegalActionError, match="take an order first"):
        game.apply(PlaceDice("office", str(die)))


def _round_starts(game: tr.Game) -> dict[int, bool]:
    """Who began the current round without an order, read from the log (the state folded
    up to the round's RoundStarted), not from the state's own flag."""
    events = list(game.events)
    start = max(i for i, e in enumerate(events) if isinstance(e, ev.RoundStarted))
    before: GameState | None = None
    for event in events[:start]:
        before = game.module.evolve(before, event)
    assert before is not None
    return {seat: p.order is None for seat, p in enumerate(before.players)}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_take_is_compulsory_exactly_on_a_first_turn_begun_without_an_order(seed: int) -> None:
    """The class, over whole games whose players serve whenever they can: a turn offers
    only orders exactly when its player began the round without one, has not had a turn
    this round and has taken none since (orders being on offer); serving never makes a
    take compulsory."""
    game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    took: set[int] = set()
    turned: set[int] = set()
    served_first = 0
    round_ = 0
    while (decision := game.decision) is not None:
        if game.state.round != round_:
            round_, took, turned = game.state.round, set(), set()
            owed = _round_starts(game)
        actions = game.legal_actions()
        seat = decision.player
        if decision.kind == "turn":
            offered = any(isinstance(a, TakeOrder | DrawOrder) for a in actions)
            expected = owed[seat] and seat not in took and seat not in turned and offered
            assert _must_take(game) == expected, (round_, seat, actions)
        serve = [a for a in actions if isinstance(a, CompleteOrder)]
        action = serve[0] if serve else rng.choice(actions)
        if isinstance(action, CompleteOrder) and seat not in turned:
            served_first += 1
        took |= {seat} if isinstance(action, TakeOrder | DrawOrder) else set()
        for event in game.apply(action):
            if isinstance(event, ev.TurnEnded):
                turned.add(event.player)
    assert served_first, "an order served on a first turn of a round"


# ----------------------------------------------------------------------------- face down
def _served_by_ann(**options: object) -> tuple[tr.Game, str]:
    """Ann serves her order on her first turn of round 2 (late by a round)."""
    state = after_first_orders(3)
    state = state.replace(options=resolve_options(RULES, options))
    order = state.players[0].order
    assert order is not None
    game = at_round_start(with_ingredients(state, 0, _needs(order)), 2)
    game.apply(CompleteOrder())
    return game, order


def test_served_orders_are_kept_face_down() -> None:
    """Line 169: "Once you complete an Order, keep it to yourself facedown" (and line 316,
    "you turn over the Order card"): the others (and a spectator) see how many orders
    Ann served, not which, in her state and in the log; she sees hers."""
    game, order = _served_by_ann()
    for viewer in (1, 2, None):
        assert order not in serialize.state_to_json(game.view(viewer))
        seen = _of(game.events_for(viewer), ev.OrderServed)[-1]
        assert seen.order == HIDDEN and seen.points == RULES.order(order).points[1]
        ann = game.view(viewer).players[0]
        assert (ann.face_down, ann.served, ann.orders_served) == ((HIDDEN,), (), 1)
        assert order in game.module.visibility.hidden(game.state, viewer)
    assert dict(game.state.options)["served_orders"] == "face_down"
    assert game.state.players[0].face_down == (order,) and game.state.players[0].served == ()
    assert game.view(0).players[0].face_down == (order,)
    assert _of(game.events_for(0), ev.OrderServed)[-1].order == order
    # Folding a seat's log gives exactly its view.
    assert tr.replay(RULES, game.events).state == game.state


def test_the_open_reading_shows_served_orders_at_once() -> None:
    """The rule option served_orders: open (the table plays them face up): the order is
    turned up as it is served, with the kinds of ingredient it holds."""
    game, order = _served_by_ann(served_orders="open")
    kinds = tuple(sorted(kind for kind, _ in RULES.order(order).ingredients))
    for viewer in (0, 1, None):
        ann = game.view(viewer).players[0]
        assert (ann.served, ann.face_down, ann.recipes) == ((order,), (), kinds)
        assert _of(game.events_for(viewer), ev.OrdersRevealed)[-1] == ev.OrdersRevealed(0, (order,), kinds)


def test_the_final_scoring_shows_them_and_the_secret_tasks_count_them() -> None:
    """Lines 167, 338-346: at the end the secret tasks are scored: "for every Order that
    you'll complete during the game that contains Wine, you'll receive 3 bonus points".
    The face-down orders are turned up first, and every seat then sees them; the tie
    on orders served counts them too."""
    wine = [o.id for o in RULES.orders if any(k == "wine" for k, _ in o.ingredients)][:2]
    other = next(o.id for o in RULES.orders if all(k != "wine" for k, _ in o.ingredients))
    state = without_order(after_first_orders(2), 0)
    state = with_secret(with_face_down(state, 0, [*wine, other]), 0, "wine_connoisseur")
    state = state.replace(round=10, players=tuple(p.replace(dice=()) for p in state.players))
    game = tr.Game.from_position(RULES, state.replace(stack=(tr.Task("round_end"),)))
    assert game.result is not None
    assert ev.VPScored(0, 6, "secret_task") in game.events
    for viewer in (0, 1, None):
        ann = game.view(viewer).players[0]
        assert (ann.served, ann.face_down) == ((*wine, other), ())
    revealed = _of(game.events_for(1), ev.OrdersRevealed)
    assert [(e.player, e.orders) for e in revealed] == [(0, (*wine, other))]


def test_ties_count_face_down_orders() -> None:
    """Line 346: a tie goes to "the player who served more Orders", face down or not."""
    state = after_first_orders(2)
    players = [p.replace(vp=(("orders", 10),), nasty=1) for p in state.players]
    players[0] = players[0].replace(served=("a",))
    players[1] = players[1].replace(face_down=("b", "c"))
    result = ranking(state.replace(players=tuple(players)))
    assert [(s.player, s.rank) for s in result.standings] == [(1, 1), (0, 2)]


def _two_worlds() -> tuple[tr.Game, tr.Game]:
    """Two games Ann cannot tell apart: Bob served one order or another, face down (the
    other one in the deck)."""
    state = after_first_orders(3)
    first, second = sorted(state.order_deck)[:2]
    one = at_round_start(with_face_down(state, 1, [first]), 2)
    two = at_round_start(with_face_down(state, 1, [second]), 2)
    assert one.view(0) == two.view(0) and one.state != two.state
    return one, two


def test_a_determinized_game_redeals_face_down_orders_with_the_deck() -> None:
    """What Ann cannot tell apart gives the same sample: a face-down order is, to her, any
    order she sees nowhere else, so it trades places with the deck's; her own are kept."""
    one, two = _two_worlds()
    for k in range(5):
        sample = one.determinize(0, random.Random(k)).state
        assert sample == two.determinize(0, random.Random(k)).state
        assert len(sample.players[1].face_down) == 1
        assert sample.players[0] == one.state.players[0]
    moved = {one.determinize(0, random.Random(k)).state.players[1].face_down for k in range(20)}
    assert len(moved) > 1
    # Bob sees his own, which stay.
    assert one.determinize(1, random.Random(0)).state.players[1].face_down == one.state.players[1].face_down


def test_the_observation_does_not_encode_face_down_orders() -> None:
    """The observation vector of a seat is the same in games it cannot tell apart, and
    counts the others' served orders."""
    one, two = _two_worlds()
    assert tr.observe(one, 0, numpy=False) == tr.observe(two, 0, numpy=False)
    layout = tr.observation_layout(RULES, 3)
    assert tr.observe(one, 0, numpy=False)[layout["next1.served"]] == [1.0]


def test_the_conformance_kit_passes_with_open_served_orders() -> None:
    """The open reading keeps every invariant: views, replay, round trips, integrity."""
    from taverna_rules.tools.conformance import run_checks

    report = run_checks(RULES, games=1, seed=5, player_counts=(2, 4), options={"served_orders": "open"})
    assert report.ok, report.format_text()


def test_a_version_1_order_served_is_refused_by_name() -> None:
    """Version 1 of OrderServed (served face up, with its recipe) belongs to logs of the
    rules before the face-down default: it is refused with a message that says so."""
    data = {
        "type": "OrderServed",
        "v": 1,
        "player": 0,
        "order": "thunder_smoke",
        "late": 0,
        "points": 28,
        "ingredients": [],
        "recipe": [],
    }
    with pytest.raises(tr.ReplayError, match="'OrderServed' version 1 can no longer be read"):
        serialize.event_from_dict(data, game="cavern_tavern")
