"""Every action Taverna's rules can offer, for the action codec
(:func:`taverna_rules.action_space`).

The list is built from the content alone: peoples, customer cards, taverns with their
tables and deed spaces on either board side, guild symbols, dignitaries and their
levels, royal scorings, favour kinds, spell kinds, seats, and the widest choice an
effect makes. Copies of a spell or a favour tile are one action (their kind).
"""

from __future__ import annotations

from collections.abc import Iterator

from taverna_rules.core.action_space import copies_as_one, widest_choice
from taverna_rules.core.effects import ChooseOption
from taverna_rules.games.taverna.actions import (
    Action,
    ActivateDignitary,
    BuyDeed,
    CastSpell,
    ChangeSymbol,
    ChooseDeed,
    ChooseGuildToken,
    ChoosePeople,
    ChoosePlayer,
    ChooseRoyalScoring,
    ChooseTable,
    EndTurn,
    Pass,
    ReplaceCustomer,
    SeatCustomer,
    SellSpell,
    SendDignitary,
    TakeFavour,
    UseFavour,
)
from taverna_rules.games.taverna.ruleset import RuleSet

__all__ = ["actions_of", "canonical"]

#: Copies of a spell card or a favour tile (``charm#2``, ``gain_level#1``) are one choice.
canonical = copies_as_one(("spell", "favour"))


def actions_of(rules: RuleSet) -> Iterator[Action]:
    """Every action these rules can offer, in a stable order."""
    taverns = [t.id for t in rules.taverns]
    layouts = [side.layout(t) for side in rules.sides for t in taverns]
    tables = max(len(layout.tables) for layout in layouts)
    deeds = max(len(layout.deeds) for layout in layouts)
    symbols = [s.id for s in rules.symbols]
    yield Pass()
    yield EndTurn()
    for card in rules.customers:
        yield from rules.picks(card.id)
    for tavern in taverns:
        for table in range(tables):
            yield SeatCustomer(tavern, table)
            yield ReplaceCustomer(tavern, table)
            yield ChooseTable(tavern, table)
        for space in range(deeds):
            yield BuyDeed(tavern, space)
            yield ChooseDeed(tavern, space)
        yield SendDignitary(tavern)
        for symbol in symbols:
            yield ChooseGuildToken(tavern, symbol)
    for dignitary in rules.dignitaries:
        for level in range(len(dignitary.levels)):
            yield ActivateDignitary(dignitary.id, level, False)
            yield ActivateDignitary(dignitary.id, level, True)
    for favour in rules.favours:
        yield UseFavour(favour.id)
        yield TakeFavour(favour.id)
    for spell in rules.spells:
        yield CastSpell(spell.id)
        yield SellSpell(spell.id)
    for people in rules.people_ids():
        yield ChoosePeople(people)
    for scoring in rules.royal_scorings:
        yield ChooseRoyalScoring(scoring.id)
    for old in symbols:
        for new in symbols:
            if new != old:
                yield ChangeSymbol(old, new)
    for seat in range(max(rules.supported_players())):
        yield ChoosePlayer(seat)
    for option in range(widest_choice(rules)):
        yield ChooseOption(option)
