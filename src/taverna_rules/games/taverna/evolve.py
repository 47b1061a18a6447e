"""Fold events into states: pure, deterministic, no randomness, no rules needed.

``evolve(state, event)`` is the only way a state changes; replaying a game is
``functools.reduce(evolve, events, None)``. Applied to redacted events it yields the
redacted state, which is how a player's view of a log is folded.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from typing import Any

from taverna_rules.core.folds import FoldTable
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.state import (
    GameState,
    PlayerState,
    TavernState,
    TurnState,
    add_vp,
    card_kind,
)

__all__ = ["evolve", "fold"]

_HANDLERS: FoldTable[GameState] = FoldTable()
_on = _HANDLERS.on


def _player(state: GameState, seat: int, **changes: Any) -> GameState:
    return _seat(state, seat, state.players[seat].replace(**changes))


def _seat(state: GameState, seat: int, player: PlayerState, **changes: Any) -> GameState:
    """``player`` in ``seat``, with ``changes`` to the state (one copy of it)."""
    players = list(state.players)
    players[seat] = player
    return state.replace(players=tuple(players), **changes)


def _tavern(state: GameState, tavern_id: str, **changes: Any) -> GameState:
    return state.replace(taverns=_taverns(state, tavern_id, **changes))


def _taverns(state: GameState, tavern_id: str, **changes: Any) -> tuple[TavernState, ...]:
    """The taverns with ``changes`` to one of them."""
    index, taverns = state.tavern_index(tavern_id), state.taverns
    return (*taverns[:index], taverns[index].replace(**changes), *taverns[index + 1 :])


def _bump(counts: tuple[tuple[str, int], ...], key: str, delta: int) -> tuple[tuple[str, int], ...]:
    return tuple((k, n + delta if k == key else n) for k, n in counts)


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    # In a redacted view the card may be hidden: then any hidden card stands for it. A card
    # drawn is the deck's first, or, in explicit chance mode (an unordered deck), any.
    target = card if card in cards else ev.HIDDEN
    if target not in cards:
        return cards
    index = cards.index(target)
    return cards[:index] + cards[index + 1 :]


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """The state after ``event``. Only :class:`GameStarted` and :class:`PositionLoaded`
    accept ``None`` (no game yet)."""
    if state is None:
        if isinstance(event, ev.GameStarted):
            return _started(event)
        if isinstance(event, ev.PositionLoaded):
            return event.state
        raise ValueError(f"a log starts with GameStarted or PositionLoaded, not {event.TYPE}")
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise ValueError(f"{event.TYPE} cannot follow the start of a game")
    return handler(state, event)


def fold(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    """Fold ``events`` from ``state`` (or from nothing)."""
    result = reduce(evolve, events, state)
    if result is None:
        raise ValueError("an empty log holds no game")
    return result


def _started(e: ev.GameStarted) -> GameState:
    birthdays = e.birthdays or (None,) * len(e.players)
    return GameState(
        rules=e.rules,
        players=tuple(
            PlayerState(name, coins=e.starting_coins, tracks=(0,) * len(e.peoples), birthday=b)
            for name, b in zip(e.players, birthdays, strict=True)
        ),
        peoples=e.peoples,
        seed=e.seed,
        chance=e.chance,
        side=e.side,
        first_player=e.first_player,
        options=e.options,
        played_on=e.played_on,
    )


@_on(ev.PositionLoaded)
def _position(state: GameState, e: ev.PositionLoaded) -> GameState:
    return e.state


@_on(ev.BoardPrepared)
def _board(state: GameState, e: ev.BoardPrepared) -> GameState:
    return state.replace(
        taverns=e.taverns,
        tiles=e.tiles,
        tiles_removed=tuple((k, 0) for k, _ in e.tiles),
        guild_supply=e.guild_supply,
        privilege_supply=e.privilege_supply,
    )


@_on(ev.CustomerDeckShuffled)
def _customer_deck(state: GameState, e: ev.CustomerDeckShuffled) -> GameState:
    return state.replace(customer_deck=e.order)


@_on(ev.SpellDeckShuffled)
def _spell_deck(state: GameState, e: ev.SpellDeckShuffled) -> GameState:
    return state.replace(spell_deck=e.order)


@_on(ev.FavoursShuffled)
def _favours(state: GameState, e: ev.FavoursShuffled) -> GameState:
    return state.replace(castle=e.castle, favour_reserve=e.reserve)


@_on(ev.CustomerRevealed)
def _revealed(state: GameState, e: ev.CustomerRevealed) -> GameState:
    return state.replace(customer_deck=_without(state.customer_deck, e.card), row=(*state.row, e.card))


@_on(ev.SpellDrawn)
def _drawn(state: GameState, e: ev.SpellDrawn) -> GameState:
    p = state.players[e.player]
    return _seat(
        state, e.player, p.replace(hand=(*p.hand, e.spell)), spell_deck=_without(state.spell_deck, e.spell)
    )


@_on(ev.CurseDrawn)
def _cursed(state: GameState, e: ev.CurseDrawn) -> GameState:
    return state.replace(spell_deck=_without(state.spell_deck, e.spell), curses=(*state.curses, e.spell))


@_on(ev.ChosenPeople)
def _chosen(state: GameState, e: ev.ChosenPeople) -> GameState:
    if e.role == "queen":
        return state.replace(queen=e.people)
    return state.replace(king=e.people)


@_on(ev.DeedBought)
def _deed(state: GameState, e: ev.DeedBought) -> GameState:
    tavern = state.tavern(e.tavern)
    state = _tavern(state, e.tavern, deeds=_replace(tavern.deeds, e.space, e.player))
    p = state.players[e.player]
    return _player(state, e.player, coins=p.coins - e.price, vp=add_vp(p.vp, "deeds", e.vp))


@_on(ev.TurnStarted)
def _turn_started(state: GameState, e: ev.TurnStarted) -> GameState:
    return state.replace(turn=TurnState(e.player))


@_on(ev.CustomerCardPicked)
def _picked(state: GameState, e: ev.CustomerCardPicked) -> GameState:
    turn = state.turn or TurnState(e.player)
    p = state.players[e.player]
    return _seat(
        state,
        e.player,
        p.replace(cards=(*p.cards, e.card)),
        row=_without(state.row, e.card),
        tiles=_bump(state.tiles, e.people, -1),
        turn=turn.replace(card=e.card, people=e.people, symbols=e.symbols),
        customers_played=state.customers_played + 1,
    )


@_on(ev.CustomerSeated)
def _seated(state: GameState, e: ev.CustomerSeated) -> GameState:
    taverns = _taverns(state, e.tavern, tables=_replace(state.tavern(e.tavern).tables, e.table, e.people))
    if state.turn is not None and state.turn.player == e.player:
        return state.replace(taverns=taverns, turn=state.turn.replace(tavern=e.tavern, table=e.table))
    return state.replace(taverns=taverns)


@_on(ev.CustomerRemoved)
def _removed(state: GameState, e: ev.CustomerRemoved) -> GameState:
    tavern = state.tavern(e.tavern)
    state = _tavern(state, e.tavern, tables=_replace(tavern.tables, e.table, None))
    return state.replace(tiles_removed=_bump(state.tiles_removed, e.people, 1))


@_on(ev.TrackAdvanced)
def _advanced(state: GameState, e: ev.TrackAdvanced) -> GameState:
    p = state.players[e.player]
    index = state.peoples.index(e.people)
    return _player(state, e.player, tracks=_replace(p.tracks, index, e.end))


@_on(ev.CoinsGained)
def _gained(state: GameState, e: ev.CoinsGained) -> GameState:
    return _player(state, e.player, coins=state.players[e.player].coins + e.amount)


@_on(ev.CoinsPaid)
def _paid(state: GameState, e: ev.CoinsPaid) -> GameState:
    return _player(state, e.player, coins=state.players[e.player].coins - e.amount)


@_on(ev.VPScored)
def _scored(state: GameState, e: ev.VPScored) -> GameState:
    p = state.players[e.player]
    return _player(state, e.player, vp=add_vp(p.vp, e.category, e.amount))


@_on(ev.PrivilegeTaken)
def _privilege_taken(state: GameState, e: ev.PrivilegeTaken) -> GameState:
    state = _tavern(state, e.tavern, privilege=False)
    return _player(state, e.player, privileges=state.players[e.player].privileges + 1)


@_on(ev.PrivilegesGained)
def _privileges_gained(state: GameState, e: ev.PrivilegesGained) -> GameState:
    state = state.replace(privilege_supply=state.privilege_supply - e.count)
    return _player(state, e.player, privileges=state.players[e.player].privileges + e.count)


@_on(ev.SpellSold)
def _sold(state: GameState, e: ev.SpellSold) -> GameState:
    hand = _without(state.players[e.player].hand, e.spell)
    discard = (*state.spell_discard, (e.player, e.spell))
    return _seat(state, e.player, state.players[e.player].replace(hand=hand), spell_discard=discard)


@_on(ev.TurnEnded)
def _turn_ended(state: GameState, e: ev.TurnEnded) -> GameState:
    return state.replace(turn=None)


@_on(ev.SpellsExchanged)
def _exchanged(state: GameState, e: ev.SpellsExchanged) -> GameState:
    hand = state.players[e.player].hand
    for spell in e.spells:
        hand = _without(hand, spell)
    discard = (*state.spell_discard, *((e.player, s) for s in e.spells))
    return _player(state.replace(spell_discard=discard), e.player, hand=hand)


@_on(ev.PrivilegesExchanged)
def _privileges_exchanged(state: GameState, e: ev.PrivilegesExchanged) -> GameState:
    state = state.replace(privileges_discarded=state.privileges_discarded + e.count)
    return _player(state, e.player, privileges=state.players[e.player].privileges - e.count)


@_on(ev.RoyalScoringChosen)
def _royal(state: GameState, e: ev.RoyalScoringChosen) -> GameState:
    state = state.replace(royal_used=(*state.royal_used, (e.scoring, e.player)))
    return _player(state, e.player, royal=(*state.players[e.player].royal, e.scoring))


@_on(ev.PrivilegesDiscarded)
def _privileges_discarded(state: GameState, e: ev.PrivilegesDiscarded) -> GameState:
    state = state.replace(privileges_discarded=state.privileges_discarded + e.count)
    return _player(state, e.player, privileges=state.players[e.player].privileges - e.count)


@_on(ev.DignitaryActivated)
def _activated(state: GameState, e: ev.DignitaryActivated) -> GameState:
    turn = state.turn or TurnState(e.player)
    return state.replace(
        turn=turn.replace(
            dignitaries_used=(*turn.dignitaries_used, e.dignitary),
            regular_activation_used=turn.regular_activation_used or not e.extra,
            extra_activation_used=turn.extra_activation_used or e.extra,
        ),
    )


@_on(ev.DignitaryMoved)
def _moved(state: GameState, e: ev.DignitaryMoved) -> GameState:
    start = state.tavern(e.start)
    state = _tavern(state, e.start, dignitaries=tuple(d for d in start.dignitaries if d != e.dignitary))
    taverns = _taverns(state, e.end, dignitaries=(*state.tavern(e.end).dignitaries, e.dignitary))
    if state.turn is not None:
        return state.replace(taverns=taverns, turn=state.turn.replace(arrival=e.end))
    return state.replace(taverns=taverns)


@_on(ev.DeedTakenOver)
def _taken_over(state: GameState, e: ev.DeedTakenOver) -> GameState:
    tavern = state.tavern(e.tavern)
    state = _tavern(state, e.tavern, deeds=_replace(tavern.deeds, e.space, e.player))
    p = state.players[e.player]
    state = _player(state, e.player, coins=p.coins - e.price, vp=add_vp(p.vp, "deeds", e.vp))
    return _player(state, e.owner, coins=state.players[e.owner].coins + e.refund)


@_on(ev.GuildTokenPlaced)
def _token(state: GameState, e: ev.GuildTokenPlaced) -> GameState:
    state = state.replace(guild_supply=_bump(state.guild_supply, e.symbol, -1))
    return _tavern(state, e.tavern, guild_tokens=(*state.tavern(e.tavern).guild_tokens, e.symbol))


@_on(ev.FavourTaken)
def _favour_taken(state: GameState, e: ev.FavourTaken) -> GameState:
    p = state.players[e.player]
    return _seat(
        state, e.player, p.replace(favours=(*p.favours, e.favour)), castle=_without(state.castle, e.favour)
    )


@_on(ev.CastleRefilled)
def _refilled(state: GameState, e: ev.CastleRefilled) -> GameState:
    return state.replace(
        favour_reserve=_without(state.favour_reserve, e.favour), castle=(*state.castle, e.favour)
    )


@_on(ev.FavourUsed)
def _favour_used(state: GameState, e: ev.FavourUsed) -> GameState:
    p = state.players[e.player]
    state = _player(
        state, e.player, favours=_without(p.favours, e.favour), favours_used=(*p.favours_used, e.favour)
    )
    if state.turn is not None and state.turn.player == e.player:
        state = _turn_change(state, favours_used=(*state.turn.favours_used, card_kind(e.favour)))
    return state


def _turn_change(state: GameState, **changes: Any) -> GameState:
    assert state.turn is not None, "no turn in progress"
    return state.replace(turn=state.turn.replace(**changes))


@_on(ev.CardSymbolsChanged)
def _symbols(state: GameState, e: ev.CardSymbolsChanged) -> GameState:
    return _turn_change(state, symbols=e.symbols)


@_on(ev.CustomerPeopleChanged)
def _people_changed(state: GameState, e: ev.CustomerPeopleChanged) -> GameState:
    state = state.replace(tiles=_bump(_bump(state.tiles, e.start, 1), e.end, -1))
    return _turn_change(state, people=e.end)


@_on(ev.CustomerMoved)
def _customer_moved(state: GameState, e: ev.CustomerMoved) -> GameState:
    state = _tavern(state, e.start, tables=_replace(state.tavern(e.start).tables, e.start_table, None))
    return _tavern(state, e.end, tables=_replace(state.tavern(e.end).tables, e.end_table, e.people))


@_on(ev.SpellCastGranted)
def _cast_granted(state: GameState, e: ev.SpellCastGranted) -> GameState:
    assert state.turn is not None
    return _turn_change(state, extra_casts=state.turn.extra_casts + e.count)


@_on(ev.SpellCast)
def _spell_cast(state: GameState, e: ev.SpellCast) -> GameState:
    p = state.players[e.player]
    state = _player(state, e.player, hand=_without(p.hand, e.spell), cast=(*p.cast, e.spell))
    if state.turn is not None and state.turn.player == e.player:
        state = _turn_change(state, spells_cast=state.turn.spells_cast + 1)
    elif state.turn is not None:
        state = _turn_change(state, responded=(*state.turn.responded, e.player))
    return state


@_on(ev.GameEnded)
def _ended(state: GameState, e: ev.GameEnded) -> GameState:
    return state.replace(result=e.result)


@_on(ev.FlowAdvanced)
def _flow(state: GameState, e: ev.FlowAdvanced) -> GameState:
    if state.stack is e.stack:
        return state
    return state.replace(stack=e.stack)
