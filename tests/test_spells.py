"""Casting spells (rulebook, turn step 5) and the reconstructed spell deck."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import RULES, from_position, of_type
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import (
    CastSpell,
    ChooseGuildToken,
    ChooseTable,
    TakeFavour,
    UseFavour,
)

# Ann has seated an elf customer in the Open Grimoire and is in the window after income.
WINDOW = """
    format: taverna-position/1
    king: orc
    players:
      - {{name: Ann, coins: {coins}, hand: {hand}, favours: [second_spell#1]}}
      - {{name: Bob, coins: 10}}
      - {{name: Cy, coins: 10}}
    taverns:
      tankard: {{tables: [orc, null, null], deeds: [Ann, null, null]}}
      grimoire: {{tables: [elf, null, null], deeds: [Ann, Bob, null]}}
    castle: [add_beer, gain_level#1, second_spell#2, move_customer#1, guild_token]
    spell_deck: [foresight#2, summons#2, charm#3]
    turn: {{player: Ann, card: c10, people: elf, symbols: [beer], tavern: grimoire, table: 0}}
    stack:
      - {{kind: turn_actions, player: Ann}}
      - {{kind: end_turn, player: Ann}}
      - {{kind: turn, player: Bob}}
"""


def window(hand: str, coins: int = 10) -> tr.Game:
    return from_position(WINDOW.format(hand=hand, coins=coins))


def casts(game: tr.Game) -> set[str]:
    return {a.spell for a in game.legal_actions() if isinstance(a, CastSpell)}


@pytest.mark.parametrize(
    ("spell", "choices", "expected"),
    [
        (
            "ale_blessing#1",
            [],
            [ev.CoinsPaid(0, 1, "spell:ale_blessing"), ev.CoinsGained(0, 3, "spell:ale_blessing")],
        ),
        ("golden_rain#1", [], [ev.CoinsGained(0, 2, "spell:golden_rain")]),  # 2 deeds
        ("forged_deed#1", [], [ev.VPScored(0, 2, "spells")]),
        ("pickpocket#1", [], [ev.CoinsGained(0, 2, "spell:pickpocket")]),
        ("foresight#1", [], [ev.SpellDrawn(0, "foresight#2")]),
        ("counterspell#1", [], [ev.SpellDrawn(0, "foresight#2"), ev.SpellDrawn(0, "summons#2")]),
        ("summons#1", [], [ev.PrivilegesGained(0, 1)]),
        ("charm#1", [taverna.ChoosePeople("human")], [ev.TrackAdvanced(0, "human", 0, 1)]),
        ("royal_audience#1", [TakeFavour("gain_level#1")], [ev.FavourTaken(0, "gain_level#1")]),
        ("guild_seal#1", [ChooseGuildToken("tankard", "lyre")], [ev.GuildTokenPlaced(0, "tankard", "lyre")]),
        ("eviction#1", [ChooseTable("tankard", 0)], [ev.CustomerRemoved(0, "tankard", 0, "orc")]),
        (
            "teleport#1",
            [ChooseTable("tankard", 0), ChooseTable("hall", 3)],
            [ev.CustomerMoved(0, "tankard", 0, "hall", 3, "orc")],
        ),
    ],
)
def test_each_spell(spell: str, choices: list[tr.Action], expected: list[ev.Event]) -> None:
    """Pay the cost, show the card (it stays face up), resolve the effect."""
    game = window(f"[{spell}]")
    cost = RULES.spell(spell).cost
    events = list(game.apply(CastSpell(spell)))
    for choice in choices:
        events += game.apply(choice)
    assert ev.SpellCast(0, spell) in events
    assert [e for e in events if e in expected] == expected
    ann = game.state.players[0]
    assert ann.cast == (spell,) and spell not in ann.hand
    paid = sum(e.amount for e in of_type(events, ev.CoinsPaid))
    assert paid == cost


def test_eviction_climbs_the_removed_peoples_track() -> None:
    """The reconstructed Eviction: remove a seated customer and climb its track."""
    game = window("[eviction#1]")
    game.apply(CastSpell("eviction#1"))
    events = game.apply(ChooseTable("tankard", 0))
    assert of_type(events, ev.TrackAdvanced) == [ev.TrackAdvanced(0, "orc", 0, 1)]
    assert dict(game.state.tiles_removed)["orc"] == 1


def test_one_spell_a_turn_two_with_the_favour() -> None:
    """ "Once per turn you may cast one and only one spell"; the Second spell favour allows
    another."""
    game = window("[ale_blessing#1, pickpocket#1, summons#1]")
    game.apply(CastSpell("ale_blessing#1"))
    assert casts(game) == set()
    with pytest.raises(tr.IllegalActionError, match="cast your spell this turn"):
        game.apply(CastSpell("pickpocket#1"))
    game.apply(UseFavour("second_spell#1"))
    assert casts(game) == {"pickpocket#1", "summons#1"}
    game.apply(CastSpell("pickpocket#1"))
    assert casts(game) == set()


def test_unpayable_or_inapplicable_spells_are_not_offered() -> None:
    """Cast only "as long as the effect is applicable and you can pay the cost"."""
    assert casts(window("[royal_audience#1, ale_blessing#1]", coins=2)) == {"ale_blessing#1"}
    empty_castle = WINDOW.replace(
        "castle: [add_beer, gain_level#1, second_spell#2, move_customer#1, guild_token]", "castle: []"
    )
    game = from_position(empty_castle.format(hand="[royal_audience#1]", coins=10))
    assert casts(game) == set()
    with pytest.raises(tr.IllegalActionError, match="would change nothing"):
        game.apply(CastSpell("royal_audience#1"))


def test_cast_spells_count_for_the_archmage() -> None:
    game = window("[foresight#1]")
    game.apply(CastSpell("foresight#1"))
    from taverna_rules.games.taverna.expressions import COUNTERS

    assert COUNTERS["spells_cast"](game.state, 0) == 1


def test_the_curse_resolves_when_drawn_and_is_replaced() -> None:
    """The Curse applies at once when drawn (our effect: pay 2 coins) and another card is
    drawn in its place."""
    for seed in range(60):
        game = tr.new_game(RULES, ["A", "B", "C", "D", "E"], seed=seed)
        cursed = of_type(game.events, ev.CurseDrawn)
        if cursed:
            victim = cursed[0].player
            assert ev.CoinsPaid(victim, 2, "spell:curse") in game.events
            assert len(game.state.players[victim].hand) == 3
            return
    pytest.fail("no seed among 60 dealt the Curse")


def test_every_spell_has_a_reconstructed_effect_and_note() -> None:
    for spell in RULES.spells:
        assert spell.effect is not None and spell.provenance == "reconstructed" and spell.note
    assert sum(s.copies for s in RULES.spells) == 32


def test_drawing_from_an_empty_deck_gives_nothing() -> None:
    """Finite supplies (ruling #13): a draw from an empty spell deck draws nothing."""
    game = from_position(
        WINDOW.format(hand="[counterspell#1]", coins=10).replace(
            "spell_deck: [foresight#2, summons#2, charm#3]", "spell_deck: [foresight#2]"
        )
    )
    events = game.apply(CastSpell("counterspell#1"))
    assert of_type(events, ev.SpellDrawn) == [ev.SpellDrawn(0, "foresight#2")]
    assert game.state.spell_deck == ()
