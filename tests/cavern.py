"""Helpers for Cavern Tavern's scenario tests: games at a chosen moment, built from a real
opening by moving components (never creating or losing one), then resumed as positions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import taverna_rules as tr
from taverna_rules.games.cavern_tavern.state import GameState, Task, without

RULES = tr.load_rules(game="cavern_tavern")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def opening(players: int = 4, seed: int = 0, **options: Any) -> tr.Game:
    """A new game at round 1's first turn: the starting ingredients taken, each the first
    of its Cellar place's two."""
    game = tr.new_game(RULES, list(NAMES[:players]), seed=seed, options=options)
    while game.decision is not None and game.decision.kind == "effect_choice":
        game.apply(game.legal_actions()[0])
    return game


def _player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = players[seat].replace(**changes)
    return state.replace(players=tuple(players))


def with_ingredients(state: GameState, seat: int, ingredients: Sequence[str]) -> GameState:
    """``seat`` holds exactly ``ingredients``: theirs go back to the supply, these come from it."""
    held = state.players[seat].ingredients
    supply = tuple(sorted((*state.supply, *held)))
    for ingredient in ingredients:
        assert ingredient in supply, f"no {ingredient} left in the supply"
        supply = without(supply, (ingredient,))
    state = state.replace(supply=supply)
    return _player(state, seat, ingredients=tuple(sorted(ingredients)))


def with_order(state: GameState, seat: int, order: str, taken: int) -> GameState:
    """``seat`` holds ``order`` (from a table or the deck) taken in round ``taken``."""
    tables = list(state.tables)
    deck = state.order_deck
    table = tables.index(order) if order in tables else -1
    if table >= 0:
        tables[table] = ""
    else:
        deck = without(deck, (order,))
    state = state.replace(tables=tuple(tables), order_deck=deck)
    return _player(state, seat, order=order, table=table, taken=taken)


def with_item(state: GameState, seat: int, card: str) -> GameState:
    """``seat`` holds the item card ``card`` (taken from the deck)."""
    state = state.replace(item_deck=without(state.item_deck, (card,)))
    return _player(state, seat, items=tuple(sorted((*state.players[seat].items, card))))


def at_turn(state: GameState, seat: int, **player: Any) -> tr.Game:
    """The game resumed at ``seat``'s turn, with the player's fields changed (``dice``,
    ``acted``, ``kitchen`` ...): a position, undo always allowed."""
    state = _player(state, seat, **player)
    state = state.replace(stack=(Task("turn", seat),))
    return tr.Game.from_position(RULES, state, undo="always")


def after_first_orders(players: int = 4, seed: int = 0) -> GameState:
    """Round 1 with every player holding an order (their first turns' compulsory take done
    by hand), every seat marked as having had a turn."""
    state: GameState = opening(players, seed).state
    for seat in range(players):
        table = next(t for t, order in enumerate(state.tables) if order)
        state = with_order(state, seat, state.tables[table], 1)
        state = _player(state, seat, acted=True)
    return state


def without_order(state: GameState, seat: int) -> GameState:
    """``seat`` holds no order: theirs is discarded, their meeple back on their board."""
    order = state.players[seat].order
    if order is not None:
        state = state.replace(order_discard=(*state.order_discard, order))
    return _player(state, seat, order=None, table=-1, taken=0)


def with_face_down(state: GameState, seat: int, orders: Sequence[str]) -> GameState:
    """``seat`` has served ``orders`` (taken from the deck) and keeps them face down."""
    state = state.replace(order_deck=without(state.order_deck, orders))
    return _player(state, seat, face_down=(*state.players[seat].face_down, *orders))


def with_secret(state: GameState, seat: int, card: str) -> GameState:
    """``seat``'s secret task is ``card``: swapped with its holder's, or with the box."""
    mine = state.players[seat].secret
    holder = next((s for s, p in enumerate(state.players) if p.secret == card), None)
    if holder is not None:
        state = _player(state, holder, secret=mine)
    else:
        state = state.replace(secret_box=tuple(sorted((*without(state.secret_box, (card,)), mine))))
    return _player(state, seat, secret=card)


def at_round_start(state: GameState, round_: int, first: int = 0) -> tr.Game:
    """The game resumed as round ``round_`` starts (everyone's dice rolled, ``first``'s
    turn next): the state of the end of the round before, every die placed."""
    players = tuple(p.replace(dice=()) for p in state.players)
    state = state.replace(
        round=round_ - 1, first=first, placements=(), players=players, stack=(Task("round_start"),)
    )
    return tr.Game.from_position(RULES, state, undo="always")
