"""Royal favours (rulebook, turn step 7 and "Royal Favours"), each from a position."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import RULES, from_position, of_type
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import ChangeSymbol, ChooseGuildToken, ChooseTable, UseFavour
from taverna_rules.games.taverna.dignitaries import dignitary_window

# Ann has picked an elf customer from a spellbook card and is about to seat it; she holds
# one tile of every favour. The Golden Tankard has an orc customer at table 0; the Great
# Hall (printed beer) has free tables; Bob owns a deed there.
SEATING = """
    format: taverna-position/1
    king: orc
    players:
      - name: Ann
        coins: 10
        favours: [add_beer, add_mask, add_lyre, add_spellbook, change_symbol#1, move_customer#1,
                  other_people#1, gain_level#1, guild_token, second_spell#1]
      - {name: Bob, coins: 10}
      - {name: Cy, coins: 10}
    taverns:
      tankard: {tables: [orc, null, null]}
      hall: {deeds: [Bob, null, null], tables: [human, elf, dwarf, null, null, null]}
    spell_deck: [charm#1, charm#2, charm#3]
    tiles: {human: 8, elf: 8, dwarf: 8, orc: 8}
    turn: {player: Ann, card: c10, people: elf, symbols: [spellbook]}
    stack:
      - {kind: place_customer, player: Ann}
      - {kind: income, player: Ann}
      - {kind: turn_actions, player: Ann}
      - {kind: end_turn, player: Ann}
      - {kind: turn, player: Bob}
"""


def seating() -> tr.Game:
    return from_position(SEATING)


def favours(game: tr.Game) -> set[str]:
    return {a.favour for a in game.legal_actions() if isinstance(a, UseFavour)}


def test_favours_that_apply_are_offered_before_seating() -> None:
    """A favour is used only when its effect applies: the card already shows a spellbook,
    and Ann holds no spell to cast twice, so those two are not offered."""
    assert favours(seating()) == {
        "add_beer",
        "add_mask",
        "add_lyre",
        "change_symbol#1",
        "move_customer#1",
        "other_people#1",
        "gain_level#1",
        "guild_token",
    }


def test_added_beer_makes_a_feast_and_the_tile_is_kept_face_down() -> None:
    """Add beer to the card; Feast is then computed from the changed card. The used tile is
    kept face down: it still counts for the Queen."""
    game = seating()
    events = game.apply(UseFavour("add_beer"))
    assert of_type(events, ev.CardSymbolsChanged) == [ev.CardSymbolsChanged(0, ("spellbook", "beer"))]
    events = game.apply(taverna.SeatCustomer("hall", 3))
    assert ev.CoinsGained(0, 3, "feast") in events
    ann = game.state.players[0]
    assert "add_beer" not in ann.favours and ann.favours_used == ("add_beer",)
    assert UseFavour("add_beer") not in game.legal_actions()


def test_added_mask_allows_trickery() -> None:
    game = seating()
    assert taverna.ReplaceCustomer("tankard", 0) not in game.legal_actions()
    game.apply(UseFavour("add_mask"))
    assert taverna.ReplaceCustomer("tankard", 0) in game.legal_actions()


def test_change_symbol() -> None:
    """Change the guild symbol of the card played to another one."""
    game = seating()
    game.apply(UseFavour("change_symbol#1"))
    assert ChangeSymbol("spellbook", "spellbook") not in game.legal_actions()
    game.apply(ChangeSymbol("spellbook", "beer"))
    assert game.state.turn is not None and game.state.turn.symbols == ("beer",)


def test_another_people() -> None:
    """Take a customer tile of another people than the card's."""
    game = seating()
    game.apply(UseFavour("other_people#1"))
    assert taverna.ChoosePeople("elf") not in game.legal_actions()
    events = game.apply(taverna.ChoosePeople("orc"))
    assert of_type(events, ev.CustomerPeopleChanged) == [ev.CustomerPeopleChanged(0, "elf", "orc")]
    assert dict(game.state.tiles) == {"human": 8, "elf": 9, "dwarf": 8, "orc": 7}
    events = game.apply(taverna.SeatCustomer("tankard", 2))  # an orc table
    assert of_type(events, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "orc", 0, 1)]


def test_move_a_customer() -> None:
    """Move a customer tile to a free table of another tavern: each owner there gains 2
    coins; a table of its people gives the mover a level (ruling #11)."""
    game = seating()
    game.apply(UseFavour("move_customer#1"))
    game.apply(ChooseTable("tankard", 0))  # the orc customer
    assert ChooseTable("tankard", 1) not in game.legal_actions()  # another tavern
    events = game.apply(ChooseTable("hall", 3))  # the hall's fourth table is an orc table
    assert of_type(events, ev.CustomerMoved) == [ev.CustomerMoved(0, "tankard", 0, "hall", 3, "orc")]
    assert ev.CoinsGained(1, 2, "favour:move_customer") in events
    assert of_type(events, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "orc", 0, 1)]
    assert game.state.tavern("tankard").tables == (None, None, None)


