"""Cavern Tavern in plain English, one line per event, for the narrated demo and logs:
what a spectator sees (an item card or a secret task hidden from them is "a card")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from taverna_rules.core.records import HIDDEN
from taverna_rules.core.words import Wording, winners_line
from taverna_rules.core.words import counted_noun as _count
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.labels import ingredient, listing
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = ["NARRATION", "Narration", "describe_event", "heuristic", "narrate"]


def _category(rules: RuleSet, category: str) -> str:
    """A VP category in words: a track's by its name (``Nasty track``), others as words."""
    track = next((t for t in rules.tracks if t.id == category), None)
    if track is not None:
        return f"{track.name.get('en')} track"
    words = category.replace("_", " ")
    return words[:1].upper() + words[1:]


def _card(w: Wording, card: str) -> str:
    return "a card" if card == HIDDEN else w.name(card)


# ----------------------------------------------------------------------------- one line per event
def _started(w: Wording, e: ev.GameStarted) -> str:
    return f"A game of Cavern Tavern for {', '.join(e.players)}."


def _board_set_up(w: Wording, e: ev.BoardSetUp) -> str:
    return (
        f"The Cellar holds {_count(len(e.supply), 'ingredient card')}; "
        f"{len(e.order_deck)} orders, {len(e.item_deck)} items and "
        f"{len(e.nasty_deck)} Nasty cards are shuffled."
    )


def _secret_dealt(w: Wording, e: ev.SecretDealt) -> str:
    return f"{w.who(e.player)} is dealt a secret task."


def _white_die_given(w: Wording, e: ev.WhiteDieGiven) -> str:
    return f"{w.who(e.player)} takes the white die."


def _table_refilled(w: Wording, e: ev.TableRefilled) -> str:
    return f"A new order on table {e.table + 1}: {w.name(e.order)}."


def _round_started(w: Wording, e: ev.RoundStarted) -> str:
    return f"\n== Round {e.round} of {w.rules.constants.rounds} =="


def _dice_rolled(w: Wording, e: ev.DiceRolled) -> str:
    return f"{w.who(e.player)} rolls {' '.join(map(str, e.dice))}."


def _turn_ended(w: Wording, e: ev.TurnEnded) -> str | None:
    return f"{w.who(e.player)} passes for the round." if e.passed else None


def _dice_placed(w: Wording, e: ev.DicePlaced) -> str:
    return f"{w.who(e.player)} places {e.dice} on {w.name(e.place)}."


def _die_changed(w: Wording, e: ev.DieChanged) -> str:
    return f"{w.who(e.player)} turns a {e.die} into a {e.to}."


def _dice_rerolled(w: Wording, e: ev.DiceRerolled) -> str:
    return f"{w.who(e.player)} rerolls: {' '.join(map(str, e.dice))}."


def _ingredient_gained(w: Wording, e: ev.IngredientGained) -> str:
    return f"{w.who(e.player)} takes {ingredient(w.rules, e.ingredient)} from the Cellar."


def _ingredients_returned(w: Wording, e: ev.IngredientsReturned) -> str:
    return f"{w.who(e.player)} gives back {listing(w.rules, e.ingredients)} to the Cellar."


def _ingredient_taken(w: Wording, e: ev.IngredientTaken) -> str:
    return f"{w.who(e.player)} takes {ingredient(w.rules, e.ingredient)} from {w.who(e.source)}."


def _vp_scored(w: Wording, e: ev.VPScored) -> str:
    return f"{w.who(e.player)} scores {e.amount:+d} VP ({_category(w.rules, e.category)})."


def _track_moved(w: Wording, e: ev.TrackMoved) -> str:
    return f"{w.who(e.player)}'s {w.name(e.track)} track: {e.level}."


def _first_player_taken(w: Wording, e: ev.FirstPlayerTaken) -> str:
    return f"{w.who(e.player)} takes the First Player Marker."


