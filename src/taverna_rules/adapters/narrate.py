"""Plain-English lines for events and actions, for terminals and logs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from taverna_rules.content.model import RuleSet
from taverna_rules.kernel import events as ev
from taverna_rules.kernel.state import GameState, Result

__all__ = ["describe_event", "score_table"]

Namer = Callable[[str], str]


def describe_event(rules: RuleSet, state: GameState, event: ev.Event) -> str | None:
    """One line for ``event`` (``state`` gives player names), or ``None`` for bookkeeping."""
    name = rules.name_of

    def who(index: int) -> str:
        return state.players[index].name

    text: dict[type[ev.Event], Callable[[Any], str]] = {
        ev.GameStarted: lambda e: (
            f"A game for {', '.join(e.players)} on the {e.side} board side; "
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
            f"{who(e.player)} picks card {e.card} "
            f"({name(e.people)}; {', '.join(name(s) for s in e.symbols)})."
        ),
        ev.CustomerSeated: lambda e: (
            f"{who(e.player)} seats the {name(e.people)} customer at "
            f"{name(e.tavern)}, table {e.table + 1} "
            f"({name(rules.side_for(len(state.players)).layout(e.tavern).tables[e.table])})."
        ),
        ev.CustomerRemoved: lambda e: (
            f"Trickery: {who(e.player)} removes a {name(e.people)} customer from {name(e.tavern)}."
        ),
        ev.TrackAdvanced: lambda e: (
            f"{who(e.player)} climbs the {name(e.people)} track {e.start} -> {e.end}."
        ),
        ev.CoinsGained: lambda e: f"{who(e.player)} gains {e.amount} coin(s) ({_reason(rules, e.reason)}).",
        ev.CoinsPaid: lambda e: f"{who(e.player)} pays {e.amount} coin(s) ({_reason(rules, e.reason)}).",
        ev.VPScored: lambda e: f"{who(e.player)} scores {e.amount:+d} VP ({e.category.replace('_', ' ')}).",
        ev.PrivilegeTaken: lambda e: f"{who(e.player)} takes the privilege token of {name(e.tavern)}.",
        ev.PrivilegesGained: lambda e: f"{who(e.player)} takes {e.count} privilege token(s).",
        ev.SpellDrawn: lambda e: (
            f"{who(e.player)} draws a spell" + ("." if e.spell == ev.HIDDEN else f": {name(e.spell)}.")
        ),
        ev.CurseDrawn: lambda e: f"{who(e.player)} draws the Curse! It is set aside.",
        ev.SpellSold: lambda e: f"{who(e.player)} sells a spell for 1 coin.",
        ev.SpellsExchanged: lambda e: f"{who(e.player)} exchanges {len(e.spells)} unused spell(s) for coins.",
        ev.PrivilegesExchanged: lambda e: f"{who(e.player)} exchanges {e.count} privilege token(s) for VP.",
        ev.RoyalScoringChosen: lambda e: f"{who(e.player)} chooses the royal scoring: {name(e.scoring)}.",
        ev.GameEnded: lambda e: "The game is over: " + " and ".join(e.result.winners) + " win(s).",
    }
    if isinstance(event, ev.CoinsGained) and event.reason == "spell sold":
        return None  # the SpellSold line says it
    render = text.get(type(event))
    return render(event) if render is not None else None


def _reason(rules: RuleSet, reason: str) -> str:
    kind, _, rest = reason.partition(":")
    if kind == "track":
        people, _, position = rest.rpartition(":")
        return f"{rules.name_of(people)} track bonus, position {position}"
    if kind == "royal":
        return rules.name_of(rest)
    return reason


def score_table(result: Result, categories: Sequence[str] | None = None) -> str:
    """The final standings as a fixed-width table, one column per VP category."""
    cats = list(categories or sorted({c for s in result.standings for c, _ in s.breakdown}))
    header = ["rank", "player", *[c.replace("_", " ") for c in cats], "total"]
    rows = [
        [
            f"{s.rank}{'=' if s.tied else ''}",
            s.name,
            *[str(dict(s.breakdown).get(c, 0)) for c in cats],
            str(s.total),
        ]
        for s in result.standings
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    rule = "-" * len(line(header))
    return "\n".join([line(header), rule, *(line(r) for r in rows)])
