"""A turn, step by step (rulebook, "Game cycle"), each from a position document."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import RULES, from_position, of_type
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev

# Three players on the 2/3-player side. Ann is about to seat an elf customer from a
# spellbook card; the Open Grimoire (printed spellbook) has an elf table at 0.
# The stack lists the steps still to come, the next one first.
TURN = """
    format: taverna-position/1
    king: orc
    customers_played: 13
    players:
      - {{name: Ann, tracks: {{elf: {ann_elf}}}, hand: [charm#1, charm#2, eviction#1]}}
      - {{name: Bob, tracks: {{elf: {bob_elf}}}}}
      - {{name: Cy}}
    taverns:
      grimoire: {{deeds: [Ann, Bob, null], tables: {grimoire_tables}, privilege: {privilege}}}
      tankard: {{tables: [orc, dwarf, human]}}
    row: [c01, c02, c33]
    customer_deck: [c05, c06]
    spell_deck: [golden_rain#1, golden_rain#2, golden_rain#3]
    turn: {{player: Ann, card: c12, people: elf, symbols: {symbols}}}
    stack:
      - {{kind: place_customer, player: Ann}}
      - {{kind: income, player: Ann}}
      - {{kind: turn_actions, player: Ann}}
      - {{kind: end_turn, player: Ann}}
      - {{kind: turn, player: Bob}}
"""


def turn(
    ann_elf: int = 1,
    bob_elf: int = 0,
    symbols: str = "[lyre]",
    grimoire_tables: str = "[null, null, null]",
    privilege: bool = True,
) -> tr.Game:
    return from_position(
        TURN.format(
            ann_elf=ann_elf,
            bob_elf=bob_elf,
            symbols=symbols,
            grimoire_tables=grimoire_tables,
            privilege=str(privilege).lower(),
        )
    )


def test_same_colour_gains_a_level_and_its_bonus() -> None:
    """Step 2: same people as the table: one level up and the position's bonus at once
    (the elf bonus at position 2 is a spell, as in the rulebook's seating example)."""
    game = turn()
    events = game.apply(taverna.SeatCustomer("grimoire", 0))
    assert of_type(events, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "elf", 1, 2)]
    assert of_type(events, ev.SpellDrawn) == [ev.SpellDrawn(0, "golden_rain#1")]
    assert game.state.players[0].tracks[RULES.people_ids().index("elf")] == 2


def test_other_colour_gains_nothing() -> None:
    """Step 2: a table of another people gives no level."""
    events = turn().apply(taverna.SeatCustomer("grimoire", 1))
    assert of_type(events, ev.TrackAdvanced) == []


def test_last_position_belongs_to_the_first_player_there() -> None:
    """Step 2: "The last level of each people track can only be reached by one player";
    whoever comes next stays below (ruling #8)."""
    blocked = turn(ann_elf=6, bob_elf=7).apply(taverna.SeatCustomer("grimoire", 0))
    assert of_type(blocked, ev.TrackAdvanced) == []
    reached = turn(ann_elf=6, bob_elf=5).apply(taverna.SeatCustomer("grimoire", 0))
    assert of_type(reached, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "elf", 6, 7)]


def test_last_free_table_takes_the_privilege() -> None:
    """Step 2: seating at the last unoccupied table of a tavern claims its privilege token,
    and no new one is put there."""
    game = turn(grimoire_tables="[null, human, dwarf]")
    events = game.apply(taverna.SeatCustomer("grimoire", 0))
    assert of_type(events, ev.PrivilegeTaken) == [ev.PrivilegeTaken(0, "grimoire")]
    assert game.state.players[0].privileges == 1
    assert game.state.tavern("grimoire").privilege is False
    again = turn(grimoire_tables="[null, human, dwarf]", privilege=False)
    assert of_type(again.apply(taverna.SeatCustomer("grimoire", 0)), ev.PrivilegeTaken) == []


def test_not_last_table_takes_no_privilege() -> None:
    events = turn(grimoire_tables="[null, null, dwarf]").apply(taverna.SeatCustomer("grimoire", 0))
    assert of_type(events, ev.PrivilegeTaken) == []


def test_only_free_tables_without_a_mask() -> None:
    """Step 2: the tile goes on an unoccupied table."""
    game = turn()
    actions = game.legal_actions()
    assert not [a for a in actions if isinstance(a, taverna.ReplaceCustomer)]
    assert [a for a in actions if isinstance(a, taverna.SeatCustomer)]
    assert taverna.SeatCustomer("tankard", 0) not in actions
    with pytest.raises(tr.IllegalActionError, match="place_customer"):
        game.apply(taverna.SeatCustomer("tankard", 0))


def test_trickery_replaces_a_seated_customer() -> None:
    """Trickery: with a mask on the card, remove a seated tile (out of the game) and take
    its place; ignore the table colour and climb the removed people's track; no privilege
    for replacing in a full tavern (rulings #3 and #4)."""
    game = turn(symbols="[mask]")
    assert taverna.ReplaceCustomer("tankard", 0) in game.legal_actions()
    assert taverna.SeatCustomer("grimoire", 0) in game.legal_actions()
    events = game.apply(taverna.ReplaceCustomer("tankard", 0))
    assert of_type(events, ev.CustomerRemoved) == [ev.CustomerRemoved(0, "tankard", 0, "orc")]
    assert of_type(events, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "orc", 0, 1)]
    assert of_type(events, ev.PrivilegeTaken) == []
    assert game.state.tavern("tankard").tables == ("elf", "dwarf", "human")
    assert dict(game.state.tiles_removed)["orc"] == 1


def test_income_to_every_owner() -> None:
    """Step 3: each owner of the tavern receives 3 coins (2-3 players)."""
    events = turn().apply(taverna.SeatCustomer("grimoire", 1))
    income = [e for e in of_type(events, ev.CoinsGained) if e.reason == "income"]
    assert income == [ev.CoinsGained(0, 3, "income"), ev.CoinsGained(1, 3, "income")]


def test_no_income_in_an_unowned_tavern() -> None:
    """Step 3 pays owners only: nobody owns a deed in the Great Hall here."""
    game = turn()
    events = game.apply(taverna.SeatCustomer("hall", 0))
    assert [e for e in of_type(events, ev.CoinsGained) if e.reason == "income"] == []


def test_feast_pays_the_active_player_again() -> None:
    """Feast: beer on the card and on the tavern gives the active player the income again."""
    events = turn(symbols="[beer]").apply(taverna.SeatCustomer("hall", 0))  # the Great Hall is beer
    assert of_type(events, ev.CoinsGained) == [ev.CoinsGained(0, 3, "feast")]
    events = turn(symbols="[beer]").apply(taverna.SeatCustomer("grimoire", 1))
    assert [e.reason for e in of_type(events, ev.CoinsGained)] == ["income", "income"]


def test_magic_draws_a_spell() -> None:
    """Magic: a spellbook on the card and on the tavern draws a spell."""
    game = turn(symbols="[spellbook]")
    events = game.apply(taverna.SeatCustomer("grimoire", 1))
    assert of_type(events, ev.SpellDrawn) == [ev.SpellDrawn(0, "golden_rain#1")]
    assert len(game.state.players[0].hand) == 4


def test_selling_spells() -> None:
    """Step 6: sell one or more spells during your turn for one coin each, face down."""
    game = turn()
    game.apply(taverna.SeatCustomer("grimoire", 1))
    decision = game.decision
    assert decision is not None and decision.kind == "turn_actions"
    # Two copies of Charm are one choice.
    sells = tuple(a for a in decision.actions if isinstance(a, taverna.SellSpell | tr.EndTurn))
    assert sells == (taverna.SellSpell("charm#1"), taverna.SellSpell("eviction#1"), tr.EndTurn())
    coins = game.state.players[0].coins
    game.apply(taverna.SellSpell("charm#1"))
    game.apply(taverna.SellSpell("charm#2"))
    ann = game.state.players[0]
    assert ann.coins == coins + 2 and ann.hand == ("eviction#1",)
    assert game.state.spell_discard == ((0, "charm#1"), (0, "charm#2"))


@pytest.mark.parametrize("step", ["pick_card", "place_customer"])
def test_selling_at_any_time_of_the_turn_pays_for_a_spell(step: str) -> None:
    """EN 152: "You may sell one or more spells at any time during your turn" (FR 597;
    NL 164). With 1 coin, Ann sells her Charm before picking or before seating, and can
    then afford the Eviction (cost 2) before the customer is seated."""
    text = TURN.replace("hand: [charm#1, charm#2, eviction#1]", "coins: 1, hand: [charm#1, eviction#1]")
    if step == "pick_card":
        text = text.replace("card: c12, people: elf, symbols: {symbols}", "").replace(
            "stack:\n", "stack:\n      - {{kind: pick_card, player: Ann}}\n"
        )
    game = from_position(
        text.format(
            ann_elf=1, bob_elf=0, symbols="[lyre]", grimoire_tables="[elf, null, null]", privilege="true"
        )
    )
    decision = game.decision
    assert decision is not None and decision.kind == step
    assert taverna.SellSpell("charm#1") in decision.actions
    assert taverna.CastSpell("eviction#1") not in decision.actions  # 1 coin: too poor
    game.apply(taverna.SellSpell("charm#1"))
    decision = game.decision
    assert decision is not None and decision.kind == step  # the same decision comes back
    assert game.state.players[0].coins == 2 and game.state.spell_discard == ((0, "charm#1"),)
    assert taverna.CastSpell("eviction#1") in decision.actions


def test_end_of_turn_refills_the_row_and_passes_clockwise() -> None:
    """ "Replenish the available customers track with the top card of the customer deck.
    There must always be 4 available customers cards"; then the next player."""
    game = turn()
    game.apply(taverna.SeatCustomer("grimoire", 1))
    events = game.apply(tr.EndTurn())
    assert of_type(events, ev.CustomerRevealed) == [ev.CustomerRevealed("c05")]
    assert game.state.row == ("c01", "c02", "c33", "c05")
    decision = game.decision
    assert decision is not None and (decision.kind, decision.player) == ("pick_card", 1)


def test_dual_card_offers_both_peoples() -> None:
    """Step 1: "If there are two customers on the card, choose one"."""
    game = turn()
    game.apply(taverna.SeatCustomer("grimoire", 1))
    game.apply(tr.EndTurn())
    actions = game.legal_actions()
    assert taverna.PickCard("c33", "human") in actions and taverna.PickCard("c33", "elf") in actions


def test_a_people_without_tiles_cannot_be_picked() -> None:
    """Finite supplies (ruling #13): no tile of a people left, no card for it."""
    text = TURN.replace(  # every card shows a people with tiles: the game plays on
        "row: [c01, c02, c33]\n    customer_deck: [c05, c06]",
        "row: [c09, c10, c33]\n    customer_deck: [c11, c12]\n"
        "    tiles: {{human: 0, elf: 9, dwarf: 9, orc: 9}}",
    )
    game = from_position(
        text.format(
            ann_elf=1, bob_elf=0, symbols="[lyre]", grimoire_tables="[null, null, null]", privilege="true"
        )
    )
    game.apply(taverna.SeatCustomer("grimoire", 1))
    game.apply(tr.EndTurn())
    actions = game.legal_actions()
    assert taverna.PickCard("c33", "elf") in actions
    assert not [a for a in actions if isinstance(a, taverna.PickCard) and a.people == "human"]


@pytest.mark.parametrize(("players", "turns"), [(2, 8), (3, 6), (4, 6), (5, 6)])
def test_game_length(players: int, turns: int) -> None:
    """ "A game is played over 8 turns (2 players) or 6 turns (3-5 players)"."""
    from taverna_rules.bots import RandomBot, play_out

    game = tr.new_game(RULES, ["A", "B", "C", "D", "E"][:players], seed=players)
    play_out(game, RandomBot(players))
    picked = of_type(game.events, ev.CustomerCardPicked)
    assert [sum(1 for e in picked if e.player == p) for p in range(players)] == [turns] * players
    assert game.over and game.decision is None and game.legal_actions() == ()


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (taverna.SeatCustomer("tankard", 0), "table 0 of 'tankard' is taken"),
        (taverna.SeatCustomer("pub", 0), "there is no tavern 'pub'"),
        (taverna.SeatCustomer("grimoire", 9), "'grimoire' has tables 0 to 2"),
        (taverna.ReplaceCustomer("tankard", 0), "needs a mask"),
        (
            tr.EndTurn(),
            "this decision takes SeatCustomer or ReplaceCustomer or ActivateDignitary or "
            "UseFavour or CastSpell or SellSpell, not EndTurn",
        ),
    ],
)
def test_refusals_say_why(action: tr.Action, why: str) -> None:
    """An illegal action's error names the decision and the reason."""
    game = turn()
    with pytest.raises(tr.IllegalActionError) as caught:
        game.apply(action)
    assert why in str(caught.value) and "'place_customer' of 'Ann'" in str(caught.value)
