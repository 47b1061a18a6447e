"""Taverna in plain English, one line per event, for the narrated demo and logs, and how a
player stands for bots that look one step ahead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from taverna_rules.core.words import counted_noun as _count
from taverna_rules.core.words import winners_line
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.labels import card_words
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState

__all__ = ["NARRATION", "Narration", "card_text", "describe_event", "heuristic", "narrate"]

Namer = Callable[[str], str]


def describe_event(rules: RuleSet, state: GameState, event: ev.Event) -> str | None:
    """One line for ``event`` (``state`` gives player names), or ``None`` for bookkeeping."""
    name = rules.name_of

    def who(index: int) -> str:
        return state.players[index].name

    def table_of(tavern: str, table: int) -> str:
        colour = name(rules.side_for(len(state.players)).layout(tavern).tables[table])
        return f"table {table + 1} ({colour})"  # numbered as printed, from 1

    text: dict[type[ev.Event], Callable[[Any], str]] = {
        ev.GameStarted: lambda e: (
            f"A game for {', '.join(e.players)} on the board's {_side(rules, e.side)}; "
            f"{e.players[e.first_player]} starts."
        ),
        ev.BoardPrepared: lambda e: (
            "Dignitaries: "
            + ", ".join(f"{name(d)} at {name(t.id)}" for t in e.taverns for d in t.dignitaries)
            + "."
        ),
        ev.FavoursShuffled: lambda e: (
            "Royal favours at the castle: " + ", ".join(name(f) for f in e.castle) + "."
        ),
        ev.ChosenPeople: lambda e: (
            f"The {e.role.capitalize()}'s people: {name(e.people)}"
            + (f" (chosen by {who(e.player)})." if e.player >= 0 else " (the first card).")
        ),
        ev.DeedBought: lambda e: (
            f"{who(e.player)} buys a deed at {name(e.tavern)} for {e.price} coins (+{e.vp} VP)."
        ),
        ev.TurnStarted: lambda e: f"-- {who(e.player)}'s turn --",
        ev.CustomerCardPicked: lambda e: (
            f"{who(e.player)} picks a card of the row ({card_text(rules, e.card)}) "
            f"and takes a customer of the {name(e.people)}."
        ),
        ev.CustomerSeated: lambda e: (
            f"{who(e.player)} seats the customer at {name(e.tavern)}, at {table_of(e.tavern, e.table)}."
        ),
        ev.CustomerRemoved: lambda e: (
            f"Trickery: {who(e.player)} removes a customer of the {name(e.people)} "
            f"from {name(e.tavern)} (out of the game)."
        ),
        ev.CustomerRevealed: lambda e: f"New in the row: {card_text(rules, e.card)}.",
        ev.TrackAdvanced: lambda e: (
            f"{who(e.player)} climbs the {name(e.people)} track {e.start} -> {e.end}."
        ),
        ev.CoinsGained: lambda e: (
            f"{who(e.player)} gains {_count(e.amount, 'coin')} ({_reason(rules, e.reason)})."
        ),
        ev.CoinsPaid: lambda e: (
            f"{who(e.player)} pays {_count(e.amount, 'coin')} ({_reason(rules, e.reason)})."
        ),
        ev.VPScored: lambda e: f"{who(e.player)} scores {e.amount:+d} VP ({e.category.replace('_', ' ')}).",
        ev.PrivilegeTaken: lambda e: f"{who(e.player)} takes the privilege token of {name(e.tavern)}.",
        ev.PrivilegesGained: lambda e: f"{who(e.player)} takes {_count(e.count, 'privilege token')}.",
        ev.SpellDrawn: lambda e: (
            f"{who(e.player)} draws a spell" + ("." if e.spell == ev.HIDDEN else f": {name(e.spell)}.")
        ),
        ev.CurseDrawn: lambda e: f"{who(e.player)} draws the Curse! It is set aside.",
        ev.SpellSold: lambda e: f"{who(e.player)} sells a spell for 1 coin.",
        ev.SpellsExchanged: lambda e: (
            f"{who(e.player)} exchanges {_count(len(e.spells), 'unused spell')} "
            f"for {_count(len(e.spells), 'coin')}."
        ),
        ev.PrivilegesExchanged: lambda e: (
            f"{who(e.player)} exchanges {_count(e.count, 'privilege token')} for {e.count} VP."
        ),
        ev.DignitaryActivated: lambda e: (
            f"{who(e.player)} activates the {name(e.dignitary)}"
            + (" with two privilege tokens" if e.extra else "")
            + "."
        ),
        ev.DignitaryMoved: lambda e: f"The {name(e.dignitary)} goes to {name(e.end)}.",
        ev.DeedTakenOver: lambda e: (
            f"{who(e.player)} takes over {who(e.owner)}'s deed at {name(e.tavern)} for "
            f"{_count(e.price, 'coin')} ({who(e.owner)} gets {e.refund}; +{e.vp} VP)."
        ),
        ev.GuildTokenPlaced: lambda e: (
            f"{who(e.player)} places a {name(e.symbol)} guild token at {name(e.tavern)}."
        ),
        ev.FavourTaken: lambda e: f"{who(e.player)} takes the royal favour {name(e.favour)}.",
        ev.CastleRefilled: lambda e: f"The castle shows a new royal favour: {name(e.favour)}.",
        ev.PrivilegesDiscarded: lambda e: f"{who(e.player)} discards {_count(e.count, 'privilege token')}.",
        ev.FavourUsed: lambda e: f"{who(e.player)} uses the royal favour {name(e.favour)}.",
        ev.CardSymbolsChanged: lambda e: (
            f"{who(e.player)}'s card now shows {', '.join(name(s) for s in e.symbols)}."
        ),
        ev.CustomerPeopleChanged: lambda e: (
            f"{who(e.player)} takes a customer of the {name(e.end)} instead of the {name(e.start)}."
        ),
        ev.CustomerMoved: lambda e: (
            f"{who(e.player)} moves a customer of the {name(e.people)} from {name(e.start)} "
            f"to {name(e.end)}, at {table_of(e.end, e.end_table)}."
        ),
        ev.SpellCastGranted: lambda e: f"{who(e.player)} may cast {_count(e.count, 'more spell')} this turn.",
        ev.RoyalScoringChosen: lambda e: f"{who(e.player)} chooses the royal scoring: {name(e.scoring)}.",
        ev.GameEnded: lambda e: winners_line(e.result),
    }
    if isinstance(event, ev.CoinsGained) and event.reason in ("spell sold", "spells exchanged"):
        return None  # the SpellSold and SpellsExchanged lines say it
    if isinstance(event, ev.VPScored) and event.category == "privileges":
        return None  # the PrivilegesExchanged line says it
    render = text.get(type(event))
    return render(event) if render is not None else None


def card_text(rules: RuleSet, card_id: str) -> str:
    """A customer card as a player sees it: its peoples and guild symbols (it has no
    printed name; :func:`~taverna_rules.games.taverna.labels.card_words`)."""
    return card_words(rules, card_id)


def _side(rules: RuleSet, side: str) -> str:
    """A board side by its name (``2/3-player side``)."""
    return next((s.name.get("en") for s in rules.sides if s.id == side), side)


def _reason(rules: RuleSet, reason: str) -> str:
    kind, _, rest = reason.partition(":")
    if kind == "track":
        people, _, position = rest.rpartition(":")
        return f"{rules.name_of(people)} track bonus, position {position}"
    if kind == "royal":
        return rules.name_of(rest)
    if kind in ("dignitary", "favour", "spell", "trigger"):
        return rules.name_of(rest.partition(":")[0])
    fixed = {"income": "income: owns a deed here", "feast": "Feast"}
    # Any other reason is a phrase; a content id in it is said by its name.
    return fixed.get(reason) or " ".join(rules.name_of(word) for word in reason.replace(":", " ").split())


def heuristic(rules: RuleSet, state: GameState, seat: int) -> float:
    """How well ``seat`` stands: VP, the people tracks' VP at their positions, coins (a
    third of a VP each), and the spells cast and royal favours held or used."""
    me = state.players[seat]
    people = sum(rules.constants.track_vp[position] for position in me.tracks)
    return me.total_vp + people + me.coins / 3 + len(me.cast) + len(me.favours) + len(me.favours_used)


def _routine(event: ev.Event, in_setup: bool) -> bool:
    """Events the demo's table summary already shows: the opening deal and the people scoring."""
    if isinstance(event, ev.SpellDrawn | ev.CustomerRevealed):
        return in_setup
    return isinstance(event, ev.VPScored) and event.category == "people"


