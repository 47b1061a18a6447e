"""Fold Cavern Tavern's events into states: pure, deterministic, no randomness, no rules.

``evolve(state, event)`` is the only way a state changes; folding redacted events gives
the redacted state (a player's view), where a hidden mark stands for each unseen card.
"""

from __future__ import annotations

from typing import Any

from taverna_rules.core.folds import CORE_FOLDS, FoldTable
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.state import GameState, Player, Task, VPLine, without

__all__ = ["evolve"]

_HANDLERS: FoldTable[GameState] = FoldTable()
_on = _HANDLERS.on


def _player(state: GameState, seat: int, **changes: Any) -> GameState:
    return _seat(state, seat, state.players[seat].replace(**changes))


def _seat(state: GameState, seat: int, player: Player, **changes: Any) -> GameState:
    """``player`` in ``seat``, with ``changes`` to the state (one copy of it)."""
    players = list(state.players)
    players[seat] = player
    return state.replace(players=tuple(players), **changes)


def _drawn(state: GameState, **changes: Any) -> GameState:
    """A chance event: the draw is counted."""
    return state.replace(draws=state.draws + 1, **changes)


def _add_vp(vp: VPLine, category: str, amount: int) -> VPLine:
    lines = dict(vp)
    lines[category] = lines.get(category, 0) + amount
    return tuple(sorted(lines.items()))


