"""Cavern Tavern's rules, one scenario each, with the rulebook's line
(``../shared/rulebooks/cavern-tavern-en.txt``) in the docstring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from cavern import RULES, after_first_orders, at_turn, opening, with_ingredients, with_item, with_order
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.actions import (
    ChangeDie,
    ChooseIngredient,
    ChoosePlayer,
    CompleteOrder,
    DiscardOrder,
    DrawOrder,
    EndTurn,
    KeepItem,
    PlaceDice,
    PlayItem,
    TakeOrder,
)
from taverna_rules.games.cavern_tavern.endgame import ranking
from taverna_rules.games.cavern_tavern.state import GameState
from taverna_rules.games.cavern_tavern.turn import placements

E = TypeVar("E", bound=tr.Event)


def _of(events: Sequence[tr.Event], cls: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, cls)]


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_lays_out_the_tavern(players: int) -> None:
    """Lines 163-165, 185, 197, 205, 225, 235-237: a secret task each, the rest out of the
    game; the decks shuffled; the last player has the white die; the starting roll's
    ingredients come from the Cellar; then 6 face-up orders in the Main Area."""
    game = opening(players)
    state = game.state
    assert all(p.secret for p in state.players)
    assert len(state.secret_box) == 8 - players
    assert all(state.tables) and len(state.tables) == 6
    assert len(state.order_deck) == 42 - 6
    assert len(state.item_deck) == 20 and len(state.nasty_deck) == 15
    assert [p.white for p in state.players] == [seat == players - 1 for seat in range(players)]
    rolls = _of(game.events, ev.DiceRolled)[:players]
    for roll in rolls:
        held = state.players[roll.player].ingredients
        assert len(held) == len(roll.dice)  # one ingredient a die (white die included by default)
        for value in roll.dice:
            place = RULES.place(f"cellar_{value}")
            gains = {child.arg("ingredient") for child in place.effect.children}
            assert gains & set(held)
    assert len(rolls[-1].dice) == 5
    assert Counter(state.supply)["magic_potion"] == 4


def test_the_white_die_can_stay_out_of_the_starting_roll() -> None:
    """The option starting_roll_with_white_die (line 225 against line 235)."""
    game = opening(3, starting_roll_with_white_die=False)
    assert [len(r.dice) for r in _of(game.events, ev.DiceRolled)[:3]] == [4, 4, 4]
    # ... but the white die is rolled in the rounds.
    assert [len(p.dice) for p in game.state.players] == [4, 4, 5]


# ----------------------------------------------------------------------------- a round
def test_a_round_starts_with_everyone_rolling() -> None:
    """Line 243: all players roll all their dice at the start of a round, as events (chance
    during play: each roll is a counted draw)."""
    game = opening(4)
    rolled = [e for e in game.events if isinstance(e, ev.DiceRolled)][4:]
    assert [e.player for e in rolled] == [0, 1, 2, 3]
    assert game.state.draws >= 4 + 4 + 4 + 6  # secret tasks, two rolls each, six orders


def test_the_first_turn_without_an_order_must_take_one() -> None:
    """Line 258: a player must take an order on their first turn of a round if they have
    none; in round 1 from the table (line 258; blind draws from the deck, line 264, are
    the option blind_order_in_first_round)."""
    game = opening(3)
    actions = game.legal_actions()
    assert {type(a) for a in actions} <= {TakeOrder, PlayItem}
    assert TakeOrder(0) in actions and DrawOrder() not in actions
    with pytest.raises(tr.IllegalActionError, match="take an order first"):
        game.apply(PlaceDice("office", str(game.state.players[0].dice[0])))
    blind = opening(3, blind_order_in_first_round=True)
    assert DrawOrder() in blind.legal_actions()


def test_one_order_at_most_and_any_order_of_actions() -> None:
    """Lines 249-258: a turn may take an order, place dice, complete the order; never a
    second order while one is open."""
    game = opening(2)
    game.apply(TakeOrder(2))
    actions = game.legal_actions()
    assert not any(isinstance(a, TakeOrder | DrawOrder) for a in actions)
    assert any(isinstance(a, PlaceDice) for a in actions)


# ----------------------------------------------------------------------------- dice
def test_the_rulebook_dice_example() -> None:
    """Lines 276-286: A rolls 2,3,5,5 and puts the 2 on place 2; B puts 4 on place 4; C
    combines 5 and 1 on place 6; D puts 1+3+6+6 on 16, "Fix the roof"."""
    state = after_first_orders(4)
    rolls = {0: (2, 3, 5, 5), 1: (1, 1, 4, 6), 2: (1, 3, 4, 5), 3: (1, 3, 6, 6)}
    for seat, dice in rolls.items():
        state = state.replace(
            players=tuple(p.replace(dice=dice) if s == seat else p for s, p in enumerate(state.players)),
        )
    expected = {
        0: ("cellar_2", "2"),
        1: ("cellar_4", "4"),
        2: ("cellar_6", "1+5"),
        3: ("fix_the_roof", "1+3+6+6"),
    }
    for seat, (place, group) in expected.items():
        legal = placements(RULES, state, seat)
        assert PlaceDice(place, group) in legal
        assert len(legal) == len(set(legal)), "every combination once"
    game = at_turn(state, 3)
    before = len(game.events)
    game.apply(PlaceDice("fix_the_roof", "1+3+6+6"))
    assert game.decision is not None and game.decision.kind == "effect_choice"  # the forced trade
    game.apply(tr.ChooseOption(1))  # declined
    player = game.state.players[3]
    assert "wine" in Counter(player.ingredients) and player.chores == 1
    assert ev.VPScored(3, 8, "tasks") in game.events[before:]
    assert len(player.items) == 1
    assert game.state.players[3].dice == ()


def test_dice_must_add_up_exactly() -> None:
    """Line 272: the total must be exactly the place's value; no partial spending."""
    state = after_first_orders(4)
    legal = placements(
        RULES,
        state.replace(players=(state.players[0].replace(dice=(1, 3, 6, 6)), *state.players[1:])),
        0,
    )
    assert PlaceDice("chop_wood", "1+3+6+6") not in legal  # 16 is not 14
    assert PlaceDice("chop_wood", "6+6") not in legal
    assert PlaceDice("mop_the_floor", "1+3+6") in legal  # 10
    sums = {p.place: p.dice for p in legal}
    assert "entertain_the_guests" not in sums


