"""Every action Taverne's rules can offer, in a stable order (the numbering of
:func:`~taverna_rules.action_space`), and the bound on a game's length.

The game has no turn limit (l.186-196): only the rule option ``tournament`` bounds it, by
its number of turns. Without it a game has no bound, and frameworks that size buffers by
the longest game ask for the option.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from taverna_rules.core.action_space import widest_choice
from taverna_rules.core.choices import ChooseOption, ChoosePlayer
from taverna_rules.core.records import Action
from taverna_rules.games.taverne.actions import (
    Attack,
    BidEnergy,
    Buy,
    CastSpell,
    ChooseCard,
    ChooseCharacter,
    ChooseOrigin,
    Dodge,
    LeaveTable,
    NameValue,
    Pass,
    PlayAtout,
    ReturnToTable,
    SplitDodges,
    TakeBackAtout,
    TakeSeat,
)
from taverna_rules.games.taverne.ruleset import SLOTS, RuleSet

__all__ = ["actions_of", "max_chance_outcomes", "max_decisions"]

#: The most a player's powers may add to the dodges he sets aside or puts on one attack
#: (the content's ``modifies`` reach 1 a card; several cards add up: a wide margin).
_MOST_MORE_DODGES = 3
#: The rounds of spells a turn (calls 2 to 9) and a wide margin for the choices effects ask
#: (a player to target, an Atout to discard, a Crasse to keep).
_SPELL_ROUNDS = 8
_EFFECT_CHOICES = 12


def actions_of(rules: RuleSet) -> Iterator[Action]:
    """Every action of every decision, for the most players the rules seat."""
    seats = range(max(rules.supported_players()))
    values = [w.value for w in rules.weapons]
    of_kind = {
        kind: [s.id for s in rules.specialties if s.kind == kind] for kind in ("atout", "crasse", "sort")
    }
    yield from (ChooseCharacter(c.id) for c in rules.characters)
    yield from (ChooseOrigin(b.id) for b in rules.boxes)
    yield from (BidEnergy(e) for e in range(1, rules.constants.energy + 1))
    yield from (TakeSeat(seat) for seat in seats)
    yield from (ChoosePlayer(seat) for seat in seats)
    yield LeaveTable()
    yield ReturnToTable()
    yield Buy("weapon")
    yield Buy("pint")
    yield Buy("specialty")
    yield from (PlayAtout(card) for card in of_kind["atout"])
    yield from (TakeBackAtout(card) for card in of_kind["atout"])
    yield from (CastSpell(card) for card in of_kind["sort"])
    yield from (ChooseCard(card) for card in (*of_kind["atout"], *of_kind["crasse"]))
    yield from (Dodge(v) for v in values)
    for spot in SLOTS:
        for v in values:
            if spot.startswith("melee") or v % 2 == 1:
                yield from (Attack(spot, v, crasse) for crasse in ("", *of_kind["crasse"]))
    most = rules.constants.dodges_per_attack + _MOST_MORE_DODGES
    for seat in seats:
        yield from (SplitDodges(seat, n) for n in range(most + 1))
        yield from (NameValue(seat, v) for v in values)
    yield from (ChooseOption(option) for option in range(widest_choice(rules)))
    yield Pass()


def max_decisions(rules: RuleSet, players: int, options: Mapping[str, Any]) -> int | None:
    """A bound on the decisions of a game of ``players`` players: ``None`` without the
    ``tournament`` option; with it, its turns times what a turn may ask of each player
    (in call 2 a purchase for each Butin, the Atouts played and taken back, a pass; the
    dodges; the attack; a split and the values against each other player; a round of
    spells a call; the choices effects ask; coming back; leaving the table or not) and the
    choice of Characters (the box of origin with Double Taverne, a bid at an auction, the
    Character)."""
    turns = int(options.get("tournament", 0))
    if turns <= 0:
        return None
    c = rules.constants
    most = len(rules.bands)  # the highest Prestige
    spend = c.butin_max + 2 * most + 1
    dodges = most + _MOST_MORE_DODGES + 1
    quarrels = (players - 1) * (1 + c.dodges_per_attack + _MOST_MORE_DODGES)
    per_turn = spend + dodges + 1 + quarrels + _SPELL_ROUNDS + _EFFECT_CHOICES + 3
    return 3 * players + turns * players * per_turn


def max_chance_outcomes(rules: RuleSet, players: int) -> int:
    """The most outcomes a draw can have (explicit chance mode): the Characters dealt, or
    laid out for an auction, from the whole pile; the first Pilier; the order of equal
    bids; a Specialty from the pile."""
    characters = len(rules.characters)
    return max(
        math.comb(characters, rules.constants.characters_dealt),
        math.comb(characters, min(players, characters)),
        math.factorial(players),
        len(rules.specialties),
    )