def test_gain_a_level_and_guild_token() -> None:
    game = seating()
    game.apply(UseFavour("gain_level#1"))
    events = game.apply(taverna.ChoosePeople("dwarf"))
    assert of_type(events, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "dwarf", 0, 1)]
    game.apply(UseFavour("guild_token"))
    assert ChooseGuildToken("hall", "beer") not in game.legal_actions()  # the hall's printed symbol
    events = game.apply(ChooseGuildToken("hall", "lyre"))
    assert of_type(events, ev.VPScored) == [ev.VPScored(0, 3, "favours")]


def test_card_favours_are_not_offered_after_their_step() -> None:
    """A favour changing the card acts before the step it changes: after income, beer and
    spellbook would change nothing."""
    game = seating()
    game.apply(taverna.SeatCustomer("hall", 4))
    decision = game.decision
    assert decision is not None and decision.kind == "turn_actions"
    offered = favours(game)
    assert "add_beer" not in offered and "add_mask" not in offered
    # A lyre matters only with a lyre on the tavern too (Influence): the Great Hall has none.
    assert "add_lyre" not in offered and "gain_level#1" in offered


def test_each_kind_of_favour_once_a_turn() -> None:
    """ "You may use one or more *different* royal favour tiles" during a turn."""
    game = from_position(SEATING.replace("other_people#1, gain_level#1,", "gain_level#1, gain_level#2,"))
    game.apply(UseFavour("gain_level#1"))
    game.apply(taverna.ChoosePeople("dwarf"))
    assert "gain_level#2" not in favours(game)
    with pytest.raises(tr.IllegalActionError, match="different royal favours"):
        game.apply(UseFavour("gain_level#2"))


def test_another_people_is_not_on_the_card() -> None:
    """The tile taken must be of a people other than the card's (both, for a dual card)."""
    game = from_position(SEATING.replace("card: c10, people: elf", "card: c33, people: human"))
    game.apply(UseFavour("other_people#1"))
    peoples = {a.people for a in game.legal_actions() if isinstance(a, taverna.ChoosePeople)}
    assert peoples == {"dwarf", "orc"}  # c33 shows humans and elves


def test_a_level_is_offered_only_where_it_can_be_gained() -> None:
    """The top of a track belongs to the first player there (ruling #8)."""
    text = SEATING.replace("- {name: Bob, coins: 10}", "- {name: Bob, coins: 10, tracks: {elf: 7}}")
    text = text.replace(
        "        coins: 10\n        favours:",
        "        coins: 10\n        tracks: {elf: 6, human: 7}\n        favours:",
    )
    game = from_position(text)
    game.apply(UseFavour("gain_level#1"))
    peoples = {a.people for a in game.legal_actions() if isinstance(a, taverna.ChoosePeople)}
    assert peoples == {"dwarf", "orc"}


def test_add_spellbook_draws_at_income_and_add_lyre_opens_influence() -> None:
    """Magic and Influence computed from the changed card (a spellbook or lyre added)."""
    text = SEATING.replace("symbols: [spellbook]", "symbols: [beer]")
    text = text.replace("    taverns:\n", "    taverns:\n      lantern: {dignitaries: [notary]}\n")
    game = from_position(text)
    game.apply(UseFavour("add_spellbook"))
    events = game.apply(taverna.SeatCustomer("grimoire", 1))  # printed spellbook
    assert of_type(events, ev.SpellDrawn) == [ev.SpellDrawn(0, "charm#1")]
    game = from_position(text)
    game.apply(UseFavour("add_lyre"))
    game.apply(taverna.SeatCustomer("silver_lyre", 1))  # printed lyre: Influence
    assert game.state.turn is not None and "lyre" in game.state.turn.symbols
    window = dignitary_window(RULES, game.state, regular_used=False)
    assert window.influence
    # The Notary stands in another tavern: only Influence reaches it.
    assert window.regular == ("notary",)