def _order_taken(w: Wording, e: ev.OrderTaken) -> str:
    return f"{w.who(e.player)} takes the order {w.name(e.order)} from table {e.table + 1}."


def _order_drawn(w: Wording, e: ev.OrderDrawn) -> str:
    return f"{w.who(e.player)} draws the order {w.name(e.order)} blind from the deck."


def _order_discarded(w: Wording, e: ev.OrderDiscarded) -> str:
    return f"{w.who(e.player)} discards {w.name(e.order)} from table {e.table + 1}."


def _order_served(w: Wording, e: ev.OrderServed) -> str:
    order = "an order" if e.order == HIDDEN else w.name(e.order)
    return (
        f"{w.who(e.player)} serves {order} ({listing(w.rules, e.ingredients)}), "
        f"{_count(e.late, 'round')} late: {e.points} VP."
    )


def _orders_revealed(w: Wording, e: ev.OrdersRevealed) -> str:
    return f"{w.who(e.player)} shows the orders served: {', '.join(map(w.name, e.orders))}."


def _order_left(w: Wording, e: ev.OrderLeft) -> str:
    penalty = f": -{e.lose} VP" if e.lose else ""
    return f"{w.who(e.player)}'s customers leave without {w.name(e.order)}{penalty}."


def _order_clock_reset(w: Wording, e: ev.OrderClockReset) -> str:
    return f"{w.who(e.player)}'s order starts its clock again."


def _items_drawn(w: Wording, e: ev.ItemsDrawn) -> str:
    which = "." if HIDDEN in e.cards else f": {', '.join(map(w.name, e.cards))}."
    return f"{w.who(e.player)} draws {_count(len(e.cards), 'item card')}{which}"


def _item_kept(w: Wording, e: ev.ItemKept) -> str:
    return f"{w.who(e.player)} keeps {_card(w, e.card)} and returns {_count(len(e.returned), 'card')}."


def _items_gained(w: Wording, e: ev.ItemsGained) -> str:
    return f"{w.who(e.player)} gains {_count(len(e.cards), 'item card')}."


def _items_reshuffled(w: Wording, e: ev.ItemsReshuffled) -> str:
    return "The item discards are shuffled into a new deck."


def _item_played(w: Wording, e: ev.ItemPlayed) -> str:
    return f"{w.who(e.player)} plays {_card(w, e.card)}."


def _item_discarded(w: Wording, e: ev.ItemDiscarded) -> str:
    return f"{w.who(e.player)} hands {_card(w, e.card)} to Nasty."


def _place_opened(w: Wording, e: ev.PlaceOpened) -> str:
    return f"{w.who(e.player)} may use a taken task this turn."


def _nasty_summoned(w: Wording, e: ev.NastySummoned) -> str:
    return f"Nasty the Dwarf summons {w.who(e.player)} ({e.threshold} on his track): {w.name(e.card)}."


def _nasty_obeyed(w: Wording, e: ev.NastyObeyed) -> str:
    return f"{w.who(e.player)} does what Nasty said: {w.name(e.card)}."


def _secrets_revealed(w: Wording, e: ev.SecretsRevealed) -> str:
    tasks = ", ".join(f"{w.who(seat)} {w.name(card)}" for seat, card in enumerate(e.cards) if card)
    return f"Secret tasks: {tasks}."


def _game_ended(w: Wording, e: ev.GameEnded) -> str:
    return winners_line(e.result)


