"""End of game: exchanges, royal scoring order and tie-breaks, people scoring, the result.

The reference is the rulebook's end-game example (taverna-en-fr.txt, "End of game"):
Karl, Fred and Etienne finish with 18, 14 and 19 VP.
"""

from __future__ import annotations

import pytest
from scenario import RULES, from_position, of_type

import taverna_rules as tr
from taverna_rules.kernel import events as ev
from taverna_rules.kernel.endgame import royal_order

# The example's inputs. Only end-of-game VP are counted in the example, so everyone starts
# at 0 VP; deeds are spread one per tavern as the rules require.
EXAMPLE = """
    format: taverna-position/1
    king: elf
    customers_played: 18
    players:
      - name: Karl
        coins: 4
        tracks: {human: 7, elf: 4, dwarf: 0, orc: 1}
        hand: [golden_rain#1, charm#1]
        cast: [eviction#1, eviction#2, eviction#3]
        favours_used: [gain_level#1, add_beer]
      - name: Fred
        coins: 10
        tracks: {human: 2, elf: 2, dwarf: 4, orc: 4}
        cast: [teleport#1, teleport#2, teleport#3, summons#1]
        favours_used: [add_lyre, add_mask, second_spell#1]
        privileges: 1
      - name: Etienne
        coins: 18
        tracks: {human: 5, elf: 2, dwarf: 4, orc: 3}
        cast: [charm#2, charm#3, guild_seal#1]
        favours_used: [gain_level#2]
    taverns:
      tankard: {deeds: [Karl, Fred, Etienne]}
      grimoire: {deeds: [Karl, Fred, Etienne]}
      silver_lyre: {deeds: [Karl, Fred, Etienne]}
      lantern: {deeds: [null, Fred, Etienne]}
    stack: [end_game]
"""


def test_rulebook_end_game_example() -> None:
    """Karl 18 VP (King 5, humans 10, elves 4, dwarves -1), Fred 14 (Master of coins 9,
    dwarves 2, orcs 2, privilege 1), Etienne 19 (Archduke 12, humans 4, dwarves 2, orcs 1)."""
    game = from_position(EXAMPLE)
    # Exchanges first: Karl's 2 unused spells become 2 coins, Fred's privilege 1 VP.
    assert game.state.players[0].coins == 6
    assert game.state.players[1].vp == (("privileges", 1),)
    # Karl leads the elf track; Fred and Etienne tie on elves and dwarves, Fred leads on orcs.
    order = []
    for choice in ("king", "master_of_coins", "archduke"):
        decision = game.decision
        assert decision is not None and decision.kind == "choose_royal"
        order.append(game.state.players[decision.player].name)
        game.apply(tr.ChooseRoyalScoring(choice))
    assert order == ["Karl", "Fred", "Etienne"]
    assert game.result is not None
    totals = {s.name: s.total for s in game.result.standings}
    assert totals == {"Karl": 18, "Fred": 14, "Etienne": 19}
    assert game.result.winners == ("Etienne",)
    karl = game.state.players[0]
    # The King: one level on every track, humans already on top; no orc bonus at position 2.
    assert karl.tracks == (7, 5, 1, 2)
    assert dict(karl.vp) == {"royal": 5, "people": 13}


def test_king_gives_no_track_bonus() -> None:
    """"Note that bonuses from people tracks are not rewarded anymore" (King)."""
    game = from_position(EXAMPLE)
    events = game.apply(tr.ChooseRoyalScoring("king"))
    assert not [e for e in of_type(events, ev.VPScored) if e.category == "track_bonus"]


@pytest.mark.parametrize(
    ("scoring", "player", "expected"),
    [
        ("queen", "Karl", 6),  # 2 royal favours, used or not -> 6
        ("master_of_coins", "Karl", 6),  # 4 coins + 2 from exchanged spells
        ("archduke", "Karl", 9),  # 3 deeds
        ("archmage", "Karl", 9),  # 3 spells cast
    ],
)
def test_royal_scoring_tables(scoring: str, player: str, expected: int) -> None:
    """Queen 3/6/9/12/15 for 0/2/3/4/5 favours; Master of coins for 0/6/9/12/15 coins;
    Archduke for 1/2/3/4/5 deeds; Archmage for 0/2/3/4/5 spells cast."""
    game = from_position(EXAMPLE)
    events = game.apply(tr.ChooseRoyalScoring(scoring))
    scored = [e for e in of_type(events, ev.VPScored) if e.category == "royal"]
    assert [(e.player, e.amount) for e in scored] == [(0, expected)]