class Narration:
    """What the narrated demo needs of Taverna: a line per event (with a header for each
    turn), the lines after the opening and those after the score table."""

    @staticmethod
    def describe(rules: RuleSet, state: GameState, event: ev.Event) -> str | None:
        """The demo's line for ``event``, or ``None``."""
        if _routine(event, state.turn is None and state.customers_played == 0):
            return None
        if isinstance(event, ev.TurnStarted):
            n = len(state.players)
            turns = rules.constants.turns_for(n)
            round_ = min(state.customers_played // n + 1, turns)
            return f"\n-- {state.players[event.player].name}'s turn, round {round_} of {turns} --"
        return describe_event(rules, state, event)

    @staticmethod
    def intro(rules: RuleSet, state: GameState) -> list[str]:
        """Lines after the opening: the secret spells and the row of customer cards."""
        return [
            f"Each player is dealt {rules.constants.spell_hand} spells, kept secret.",
            "The row: " + "; ".join(f"{i}. {card_text(rules, c)}" for i, c in enumerate(state.row, 1)) + ".",
        ]

    @staticmethod
    def outro(rules: RuleSet, state: GameState) -> list[str]:
        """Lines after the score table."""
        return [
            "Coins left: " + ", ".join(f"{p.name} {p.coins}" for p in state.players),
            "Reconstructed content (customer cards, board layouts, track bonuses, spells) is ours,\n"
            "not the printed game's: see docs/content.rst.",
        ]


NARRATION = Narration()


def narrate(rules: RuleSet, state: GameState, event: ev.Event, lang: str = "en") -> str | None:
    """The line of the log for ``event`` (``state``: the state it led to, as the reader
    sees it), or ``None``. The lines are written in English (``lang`` is accepted for the
    game's every language: French and Dutch lines are still to be written)."""
    return Narration.describe(rules, state, event)