def test_duplicate_dice_give_each_group_once() -> None:
    """Every combination of the remaining dice, without duplicates: 1,1,4,6 has one "1"
    for place 1 and one "1+1" for place 2."""
    state = after_first_orders(4)
    state = state.replace(players=(state.players[0].replace(dice=(1, 1, 4, 6)), *state.players[1:]))
    legal = placements(RULES, state, 0)
    assert legal.count(PlaceDice("cellar_1", "1")) == 1
    assert legal.count(PlaceDice("cellar_2", "1+1")) == 1
    assert PlaceDice("office", "1") in legal and PlaceDice("office", "4") in legal
    assert PlaceDice("item_shop", "1+1") in legal and PlaceDice("magic_potion", "1+4+6") in legal


@pytest.mark.parametrize(("players", "slots"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_cellar_slots_by_player_count(players: int, slots: int) -> None:
    """Lines 113 and 290: the Cellar places hold 1/2/3/4 dice groups with 2/3/4/5 players."""
    assert RULES.place("cellar_3").slots_for(players) == slots
    state = after_first_orders(players)
    taken = tuple(("cellar_3", 1, "3") for _ in range(slots))
    state = state.replace(players=(state.players[0].replace(dice=(3, 3)), *state.players[1:]))
    free = state.replace(placements=taken[:-1])
    full = state.replace(placements=taken)
    assert PlaceDice("cellar_3", "3") in placements(RULES, free, 0)
    assert PlaceDice("cellar_3", "3") not in placements(RULES, full, 0)


def test_a_task_takes_one_dice_group_a_round_unless_a_master_key() -> None:
    """Line 294: Kitchen tasks and Chores take one dice group a round; the exception is a
    special item card (here the reconstructed Master Key)."""
    state = after_first_orders(3)
    state = state.replace(placements=(("wipe_the_tables", 1, "2+6"),))
    state = state.replace(
        players=(state.players[0], state.players[1].replace(dice=(1, 1)), *state.players[2:])
    )
    state = with_item(state, 0, "master_key#1")
    game = at_turn(state, 0, dice=(4, 4))
    assert PlaceDice("wipe_the_tables", "4+4") not in game.legal_actions()
    game.apply(PlayItem("master_key"))
    assert PlaceDice("wipe_the_tables", "4+4") in game.legal_actions()


def test_die_change_from_level_six() -> None:
    """Lines 374-376: from level 6 one die may change by 1 for a task of the track, from
    level 9 by 2 (the die stays a die)."""
    state = after_first_orders(3)
    plain = at_turn(state, 0, dice=(6, 6, 3))
    assert PlaceDice("cook_dragon_eggs", "6+6") not in plain.legal_actions()  # 12 is not 11
    six = at_turn(state, 0, dice=(6, 6, 3), kitchen=6)
    assert PlaceDice("cook_dragon_eggs", "6+6") in six.legal_actions()
    assert PlaceDice("wash_the_dishes", "6+6") not in six.legal_actions()  # a 6 cannot become 7
    assert PlaceDice("wipe_the_tables", "3+6") not in six.legal_actions()  # a Chore: 9 is not 8
    nine = at_turn(state, 0, dice=(6, 6, 3), kitchen=9)
    assert PlaceDice("make_lunch", "3+6") in nine.legal_actions()  # 9 - 2 = 7
    assert PlaceDice("serve_dinner", "3+6+6") in nine.legal_actions()  # the 3 becomes a 5: 17
    assert PlaceDice("serve_dinner", "6+6") not in nine.legal_actions()  # 12 is 5 short


@pytest.mark.parametrize(("level", "extra"), [(0, 0), (2, 0), (3, 2), (6, 3), (9, 4)])
def test_track_extra_points(level: int, extra: int) -> None:
    """Lines 372-376 and 386-390: from level 3, 6 and 9 a task of the track scores 2, 3 and
    4 more points; the task moves the track one level up (at most 9)."""
    state = after_first_orders(3)
    game = at_turn(state, 0, dice=(4, 4), chores=level)
    events = game.apply(PlaceDice("wipe_the_tables", "4+4"))
    bonus = [e.amount for e in _of(events, ev.VPScored) if e.category == "track_bonus"]
    assert bonus == ([extra] if extra else [])
    assert game.state.players[0].chores == min(level + 1, 9)


# ----------------------------------------------------------------------------- places
def test_the_cellar_gives_one_of_its_two_ingredients() -> None:
    """Line 109: each Cellar place gives one of its two ingredients, the player's choice."""
    state = after_first_orders(3)
    game = at_turn(state, 0, dice=(2, 5))
    game.apply(PlaceDice("cellar_2", "2"))
    assert game.decision is not None and game.decision.kind == "effect_choice"
    before = Counter(game.state.players[0].ingredients)
    game.apply(tr.ChooseOption(1))
    assert Counter(game.state.players[0].ingredients) - before == Counter({"rocks": 1})


def test_ingredients_are_limited() -> None:
    """Line 221: take only what the supply has; a Cellar choice with one side gone gives the
    other without asking, with both gone nothing."""
    state = after_first_orders(3)
    fruit = [i for i in state.supply if i == "fruit"]
    state = with_ingredients(state, 1, [*state.players[1].ingredients, *fruit])
    game = at_turn(state, 0, dice=(1, 5))
    before = Counter(game.state.players[0].ingredients)
    game.apply(PlaceDice("cellar_1", "1"))
    assert Counter(game.state.players[0].ingredients) - before == Counter({"herbs": 1})
    assert "fruit" not in game.state.supply


def test_talk_to_nasty() -> None:
    """Lines 133 and 300: one die; you go one space up the Nasty track, a co-worker of your
    choice one space down."""
    state = after_first_orders(3)
    game = at_turn(state, 0, dice=(2,), nasty=2)
    game.apply(PlaceDice("office", "2"))
    assert game.state.players[0].nasty == 1
    assert game.legal_actions() == (ChoosePlayer(1), ChoosePlayer(2))
    game.apply(ChoosePlayer(2))
    assert game.state.players[2].nasty == 1


def test_nasty_thresholds_draw_a_card_once() -> None:
    """Lines 360-366: reaching 3, 6 or 9 draws a Nasty the Dwarf Says card, once each; the
    track stops at 9."""
    state = after_first_orders(3)
    game = at_turn(state, 1, dice=(2, 3), nasty=2)
    game.apply(PlaceDice("office", "2"))
    events = game.apply(ChoosePlayer(0))  # seat 0 was at 0: 1, no card
    assert not _of(events, ev.NastySummoned)
    state = game.state.replace(players=(game.state.players[0].replace(nasty=2), *game.state.players[1:]))
    game = at_turn(state, 1, placed=False)
    game.apply(PlaceDice("office", "3"))
    events = game.apply(ChoosePlayer(0))
    summoned = _of(events, ev.NastySummoned)
    assert [(s.player, s.threshold) for s in summoned] == [(0, 3)]
    assert game.state.players[0].demands == ((summoned[0].card, 1),)
    # Back up and down to 3 again: no second card.
    state = game.state.replace(players=(game.state.players[0].replace(nasty=2), *game.state.players[1:]))
    game = at_turn(state.replace(placements=()), 2, dice=(1,))
    game.apply(PlaceDice("office", "1"))
    events = game.apply(ChoosePlayer(0))
    assert not _of(events, ev.NastySummoned) and game.state.players[0].nasty == 3


def test_a_summoned_player_is_kept_out_of_the_kitchen_and_chores() -> None:
    """Line 203: until they do what Nasty says, a player may only visit the Cellar, the
    Wizard's Workshop and Nasty's office."""
    state = after_first_orders(3)
    state = state.replace(nasty_deck=tuple(c for c in state.nasty_deck if c != "pay_the_rent"))
    game = at_turn(state, 0, dice=(4, 4), demands=(("pay_the_rent", 1),), summons=(3,), nasty=3)
    places = {a.place for a in game.legal_actions() if isinstance(a, PlaceDice)}
    assert "wipe_the_tables" not in places and "cellar_4" in places and "item_shop" in places
    game.apply(_obey("pay_the_rent"))
    assert game.state.players[0].demands == ()
    assert PlaceDice("wipe_the_tables", "4+4") in game.legal_actions()


def _obey(card: str) -> tr.Action:
    from taverna_rules.games.cavern_tavern.actions import ObeyNasty

    return ObeyNasty(card)


def test_the_item_space_draws_three_and_keeps_one() -> None:
    """Lines 141 and 298: two dice; draw 3 items, keep 1, the rest back in the deck."""
    state = after_first_orders(2)
    game = at_turn(state, 0, dice=(2, 5))
    game.apply(PlaceDice("item_shop", "2+5"))
    offer = game.state.players[0].offer
    assert len(offer) == 3 and game.decision is not None and game.decision.kind == "keep_item"
    kind = offer[0].split("#")[0]
    game.apply(KeepItem(kind))
    assert len(game.state.players[0].items) == 1 and len(game.state.item_deck) == 19
    assert game.state.players[0].offer == ()


def test_the_magic_potion_space() -> None:
    """Lines 145 and 296: any three dice for a Magic Potion and an item."""
    state = after_first_orders(2)
    game = at_turn(state, 0, dice=(1, 2, 6))
    game.apply(PlaceDice("magic_potion", "1+2+6"))
    assert "magic_potion" in game.state.players[0].ingredients and len(game.state.players[0].items) == 1


# ----------------------------------------------------------------------------- orders
def _ready(state: GameState, seat: int, order: str, taken: int, extra: tuple[str, ...] = ()) -> GameState:
    card = RULES.order(order)
    state = with_order(state, seat, order, taken) if state.players[seat].order != order else state
    needed = [i for i, n in card.ingredients for _ in range(n)]
    return with_ingredients(state, seat, [*needed, *extra])


def test_thunder_smoke_timing_example() -> None:
    """Lines 318-320: Thunder Smoke taken in round 5 and served in round 7 is 2 rounds late:
    +2/15, 15 points instead of 28."""
    state = after_first_orders(3)
    state = state.replace(players=(state.players[0].replace(order=None, table=-1), *state.players[1:]))
    state = state.replace(order_discard=(*state.order_discard, after_first_orders(3).players[0].order or ""))
    state = _ready(state.replace(round=7), 0, "thunder_smoke", 5)
    game = at_turn(state, 0, dice=(2,))
    events = game.apply(CompleteOrder())
    served = _of(events, ev.OrderServed)[0]
    assert (served.late, served.points) == (2, 15)
    assert RULES.order("thunder_smoke").points_for(0) == 28


def test_serving_an_order() -> None:
    """Lines 304-316: the ingredients go back to the supply, the order is kept (face down,
    line 169), the meeple comes back and a new order takes the table's spot."""
    state = after_first_orders(3)
    order = state.players[0].order
    assert order is not None
    table = state.players[0].table
    state = _ready(state, 0, order, 1)
    game = at_turn(state, 0, dice=(2,))
    events = game.apply(CompleteOrder())
    me = game.state.players[0]
    assert me.order is None and me.face_down == (order,) and me.ingredients == ()
    assert _of(events, ev.TableRefilled)[0].table == table and game.state.tables[table]
    assert ev.VPScored(0, 0, "orders") not in events and me.vp == (("orders", RULES.order(order).points[0]),)


def test_a_magic_potion_replaces_one_ingredient() -> None:
    """Lines 215-217: a Magic Potion stands for one ingredient of the order's."""
    state = after_first_orders(3)
    order = RULES.order(state.players[0].order or "")
    first = order.ingredients[0][0]
    needed = [i for i, n in order.ingredients for _ in range(n)]
    needed.remove(first)
    state = with_ingredients(state, 0, [*needed, "magic_potion"])
    game = at_turn(state, 0, dice=(2,))
    assert CompleteOrder(first) in game.legal_actions()
    assert CompleteOrder() not in game.legal_actions()
    game.apply(CompleteOrder(first))
    assert game.state.players[0].ingredients == ()


def test_k_and_c_orders_move_a_track_without_extra_points() -> None:
    """Lines 177-179: a K or C order moves the Kitchen or Chores track, but scores none of
    the track's extra points."""
    order = next(o for o in RULES.orders if o.track == "kitchen")
    state = after_first_orders(3)
    state = state.replace(players=(state.players[0].replace(order=None, table=-1), *state.players[1:]))
    state = state.replace(order_discard=(*state.order_discard, after_first_orders(3).players[0].order or ""))
    state = _ready(state, 0, order.id, 1)
    game = at_turn(state, 0, dice=(2,), kitchen=5)
    events = game.apply(CompleteOrder())
    assert game.state.players[0].kitchen == 6
    assert not [e for e in _of(events, ev.VPScored) if e.category == "track_bonus"]


def test_a_blind_order_discards_a_table_and_takes_its_spot() -> None:
    """Line 264: an order drawn blind must be taken, an order of the table discarded, the
    meeple placed on its spot (ruling: served later, a new order fills that spot)."""
    game = opening(3, blind_order_in_first_round=True)
    game.apply(DrawOrder())
    drawn = game.state.players[0].order
    assert drawn is not None and game.decision is not None and game.decision.kind == "discard_order"
    discarded = game.state.tables[4]
    game.apply(DiscardOrder(4))
    assert game.state.tables[4] == "" and game.state.players[0].table == 4
    assert discarded in game.state.order_discard


def test_customers_leave_after_the_red_number_of_rounds() -> None:
    """Line 316-320: if it takes X rounds (the red field), the customers leave: the order is
    discarded, its points lost, a new order placed on its spot."""
    state = after_first_orders(2)
    order = RULES.order(state.players[0].order or "")
    state = state.replace(round=order.leave_after)
    state = state.replace(players=tuple(p.replace(dice=()) for p in state.players))
    game = tr.Game.from_position(RULES, state.replace(stack=(tr.Task("round_end"),)))
    left = _of(game.events, ev.OrderLeft)
    assert [(e.player, e.order, e.lose) for e in left][:1] == [(0, order.id, order.leave_lose)]
    assert game.state.players[0].order is None


# ----------------------------------------------------------------------------- end of round and game
def test_end_of_round_nasty_for_open_orders_and_the_white_die() -> None:
    """Lines 332-334: an open order at the end of a round costs a space down the Nasty
    track; the white die goes to the lowest score, ties to the player further down the
    turn order."""
    state = after_first_orders(3)
    players = list(state.players)
    players[0] = players[0].replace(dice=(), vp=(("orders", 5),))
    players[1] = players[1].replace(dice=(), order=None, table=-1, vp=())
    players[2] = players[2].replace(dice=(), vp=(), white=True)
    state = state.replace(players=tuple(players), order_discard=(state.players[1].order or "",))
    game = tr.Game.from_position(RULES, state.replace(stack=(tr.Task("round_end"),)))
    assert [p.nasty for p in game.state.players] == [1, 0, 1]
    assert [p.white for p in game.state.players] == [False, False, True]  # seats 1 and 2 tie: seat 2 is last
    assert game.state.round == 2


def test_final_scoring() -> None:
    """Lines 338-346: Nasty's penalty; +1 VP an ingredient without an open order (none with
    one); -10 for an unfinished Nasty card unless drawn in round 10; the secret task."""
    state = after_first_orders(2)
    state = state.replace(round=10)
    state = with_ingredients(state, 1, ["beer", "wine", "wine"])
    players = list(state.players)
    players[0] = players[0].replace(
        dice=(), nasty=4, taken=10, demands=(("pay_the_rent", 9), ("apology", 10))
    )
    players[1] = players[1].replace(dice=(), order=None, table=-1, nasty=0)
    state = state.replace(
        players=tuple(players),
        nasty_deck=tuple(c for c in state.nasty_deck if c not in ("pay_the_rent", "apology")),
        order_discard=(state.players[1].order or "",),
    )
    game = tr.Game.from_position(RULES, state.replace(stack=(tr.Task("round_end"),)))
    assert game.result is not None
    lines = {s.player: dict(s.breakdown) for s in game.result.standings}
    assert lines[0]["nasty"] == -RULES.track("nasty").penalty[5]  # 4, then one more for the open order
    assert lines[0]["nasty_says"] == -10 and "ingredients" not in lines[0]
    assert lines[1]["ingredients"] == 3 and "nasty" not in lines[1]
    secret = {s.player: game.state.players[s.player].shown for s in game.result.standings}
    assert all(secret.values()) and all(p.secret == "" for p in game.state.players)


def test_ties_go_to_nasty_then_orders_then_are_shared() -> None:
    """Line 346: a tie goes to the better reputation with Nasty, then to more orders served,
    else both win."""
    state = after_first_orders(3)
    players = [p.replace(vp=(("orders", 10),)) for p in state.players]
    players[0] = players[0].replace(nasty=2)
    players[1] = players[1].replace(nasty=1, served=("a",))
    players[2] = players[2].replace(nasty=1, served=("b", "c"))
    result = ranking(state.replace(players=tuple(players)))
    assert [(s.player, s.rank) for s in result.standings] == [(2, 1), (1, 2), (0, 3)]
    players[1] = players[1].replace(served=("a", "d"))
    shared = ranking(state.replace(players=tuple(players)))
    assert [(s.player, s.rank, s.tied) for s in shared.standings][:2] == [(1, 1, True), (2, 1, True)]


# ----------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_whole_game_plays_from_the_public_api(players: int) -> None:
    """A full game for every player count, with the same loop as Taverna's."""
    rules = tr.load_rules(game="cavern_tavern")
    game = tr.new_game(rules, [f"P{i}" for i in range(players)], seed=players)
    while game.decision is not None:
        game.apply(game.legal_actions()[-1])
    assert game.result is not None and len(game.result.standings) == players
    assert game.state.round == 10
    assert tr.replay(rules, game.events).state == game.state


def test_pass_is_taken_by_itself_when_nothing_else_is_possible() -> None:
    """Line 302: with no die that can be placed, the player must pass (and is done for the
    round): a turn whose only action is to pass offers nothing else, and is asked only
    because Ann holds hidden things (her secret task): whether she could play must not show."""
    state = after_first_orders(2)
    state = state.replace(placements=(("office", 1, "5"),))
    state = state.replace(players=(state.players[0], state.players[1].replace(dice=(1, 2, 3))))
    game = at_turn(state, 0, dice=(6,))
    actions = game.legal_actions()
    assert EndTurn() not in actions and PlaceDice("cellar_6", "6") in actions
    game.apply(PlaceDice("cellar_6", "6"))
    game.apply(tr.ChooseOption(0))
    assert game.state.players[0].dice == () and game.state.players[0].secret
    assert game.decision is not None and (game.decision.player, game.decision.actions) == (0, (EndTurn(),))
    game.apply(EndTurn())
    assert game.decision is not None and game.decision.player == 1


def test_an_item_turns_a_die() -> None:
    """Items are played on your own turn (line 193); the Lucky Charm (reconstructed) turns
    one die by 1."""
    state = with_item(after_first_orders(2), 0, "lucky_charm#1")
    game = at_turn(state, 0, dice=(3, 5))
    game.apply(PlayItem("lucky_charm"))
    assert ChangeDie(3, 4) in game.legal_actions() and ChangeDie(3, 5) not in game.legal_actions()
    game.apply(ChangeDie(3, 4))
    assert game.state.players[0].dice == (4, 5)
    assert "lucky_charm#1" in game.state.item_discard


def test_gain_any_ingredient_offers_the_cellar() -> None:
    """Entertain the guests (line 442): one ingredient of your choice from the Cellar."""
    state = after_first_orders(2)
    game = at_turn(state, 0, dice=(6, 6, 6))
    game.apply(PlaceDice("entertain_the_guests", "6+6+6"))
    assert game.decision is not None and game.decision.kind == "choose_cellar"
    assert ChooseIngredient("magic_potion") not in game.legal_actions()
    game.apply(ChooseIngredient("mead"))
    assert "mead" in game.state.players[0].ingredients


# ----------------------------------------------------------------------------- properties
def test_the_conformance_kit_passes() -> None:
    """Random games for every player count: play, replay, round trips, views (no hidden
    item, deck or secret task named to another seat), integrity (every card, ingredient and
    die accounted for) and undo."""
    from taverna_rules.tools.conformance import run_checks

    report = run_checks(RULES, games=2, seed=11)
    assert report.ok, report.format_text()
    assert report.games_played == ((2, 2), (3, 2), (4, 2), (5, 2))


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), data=st.data())
def test_random_play_keeps_every_invariant(players: int, seed: int, data: st.DataObject) -> None:
    """Whatever the legal choices: the game ends after 10 rounds; after every action the
    state is consistent (every card, ingredient and die accounted for, dice conserved),
    folding the log gives the live state, an illegal action changes nothing."""
    from taverna_rules.core import serialize
    from taverna_rules.games.cavern_tavern.integrity import state_problems

    game = tr.new_game(RULES, [f"P{i}" for i in range(players)], seed=seed)
    steps = 0
    while game.decision is not None:
        actions = game.legal_actions()
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        if steps % 17 == 0:
            before = game.state
            with pytest.raises(tr.IllegalActionError):
                game.apply(PlaceDice("nowhere", "7"))
            assert game.state is before
        game.apply(action)
        steps += 1
        assert state_problems(RULES, game.state) == []
    assert game.state.round == 10 and game.result is not None
    assert tr.replay(RULES, game.events).state == game.state
    text = serialize.events_to_json(game.events, game="cavern_tavern")
    assert serialize.events_from_json(text, game="cavern_tavern") == list(game.events)