#: The line of each event type that has one (built once: the functions above, by type).
_EVENT_LINES: dict[type[ev.Event], Callable[[Wording, Any], str | None]] = {
    ev.GameStarted: _started,
    ev.BoardSetUp: _board_set_up,
    ev.SecretDealt: _secret_dealt,
    ev.WhiteDieGiven: _white_die_given,
    ev.TableRefilled: _table_refilled,
    ev.RoundStarted: _round_started,
    ev.DiceRolled: _dice_rolled,
    ev.TurnEnded: _turn_ended,
    ev.DicePlaced: _dice_placed,
    ev.DieChanged: _die_changed,
    ev.DiceRerolled: _dice_rerolled,
    ev.IngredientGained: _ingredient_gained,
    ev.IngredientsReturned: _ingredients_returned,
    ev.IngredientTaken: _ingredient_taken,
    ev.VPScored: _vp_scored,
    ev.TrackMoved: _track_moved,
    ev.FirstPlayerTaken: _first_player_taken,
    ev.OrderTaken: _order_taken,
    ev.OrderDrawn: _order_drawn,
    ev.OrderDiscarded: _order_discarded,
    ev.OrderServed: _order_served,
    ev.OrdersRevealed: _orders_revealed,
    ev.OrderLeft: _order_left,
    ev.OrderClockReset: _order_clock_reset,
    ev.ItemsDrawn: _items_drawn,
    ev.ItemKept: _item_kept,
    ev.ItemsGained: _items_gained,
    ev.ItemsReshuffled: _items_reshuffled,
    ev.ItemPlayed: _item_played,
    ev.ItemDiscarded: _item_discarded,
    ev.PlaceOpened: _place_opened,
    ev.NastySummoned: _nasty_summoned,
    ev.NastyObeyed: _nasty_obeyed,
    ev.SecretsRevealed: _secrets_revealed,
    ev.GameEnded: _game_ended,
}


def describe_event(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """One line for ``event`` (``state`` gives player names), or ``None`` for bookkeeping;
    in English, the game's one language."""
    line = _EVENT_LINES.get(type(event))
    return line(Wording(rules, state, lang), event) if line is not None else None


def heuristic(rules: RuleSet, state: GameState, seat: int) -> float:
    """How well ``seat`` stands, for bots that look one step ahead: VP, less the Nasty
    penalty of their level and the open Nasty cards, plus progress on the open order (the
    ingredients held toward it, at its points now), the Kitchen and Chores levels, the
    items in hand, and ingredients held."""
    me = state.players[seat]
    c = rules.constants
    nasty = rules.track("nasty")
    value = float(me.score)
    value -= nasty.penalty[me.nasty] if me.nasty < len(nasty.penalty) else 0
    value -= c.unfinished_nasty * len(me.demands) / 2
    if me.order is not None:
        order = rules.order(me.order)
        held = Counter(me.ingredients)
        have = sum(min(held[i], n) for i, n in order.ingredients)
        value += order.points_for(state.round - me.taken) * have / max(order.size, 1) * 0.8
    value += (me.kitchen + me.chores) * 0.7 + len(me.items) * 1.5 + len(me.ingredients) * 0.3
    return value


class Narration:
    """What the narrated demo needs of Cavern Tavern, in English (its one language): the
    lines after the opening and those after the score table, and the VP categories in
    words."""

    describe = staticmethod(describe_event)

    @staticmethod
    def intro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the opening: none (its events say it all)."""
        return []

    @staticmethod
    def outro(rules: RuleSet, state: GameState, lang: str = "en") -> list[str]:
        """Lines after the score table."""
        served = ", ".join(f"{p.name} {_count(p.orders_served, 'order')}" for p in state.players)
        return [
            f"Orders served: {served}.",
            "The orders, items, Nasty the Dwarf Says cards and secret tasks are reconstructed,\n"
            "not the printed game's: see docs/cavern_tavern.rst.",
        ]

    @staticmethod
    def category(rules: RuleSet, category: str, lang: str = "en") -> str:
        """A VP category in words (``Nasty track``), for the score table."""
        return _category(rules, category)


NARRATION = Narration()


def narrate(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """The line of the log for ``event`` (``state``: the state it led to, as the reader
    sees it), or ``None``; in English, the game's one language."""
    return describe_event(rules, state, event, lang)
