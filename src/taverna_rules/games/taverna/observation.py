"""Taverna's observation vector and the bound on a game's length.

Everything is read from the state as the observing seat sees it (others' hands are hidden
marks, the decks only sizes), so nothing hidden can be written. Seats are listed from
the observer on (:func:`~taverna_rules.core.observation.seats_from`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from taverna_rules.core.observation import ObservationWriter, seats_from
from taverna_rules.games.taverna.flow import DECISIONS
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState

__all__ = ["max_chance_outcomes", "max_decisions", "observe"]

#: A turn's decisions: the pick, the seating and its choices, then the optional plays,
#: each of which spends something the player holds (coins, spells, favours, privileges,
#: a dignitary's once-a-turn move) or answers in a response window (asked of every player
#: holding a hand, even with nothing but to pass). The longest of 2,000 random games took
#: 366 decisions (5 players); 40 a turn leaves a wide margin.
_PER_TURN = 40
#: The deed draft and the end of the game's exchanges and royal scorings, per player.
_PER_PLAYER = 30


def max_chance_outcomes(rules: RuleSet, players: int) -> int:
    """The most outcomes a chance decision can have (explicit chance mode): the dignitaries'
    places at setup, or one card of a deck (favours, spells, customers; each copy its own
    outcome)."""
    small = sum(1 for t in rules.taverns if t.size == "small")
    return max(
        math.perm(small, len(rules.dignitaries)),
        sum(f.copies for f in rules.favours),
        sum(s.copies for s in rules.spells),
        len(rules.customers),
    )


def max_decisions(rules: RuleSet, players: int, options: Mapping[str, Any] | None = None) -> int:
    """A bound on the decisions of a game of ``players`` players: turns times a wide
    per-turn budget, plus the draft and the end of the game (whatever the rule ``options``)."""
    turns = dict(rules.constants.turns).get(players, max(dict(rules.constants.turns).values()))
    return players * (turns * _PER_TURN + _PER_PLAYER)


def _kind(item: str) -> str:
    return item.split("#", 1)[0]


def observe(rules: RuleSet, view: GameState, decision: Any, seat: int, w: ObservationWriter) -> None:
    """Write what ``seat`` sees of ``view`` (see the module's documentation)."""
    order = seats_from(seat, len(view.players))
    peoples = rules.people_ids()
    symbols = tuple(symbol.id for symbol in rules.symbols)
    spells = tuple(spell.id for spell in rules.spells)
    favours = tuple(favour.id for favour in rules.favours)
    dignitaries = tuple(dignitary.id for dignitary in rules.dignitaries)
    taverns = tuple(tavern.id for tavern in rules.taverns)
    kind = decision.kind if decision is not None else None
    # Every decision kind is registered once the package is imported: sorted, a fixed order.
    w.one_hot("decision.kind", kind, sorted(DECISIONS))
    w.one_hot("decision.seat", decision.player if decision is not None else None, order)
    w.flag("over", view.result is not None)
    for place, other in enumerate(order):
        player = view.players[other]
        prefix = "me" if place == 0 else f"next{place}"
        w.number(f"{prefix}.coins", player.coins)
        w.number(f"{prefix}.vp", sum(points for _, points in player.vp))
        w.block(f"{prefix}.tracks", player.tracks)
        w.number(f"{prefix}.hand_size", len(player.hand))
        w.number(f"{prefix}.privileges", player.privileges)
        w.number(f"{prefix}.customer_cards", len(player.cards))
        w.counts(f"{prefix}.spells_cast", map(_kind, player.cast), spells)
        w.counts(f"{prefix}.favours", map(_kind, player.favours), favours)
        w.number(f"{prefix}.favours_used", len(player.favours_used))
        w.number(f"{prefix}.royal_scorings", len(player.royal))
        w.flag(f"{prefix}.first_player", other == view.first_player)
    w.counts("me.hand", map(_kind, view.players[seat].hand), spells)
    w.counts("me.spells_discarded", (_kind(s) for owner, s in view.spell_discard if owner == seat), spells)
    # The board side's layout, not the state's taverns: they are laid out at setup, after
    # the first draw of a game in explicit chance mode, and the layout never changes.
    side = next((s for s in rules.sides if s.id == view.side), rules.side_for(len(view.players)))
    laid = {tavern.id: tavern for tavern in view.taverns}
    for ident in taverns:
        prefix = f"tavern.{ident}"
        spaces = side.layout(ident)
        tavern = laid.get(ident)
        for table in range(len(spaces.tables)):
            w.one_hot(f"{prefix}.table{table}", tavern.tables[table] if tavern else None, peoples)
        for space in range(len(spaces.deeds)):
            w.one_hot(f"{prefix}.deed{space}", tavern.deeds[space] if tavern else None, order)
        w.flag(f"{prefix}.privilege", tavern is not None and tavern.privilege)
        w.counts(f"{prefix}.guild_tokens", tavern.guild_tokens if tavern else (), symbols)
        w.counts(f"{prefix}.dignitaries", tavern.dignitaries if tavern else (), dignitaries)
    for slot in range(rules.constants.row_size):
        card = rules.customer(view.row[slot]) if slot < len(view.row) else None
        w.counts(f"row{slot}.peoples", card.peoples if card else (), peoples)
        w.counts(f"row{slot}.symbols", card.symbols if card else (), symbols)
    w.counts("castle", map(_kind, view.castle), favours)
    w.counts("tiles", (people for people, count in view.tiles for _ in range(count)), peoples)
    w.counts("guild_supply", (symbol for symbol, count in view.guild_supply for _ in range(count)), symbols)
    w.number("privilege_supply", view.privilege_supply)
    w.one_hot("king", view.king, peoples)
    w.one_hot("queen", view.queen, peoples)
    w.number("customers_played", view.customers_played)
    w.number("customer_deck", len(view.customer_deck))
    w.number("spell_deck", len(view.spell_deck))
    w.number("favour_reserve", len(view.favour_reserve))
    turn = view.turn
    card = rules.customer(turn.card) if turn is not None and turn.card else None
    w.one_hot("turn.seat", turn.player if turn is not None else None, order)
    w.counts("turn.card.symbols", card.symbols if card else (), symbols)
    w.one_hot("turn.people", turn.people if turn is not None else None, peoples)
    w.one_hot("turn.tavern", turn.tavern if turn is not None else None, taverns)
    w.counts("turn.dignitaries_used", turn.dignitaries_used if turn is not None else (), dignitaries)
    w.number("turn.spells_cast", turn.spells_cast if turn is not None else 0)