def _dice(values: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(sorted(values))


def _dice_of(text: str) -> list[int]:
    return [int(d) for d in text.split("+")] if text else []


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """The state after ``event``."""
    if state is None:
        if isinstance(event, ev.GameStarted):
            players = tuple(Player(name) for name in event.players)
            return GameState(
                event.rules,
                players,
                event.seed,
                options=event.options,
                first=event.first_player,
                chance=event.chance,
                stack=(Task("setup"),),
            )
        if isinstance(event, ev.PositionLoaded):
            return event.state
        raise ValueError(f"a Cavern Tavern log starts with GameStarted or PositionLoaded, not {event.TYPE}")
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        return handler(state, event)
    core = CORE_FOLDS.get(type(event))
    if core is None:
        raise ValueError(f"no fold for event {event.TYPE}")
    folded: GameState = core(state, event)
    return folded


@_on(ev.BoardSetUp)
def _board(state: GameState, e: ev.BoardSetUp) -> GameState:
    return state.replace(
        supply=e.supply,
        order_deck=e.order_deck,
        item_deck=e.item_deck,
        nasty_deck=e.nasty_deck,
        secret_box=e.secret_box,
        tables=("",) * e.tables,
    )


@_on(ev.SecretDealt)
def _secret(state: GameState, e: ev.SecretDealt) -> GameState:
    secret = state.players[e.player].replace(secret=e.card)
    return _seat(
        state, e.player, secret, draws=state.draws + 1, secret_box=without(state.secret_box, (e.card,))
    )


@_on(ev.WhiteDieGiven)
def _white(state: GameState, e: ev.WhiteDieGiven) -> GameState:
    players = tuple(p.replace(white=seat == e.player) for seat, p in enumerate(state.players))
    return state.replace(players=players)


@_on(ev.TableRefilled)
def _refill(state: GameState, e: ev.TableRefilled) -> GameState:
    tables = list(state.tables)
    tables[e.table] = e.order
    return _drawn(state, tables=tuple(tables), order_deck=without(state.order_deck, (e.order,)))


@_on(ev.RoundStarted)
def _round(state: GameState, e: ev.RoundStarted) -> GameState:
    players = tuple(
        p.replace(acted=False, passed=False, placed=False, key=False, owes_order=p.order is None)
        for p in state.players
    )
    return state.replace(round=e.round, placements=(), players=players)


@_on(ev.DiceRolled)
def _rolled(state: GameState, e: ev.DiceRolled) -> GameState:
    return _seat(state, e.player, state.players[e.player].replace(dice=_dice(e.dice)), draws=state.draws + 1)


@_on(ev.DiceRerolled)
def _rerolled(state: GameState, e: ev.DiceRerolled) -> GameState:
    return _seat(state, e.player, state.players[e.player].replace(dice=_dice(e.dice)), draws=state.draws + 1)


@_on(ev.TurnEnded)
def _turn_ended(state: GameState, e: ev.TurnEnded) -> GameState:
    return _player(state, e.player, acted=True, placed=False, key=False, passed=e.passed)


@_on(ev.DicePlaced)
def _placed(state: GameState, e: ev.DicePlaced) -> GameState:
    player = state.players[e.player]
    dice = list(player.dice)
    for value in _dice_of(e.dice):
        dice.remove(value)
    placements = (*state.placements, (e.place, e.player, e.dice))
    return _seat(state, e.player, player.replace(dice=tuple(dice), placed=True), placements=placements)


@_on(ev.DieChanged)
def _changed(state: GameState, e: ev.DieChanged) -> GameState:
    dice = list(state.players[e.player].dice)
    dice.remove(e.die)
    return _player(state, e.player, dice=_dice([*dice, e.to]))


@_on(ev.IngredientGained)
def _gained(state: GameState, e: ev.IngredientGained) -> GameState:
    player = state.players[e.player]
    ingredients = tuple(sorted((*player.ingredients, e.ingredient)))
    return _seat(
        state,
        e.player,
        player.replace(ingredients=ingredients),
        supply=without(state.supply, (e.ingredient,)),
    )


@_on(ev.IngredientsReturned)
def _returned(state: GameState, e: ev.IngredientsReturned) -> GameState:
    player = state.players[e.player]
    supply = tuple(sorted((*state.supply, *e.ingredients)))
    return _seat(
        state, e.player, player.replace(ingredients=without(player.ingredients, e.ingredients)), supply=supply
    )


@_on(ev.IngredientTaken)
def _taken(state: GameState, e: ev.IngredientTaken) -> GameState:
    source = state.players[e.source]
    state = _player(state, e.source, ingredients=without(source.ingredients, (e.ingredient,)))
    player = state.players[e.player]
    return _player(state, e.player, ingredients=tuple(sorted((*player.ingredients, e.ingredient))))


@_on(ev.VPScored)
def _vp(state: GameState, e: ev.VPScored) -> GameState:
    return _player(state, e.player, vp=_add_vp(state.players[e.player].vp, e.category, e.amount))


@_on(ev.TrackMoved)
def _track(state: GameState, e: ev.TrackMoved) -> GameState:
    return _player(state, e.player, **{e.track: e.level})


@_on(ev.FirstPlayerTaken)
def _first(state: GameState, e: ev.FirstPlayerTaken) -> GameState:
    return state.replace(first=e.player)


@_on(ev.OrderTaken)
def _order_taken(state: GameState, e: ev.OrderTaken) -> GameState:
    tables = list(state.tables)
    tables[e.table] = ""
    state = state.replace(tables=tuple(tables))
    return _player(state, e.player, order=e.order, table=e.table, taken=e.round, owes_order=False)


@_on(ev.OrderDrawn)
def _order_drawn(state: GameState, e: ev.OrderDrawn) -> GameState:
    state = _drawn(state, order_deck=without(state.order_deck, (e.order,)))
    return _player(state, e.player, order=e.order, table=-1, taken=e.round, owes_order=False)


@_on(ev.OrderDiscarded)
def _order_discarded(state: GameState, e: ev.OrderDiscarded) -> GameState:
    tables = list(state.tables)
    tables[e.table] = ""
    state = state.replace(tables=tuple(tables), order_discard=(*state.order_discard, e.order))
    return _player(state, e.player, table=e.table)


@_on(ev.OrderServed)
def _served(state: GameState, e: ev.OrderServed) -> GameState:
    player = state.players[e.player]
    state = state.replace(supply=tuple(sorted((*state.supply, *e.ingredients))))
    return _player(
        state,
        e.player,
        order=None,
        table=-1,
        taken=0,
        face_down=(*player.face_down, e.order),
        ingredients=without(player.ingredients, e.ingredients),
        vp=_add_vp(player.vp, "orders", e.points),
    )


@_on(ev.OrdersRevealed)
def _orders_revealed(state: GameState, e: ev.OrdersRevealed) -> GameState:
    player = state.players[e.player]
    return _player(
        state,
        e.player,
        face_down=without(player.face_down, e.orders),
        served=(*player.served, *e.orders),
        recipes=tuple(sorted((*player.recipes, *e.recipe))),
    )


@_on(ev.OrderLeft)
def _left(state: GameState, e: ev.OrderLeft) -> GameState:
    player = state.players[e.player]
    state = state.replace(order_discard=(*state.order_discard, e.order))
    vp = _add_vp(player.vp, "customers_left", -e.lose) if e.lose else player.vp
    return _player(state, e.player, order=None, table=-1, taken=0, vp=vp)


@_on(ev.OrderClockReset)
def _clock(state: GameState, e: ev.OrderClockReset) -> GameState:
    return _player(state, e.player, taken=e.round)


@_on(ev.ItemsDrawn)
def _items_drawn(state: GameState, e: ev.ItemsDrawn) -> GameState:
    offered = state.players[e.player].replace(offer=e.cards)
    return _seat(state, e.player, offered, draws=state.draws + 1, item_deck=without(state.item_deck, e.cards))


@_on(ev.ItemKept)
def _kept(state: GameState, e: ev.ItemKept) -> GameState:
    player = state.players[e.player]
    kept = player.replace(offer=(), items=tuple(sorted((*player.items, e.card))))
    return _seat(state, e.player, kept, item_deck=tuple(sorted((*state.item_deck, *e.returned))))


@_on(ev.ItemsGained)
def _items_gained(state: GameState, e: ev.ItemsGained) -> GameState:
    player = state.players[e.player]
    gained = player.replace(items=tuple(sorted((*player.items, *e.cards))))
    return _seat(state, e.player, gained, draws=state.draws + 1, item_deck=without(state.item_deck, e.cards))


@_on(ev.ItemsReshuffled)
def _reshuffled(state: GameState, e: ev.ItemsReshuffled) -> GameState:
    return state.replace(
        item_deck=tuple(sorted((*state.item_deck, *e.cards))),
        item_discard=(),
    )


def _item_out(state: GameState, seat: int, card: str) -> GameState:
    player = state.players[seat]
    return _seat(
        state,
        seat,
        player.replace(items=without(player.items, (card,))),
        item_discard=(*state.item_discard, card),
    )


@_on(ev.ItemPlayed)
def _played(state: GameState, e: ev.ItemPlayed) -> GameState:
    return _item_out(state, e.player, e.card)


@_on(ev.ItemDiscarded)
def _discarded(state: GameState, e: ev.ItemDiscarded) -> GameState:
    return _item_out(state, e.player, e.card)


@_on(ev.PlaceOpened)
def _opened(state: GameState, e: ev.PlaceOpened) -> GameState:
    return _player(state, e.player, key=True)


@_on(ev.NastySummoned)
def _summoned(state: GameState, e: ev.NastySummoned) -> GameState:
    player = state.players[e.player]
    state = _drawn(state, nasty_deck=without(state.nasty_deck, (e.card,)))
    return _player(
        state,
        e.player,
        demands=(*player.demands, (e.card, e.round)),
        summons=tuple(sorted((*player.summons, e.threshold))),
    )


@_on(ev.NastyObeyed)
def _obeyed(state: GameState, e: ev.NastyObeyed) -> GameState:
    player = state.players[e.player]
    demands = tuple(d for d in player.demands if d[0] != e.card)
    state = state.replace(nasty_discard=(*state.nasty_discard, e.card))
    return _player(state, e.player, demands=demands, obeyed=(*player.obeyed, e.card))


@_on(ev.SecretsRevealed)
def _revealed(state: GameState, e: ev.SecretsRevealed) -> GameState:
    players = tuple(p.replace(secret="", shown=card) for p, card in zip(state.players, e.cards, strict=True))
    return state.replace(players=players)


@_on(ev.GameEnded)
def _ended(state: GameState, e: ev.GameEnded) -> GameState:
    return state.replace(result=e.result)
