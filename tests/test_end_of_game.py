"""End of game: exchanges, royal scoring order and tie-breaks, people scoring, the result.

The reference is the rulebook's end-game example (taverna-en-fr.txt, "End of game"):
Karl, Fred and Etienne finish with 18, 14 and 19 VP.
"""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import RULES, from_position, of_type
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.endgame import royal_order

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
        game.apply(taverna.ChooseRoyalScoring(choice))
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
    """ "Note that bonuses from people tracks are not rewarded anymore" (King)."""
    game = from_position(EXAMPLE)
    events = game.apply(taverna.ChooseRoyalScoring("king"))
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
    events = game.apply(taverna.ChooseRoyalScoring(scoring))
    scored = [e for e in of_type(events, ev.VPScored) if e.category == "royal"]
    assert [(e.player, e.amount) for e in scored] == [(0, expected)]


TWO_PLAYERS = """
    format: taverna-position/1
    king: elf
    queen: orc
    customers_played: 16
    players:
      - {name: Ann, tracks: {elf: 2, orc: 5}}
      - {name: Bob, tracks: {elf: 4, orc: 1}}
    taverns:
      tankard: {deeds: [Ann, Bob, null]}
    stack: [end_game]
"""


def test_two_players_choose_twice_king_track_then_queen_track() -> None:
    """2 players: each chooses two scorings; the King's track order first (Bob leads the
    elves), then the Queen's (Ann leads the orcs)."""
    game = from_position(TWO_PLAYERS)
    chooser = []
    while game.decision is not None:
        chooser.append(game.decision.player)
        game.apply(game.legal_actions()[0])
    assert chooser == [1, 0, 0, 1]
    assert game.result is not None
    assert all(len(p.royal) == 2 for p in game.state.players)
    assert len({s for s, _ in game.state.royal_used}) == 4


def test_each_royal_scoring_once() -> None:
    """ "Each scoring opportunity can only be used once"."""
    game = from_position(EXAMPLE)
    game.apply(taverna.ChooseRoyalScoring("queen"))
    assert taverna.ChooseRoyalScoring("queen") not in game.legal_actions()
    with pytest.raises(tr.IllegalActionError, match="choose_royal"):
        game.apply(taverna.ChooseRoyalScoring("queen"))


def test_tie_break_goes_round_the_tracks() -> None:
    """Ties on the chosen people's track are broken on the next track to the right; with
    dwarves chosen, the next is the orcs' (French rulebook note), then humans, elves."""
    state = tr.load_position(
        RULES,
        """
        format: taverna-position/1
        players:
          - {name: A, tracks: {dwarf: 3, orc: 1, human: 5}}
          - {name: B, tracks: {dwarf: 3, orc: 1, human: 6}}
          - {name: C, tracks: {dwarf: 3, orc: 2}}
          - {name: D, tracks: {dwarf: 4}}
        """,
    )
    assert royal_order(state, "dwarf") == (3, 2, 1, 0)


def test_full_tie_keeps_seat_order_from_first_player() -> None:
    state = tr.load_position(
        RULES, "format: taverna-position/1\nfirst_player: 2\nplayers: [{name: A}, {name: B}, {name: C}]\n"
    )
    assert royal_order(state, "elf") == (2, 0, 1)


def test_people_scoring_values() -> None:
    """People scoring: -3, -1, 0, 1, 2, 4, 7, 10 VP by position."""
    game = from_position(
        """
        format: taverna-position/1
        king: human
        players:
          - {name: A, tracks: {human: 0, elf: 3, dwarf: 6, orc: 2}}
          - {name: B, tracks: {human: 7, elf: 5, dwarf: 1, orc: 4}}
        stack: [people_scoring, finish]
        """
    )
    assert game.result is not None
    assert {s.name: s.total for s in game.result.standings} == {"A": -3 + 1 + 7 + 0, "B": 10 + 4 - 1 + 2}


TIE = """
    format: taverna-position/1
    played_on: "2026-11-22"
    players:
      - {{name: A, vp: {{deeds: 5}}, birthday: {a}}}
      - {{name: B, vp: {{deeds: 5}}, birthday: {b}}}
      - {{name: C, vp: {{deeds: 2}}}}
    stack: [finish]
"""


def test_final_tie_is_shared_without_birthdays() -> None:
    """Without birthdays the tied players share the rank (ruling #9)."""
    game = from_position(TIE.format(a="null", b="null"))
    assert game.result is not None
    ranks = [(s.name, s.rank, s.tied) for s in game.result.standings]
    assert ranks == [("A", 1, True), ("B", 1, True), ("C", 3, False)]
    assert game.result.winners == ("A", "B")


def test_final_tie_goes_to_the_next_birthday() -> None:
    """ "In case of tie, the winner is the player who will celebrate his next birthday"."""
    text = TIE.format(a='"03-01"', b='"12-01"')
    game = from_position(
        text.replace("{name: C, vp: {deeds: 2}}", "{name: C, vp: {deeds: 2}, birthday: '06-01'}")
    )
    assert game.result is not None
    assert [(s.name, s.rank) for s in game.result.standings] == [("B", 1), ("A", 2), ("C", 3)]


def test_exchanges_at_the_end() -> None:
    """ "Exchange the uncast spells for one coin each and the unused privilege tokens for
    one victory point each"."""
    game = from_position(EXAMPLE)
    events = game.events
    assert of_type(events, ev.SpellsExchanged) == [ev.SpellsExchanged(0, ("golden_rain#1", "charm#1"))]
    assert of_type(events, ev.PrivilegesExchanged) == [ev.PrivilegesExchanged(1, 1)]
    assert game.state.players[0].hand == () and game.state.players[1].privileges == 0


def test_same_birthday_tie_is_shared() -> None:
    """Birthdays cannot separate twins: they share the rank."""
    game = from_position(
        TIE.format(a='"03-01"', b='"03-01"').replace(
            "{name: C, vp: {deeds: 2}}", "{name: C, vp: {deeds: 2}, birthday: '06-01'}"
        )
    )
    assert game.result is not None
    assert [(s.name, s.rank, s.tied) for s in game.result.standings] == [
        ("A", 1, True),
        ("B", 1, True),
        ("C", 3, False),
    ]
