"""Cavern Tavern in plain English, one line per event, for the narrated demo and logs:
what a spectator sees (an item card or a secret task hidden from them is "a card")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from taverna_rules.core.records import HIDDEN
from taverna_rules.core.words import counted_noun as _count
from taverna_rules.core.words import winners_line
from taverna_rules.games.cavern_tavern import events as ev
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState

__all__ = ["NARRATION", "Narration", "describe_event", "heuristic", "narrate"]


def _ingredient(rules: RuleSet, ident: str) -> str:
    """An ingredient's name (the Magic Potion's id is also a place's)."""
    return next((i.name.get("en") for i in (*rules.ingredients, rules.potion) if i.id == ident), ident)


def _listing(rules: RuleSet, ingredients: Sequence[str]) -> str:
    """``2 Beer, Wine``: ingredients by name."""
    counts = Counter(ingredients)
    return ", ".join(
        f"{n} {_ingredient(rules, i)}" if n > 1 else _ingredient(rules, i) for i, n in counts.items()
    )


def _category(rules: RuleSet, category: str) -> str:
    """A VP category in words: a track's by its name (``Nasty track``), others as words."""
    track = next((t for t in rules.tracks if t.id == category), None)
    if track is not None:
        return f"{track.name.get('en')} track"
    words = category.replace("_", " ")
    return words[:1].upper() + words[1:]


def _card(rules: RuleSet, card: str) -> str:
    return "a card" if card == HIDDEN else rules.name_of(card)


def describe_event(rules: RuleSet, state: GameState, event: ev.Event) -> str | None:
    """One line for ``event`` (``state`` gives player names), or ``None`` for bookkeeping."""
    name = rules.name_of

    def who(seat: int) -> str:
        return state.players[seat].name

    text: dict[type[ev.Event], Callable[[Any], str | None]] = {
        ev.GameStarted: lambda e: f"A game of Cavern Tavern for {', '.join(e.players)}.",
        ev.BoardSetUp: lambda e: (
            f"The Cellar holds {_count(len(e.supply), 'ingredient card')}; "
            f"{len(e.order_deck)} orders, {len(e.item_deck)} items and "
            f"{len(e.nasty_deck)} Nasty cards are shuffled."
        ),
        ev.SecretDealt: lambda e: f"{who(e.player)} is dealt a secret task.",
        ev.WhiteDieGiven: lambda e: f"{who(e.player)} takes the white die.",
        ev.TableRefilled: lambda e: f"A new order on table {e.table + 1}: {name(e.order)}.",
        ev.RoundStarted: lambda e: f"\n== Round {e.round} of {rules.constants.rounds} ==",
        ev.DiceRolled: lambda e: f"{who(e.player)} rolls {' '.join(map(str, e.dice))}.",
        ev.TurnEnded: lambda e: f"{who(e.player)} passes for the round." if e.passed else None,
        ev.DicePlaced: lambda e: f"{who(e.player)} places {e.dice} on {name(e.place)}.",
        ev.DieChanged: lambda e: f"{who(e.player)} turns a {e.die} into a {e.to}.",
        ev.DiceRerolled: lambda e: f"{who(e.player)} rerolls: {' '.join(map(str, e.dice))}.",
        ev.IngredientGained: lambda e: (
            f"{who(e.player)} takes {_ingredient(rules, e.ingredient)} from the Cellar."
        ),
        ev.IngredientsReturned: lambda e: (
            f"{who(e.player)} gives back {_listing(rules, e.ingredients)} to the Cellar."
        ),
        ev.IngredientTaken: lambda e: (
            f"{who(e.player)} takes {_ingredient(rules, e.ingredient)} from {who(e.source)}."
        ),
        ev.VPScored: lambda e: f"{who(e.player)} scores {e.amount:+d} VP ({_category(rules, e.category)}).",
        ev.TrackMoved: lambda e: f"{who(e.player)}'s {name(e.track)} track: {e.level}.",
        ev.FirstPlayerTaken: lambda e: f"{who(e.player)} takes the First Player Marker.",
        ev.OrderTaken: lambda e: f"{who(e.player)} takes the order {name(e.order)} from table {e.table + 1}.",
        ev.OrderDrawn: lambda e: f"{who(e.player)} draws the order {name(e.order)} blind from the deck.",
        ev.OrderDiscarded: lambda e: f"{who(e.player)} discards {name(e.order)} from table {e.table + 1}.",
        ev.OrderServed: lambda e: (
            f"{who(e.player)} serves {'an order' if e.order == HIDDEN else name(e.order)} "
            f"({_listing(rules, e.ingredients)}), {_count(e.late, 'round')} late: {e.points} VP."
        ),
        ev.OrdersRevealed: lambda e: (
            f"{who(e.player)} shows the orders served: {', '.join(name(o) for o in e.orders)}."
        ),
        ev.OrderLeft: lambda e: (
            f"{who(e.player)}'s customers leave without {name(e.order)}: -{e.lose} VP."
            if e.lose
            else f"{who(e.player)}'s customers leave without {name(e.order)}."
        ),
        ev.OrderClockReset: lambda e: f"{who(e.player)}'s order starts its clock again.",
        ev.ItemsDrawn: lambda e: (
            f"{who(e.player)} draws {_count(len(e.cards), 'item card')}"
            + ("." if HIDDEN in e.cards else f": {', '.join(name(c) for c in e.cards)}.")
        ),
        ev.ItemKept: lambda e: (
            f"{who(e.player)} keeps {_card(rules, e.card)} and returns {_count(len(e.returned), 'card')}."
        ),
        ev.ItemsGained: lambda e: f"{who(e.player)} gains {_count(len(e.cards), 'item card')}.",
        ev.ItemsReshuffled: lambda e: "The item discards are shuffled into a new deck.",
        ev.ItemPlayed: lambda e: f"{who(e.player)} plays {_card(rules, e.card)}.",
        ev.ItemDiscarded: lambda e: f"{who(e.player)} hands {_card(rules, e.card)} to Nasty.",
        ev.PlaceOpened: lambda e: f"{who(e.player)} may use a taken task this turn.",
        ev.NastySummoned: lambda e: (
            f"Nasty the Dwarf summons {who(e.player)} ({e.threshold} on his track): {name(e.card)}."
        ),
        ev.NastyObeyed: lambda e: f"{who(e.player)} does what Nasty said: {name(e.card)}.",
        ev.SecretsRevealed: lambda e: (
            "Secret tasks: "
            + ", ".join(f"{who(seat)} {name(card)}" for seat, card in enumerate(e.cards) if card)
            + "."
        ),
        ev.GameEnded: lambda e: winners_line(e.result),
    }
    render = text.get(type(event))
    return render(event) if render is not None else None


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
    """What the narrated demo needs of Cavern Tavern."""

    describe = staticmethod(describe_event)

    @staticmethod
    def intro(rules: RuleSet, state: GameState) -> list[str]:
        """Lines after the opening: none (its events say it all)."""
        return []

    @staticmethod
    def outro(rules: RuleSet, state: GameState) -> list[str]:
        """Lines after the score table."""
        served = ", ".join(f"{p.name} {_count(p.orders_served, 'order')}" for p in state.players)
        return [
            f"Orders served: {served}.",
            "The orders, items, Nasty the Dwarf Says cards and secret tasks are reconstructed,\n"
            "not the printed game's: see docs/cavern_tavern.rst.",
        ]


NARRATION = Narration()


def narrate(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """The line of the log for ``event`` (``state``: the state it led to, as the reader
    sees it), or ``None``; in English, the game's one language."""
    return describe_event(rules, state, event)
