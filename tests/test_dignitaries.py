"""The dignitaries (rulebook, turn step 4 and "Dignitaries"), each from a position."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import RULES, from_position, of_type
from taverna_rules.games import taverna
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import (
    ActivateDignitary,
    ChooseDeed,
    ChooseGuildToken,
    SendDignitary,
    TakeFavour,
)
from taverna_rules.games.taverna.applicable import deed_spaces

# Ann has just seated a customer in the Open Grimoire (printed spellbook), where the
# Gob'Trotter and the Princess stand; the Notary is in the Golden Tankard, the Ambassador
# in the Silver Lyre. The stack lists what comes next, the next step first.
WINDOW = """
    format: taverna-position/1
    king: orc
    players:
      - {{name: Ann, coins: {coins}, privileges: {privileges}, tracks: {{elf: 1}}}}
      - {{name: Bob, coins: 10}}
      - {{name: Cy, coins: 10}}
    taverns:
      tankard: {{dignitaries: [notary], deeds: [Bob, Cy, null]}}
      grimoire: {{dignitaries: [gobtrotter, princess], tables: [elf, null, null], deeds: [Ann, null, null]}}
      silver_lyre: {{dignitaries: [ambassador], deeds: [Cy, null, null], guild_tokens: [beer]}}
      hall: {{deeds: [Bob, null, null]}}
    castle: [add_beer, gain_level#1, second_spell#1, move_customer#1, guild_token]
    favour_reserve: [add_mask, change_symbol#1]
    spell_deck: [charm#1, charm#2]
    turn: {{player: Ann, card: c01, people: elf, symbols: {symbols}, tavern: grimoire, table: 0,
           dignitaries_used: {used}}}
    stack:
      - {{kind: turn_actions, player: Ann}}
      - {{kind: end_turn, player: Ann}}
      - {{kind: turn, player: Bob}}
"""


def window(coins: int = 20, privileges: int = 0, symbols: str = "[beer]", used: str = "[]") -> tr.Game:
    return from_position(WINDOW.format(coins=coins, privileges=privileges, symbols=symbols, used=used))


def activations(game: tr.Game) -> set[tuple[str, int, bool]]:
    return {(a.dignitary, a.level, a.extra) for a in game.legal_actions() if isinstance(a, ActivateDignitary)}


def test_only_the_dignitaries_where_the_customer_sits() -> None:
    """Step 4: "a dignitary who is in the tavern where you just placed a customer tile"."""
    assert activations(window()) == {
        ("gobtrotter", 0, False),
        ("gobtrotter", 1, False),
        ("princess", 0, False),
        ("princess", 1, False),
        ("princess", 2, False),
    }


def test_unpayable_levels_are_not_offered() -> None:
    """Pay the cost: with 4 coins only the 3-coin levels remain."""
    assert activations(window(coins=4)) == {("gobtrotter", 0, False), ("princess", 0, False)}


def test_influence_reaches_every_dignitary() -> None:
    """Influence: a lyre on card and tavern lets you use any dignitary, still only one."""
    text = WINDOW.format(coins=20, privileges=0, symbols="[lyre]", used="[]")
    text = text.replace("tavern: grimoire", "tavern: silver_lyre")
    game = from_position(text)
    assert {d for d, _, _ in activations(game)} == {"notary", "gobtrotter", "princess", "ambassador"}
    game.apply(ActivateDignitary("princess", 0))
    game.apply(SendDignitary("hall"))
    game.apply(TakeFavour("add_beer"))
    assert activations(game) == set()  # one activation per turn without privileges


def test_princess_takes_favours_and_the_castle_is_refilled() -> None:
    """Princess: 5 coins for 2 royal favours, then new tiles from the reserve."""
    game = window()
    game.apply(ActivateDignitary("princess", 1))
    decision = game.decision
    assert decision is not None and decision.kind == "send_dignitary"
    # At most two dignitaries in a tavern, and the figure must move.
    assert SendDignitary("grimoire") not in decision.actions
    events = game.apply(SendDignitary("tankard"))
    assert of_type(events, ev.CoinsPaid) == [ev.CoinsPaid(0, 5, "dignitary:princess:1")]
    assert of_type(events, ev.DignitaryMoved) == [ev.DignitaryMoved(0, "princess", "grimoire", "tankard")]
    game.apply(TakeFavour("gain_level#1"))
    events = game.apply(TakeFavour("guild_token"))
    assert of_type(events, ev.CastleRefilled) == [
        ev.CastleRefilled("add_mask"),
        ev.CastleRefilled("change_symbol#1"),
    ]
    ann = game.state.players[0]
    assert ann.coins == 15 and ann.favours == ("gain_level#1", "guild_token")
    assert len(game.state.castle) == 5 and game.state.favour_reserve == ()
    assert game.state.tavern("tankard").dignitaries == ("notary", "princess")


def test_gobtrotter_places_two_different_tokens_and_scores() -> None:
    """Gob'Trotter: 5 coins for 2 guild tokens in the tavern of arrival and 6 VP; never two
    identical tokens in a tavern (nor, by default, the printed symbol: ruling #5)."""
    game = window()
    game.apply(ActivateDignitary("gobtrotter", 1))
    # The Silver Lyre (printed lyre, a beer token) has only the spellbook left: not enough.
    assert SendDignitary("silver_lyre") not in game.legal_actions()
    game.apply(SendDignitary("hall"))  # printed beer
    tokens = game.legal_actions()
    assert set(tokens) == {ChooseGuildToken("hall", "spellbook"), ChooseGuildToken("hall", "lyre")}
    game.apply(ChooseGuildToken("hall", "lyre"))
    assert game.legal_actions() == (ChooseGuildToken("hall", "spellbook"),)
    events = game.apply(ChooseGuildToken("hall", "spellbook"))
    assert of_type(events, ev.VPScored) == [ev.VPScored(0, 6, "dignitaries")]
    assert game.state.tavern("hall").guild_tokens == ("lyre", "spellbook")
    assert dict(game.state.guild_supply) == {"beer": 4, "spellbook": 3, "lyre": 3}


def test_extra_activation_with_two_privileges_never_the_same_twice() -> None:
    """ "Activate one more dignitary in any tavern by discarding two privilege tokens";
    "not allowed to activate the same dignitary twice during a turn"."""
    game = window(privileges=2, used="[princess]")
    offered = activations(game)
    assert ("princess", 0, False) not in offered and ("princess", 0, True) not in offered
    assert ("ambassador", 0, True) in offered and ("notary", 0, True) in offered
    game.apply(ActivateDignitary("ambassador", 1, extra=True))
    events = game.apply(SendDignitary("hall"))
    assert game.state.players[0].privileges == 0 and game.state.privileges_discarded == 2
    assert of_type(events, ev.CoinsPaid) == [ev.CoinsPaid(0, 6, "dignitary:ambassador:1")]
    # Ambassador: 2 levels spread over the tracks, each with its bonus (elf 1 -> 2: a spell).
    game.apply(taverna.ChoosePeople("elf"))
    events = game.apply(taverna.ChoosePeople("orc"))
    ann = game.state.players[0]
    assert ann.tracks == (0, 2, 0, 1)
    assert len(ann.hand) == 1  # the elf bonus at position 2


def test_notary_buys_an_unowned_deed_at_its_price() -> None:
    game = window(used="[gobtrotter, princess]", privileges=2)
    game.apply(ActivateDignitary("notary", 0, extra=True))
    # Ann owns a deed in the Grimoire already: one deed per player per tavern.
    assert deed_spaces(RULES, game.state, 0, "grimoire", 20, 3) == ()
    game.apply(SendDignitary("hall"))
    # Bob's deed there may be taken over too (it is not his last).
    assert set(game.legal_actions()) == {ChooseDeed("hall", 0), ChooseDeed("hall", 1), ChooseDeed("hall", 2)}
    events = game.apply(ChooseDeed("hall", 2))
    assert of_type(events, ev.DeedBought) == [ev.DeedBought(0, "hall", 2, 7, 5)]


def test_notary_takes_over_an_opponents_deed() -> None:
    """An opponent's deed costs its price plus 3; the opponent gets half (rounded down) and
    keeps their VP; never a player's last deed on the board."""
    game = window(used="[gobtrotter, princess]", privileges=2)
    game.apply(ActivateDignitary("notary", 0, extra=True))
    game.apply(SendDignitary("silver_lyre"))
    # Cy's deed there is not Cy's last (Cy also owns one in the Tankard).
    events = game.apply(ChooseDeed("silver_lyre", 0))
    assert of_type(events, ev.DeedTakenOver) == [ev.DeedTakenOver(0, 2, "silver_lyre", 0, 5, 2, 1)]
    assert game.state.players[2].coins == 12 and game.state.players[0].coins == 15
    assert game.state.tavern("silver_lyre").deeds[0] == 0


def test_notary_never_takes_a_last_deed() -> None:
    text = WINDOW.format(coins=20, privileges=2, symbols="[beer]", used="[gobtrotter, princess]")
    text = text.replace("deeds: [Bob, Cy, null]", "deeds: [Bob, null, null]")
    game = from_position(text)
    game.apply(ActivateDignitary("notary", 0, extra=True))
    game.apply(SendDignitary("silver_lyre"))
    assert ChooseDeed("silver_lyre", 0) not in game.legal_actions()  # Cy's only deed


def test_refusals_name_the_dignitary_rule() -> None:
    game = window(used="[princess]")
    with pytest.raises(tr.IllegalActionError, match="already acted this turn"):
        game.apply(ActivateDignitary("princess", 0))
    with pytest.raises(tr.IllegalActionError, match="not where your customer sits"):
        game.apply(ActivateDignitary("notary", 0))
    with pytest.raises(tr.IllegalActionError, match="privilege tokens"):
        game.apply(ActivateDignitary("notary", 0, extra=True))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_use_every_dignitary(players: int) -> None:
    from taverna_rules.bots import RandomBot, play_out

    used: set[str] = set()
    for seed in range(6):
        game = tr.new_game(RULES, ["A", "B", "C", "D", "E"][:players], seed=seed)
        play_out(game, RandomBot(seed))
        used |= {e.dignitary for e in of_type(game.events, ev.DignitaryActivated)}
    assert used == {d.id for d in RULES.dignitaries}


def test_only_one_extra_activation_a_turn() -> None:
    """Two privilege tokens open "one more" activation, not one per pair of tokens."""
    game = window(privileges=6)
    game.apply(ActivateDignitary("notary", 0, extra=True))
    game.apply(SendDignitary("hall"))
    game.apply(ChooseDeed("hall", 1))
    assert not [d for d, _, extra in activations(game) if extra]
    assert game.state.players[0].privileges == 4


def test_the_extra_activation_may_come_before_seating() -> None:
    """ "At any time during your turn": before seating too (the turn's own waits for it)."""
    text = WINDOW.format(coins=20, privileges=2, symbols="[beer]", used="[]")
    text = text.replace("tavern: grimoire, table: 0,", "")
    text = text.replace(
        "      - {kind: turn_actions, player: Ann}",
        "      - {kind: place_customer, player: Ann}\n"
        "      - {kind: income, player: Ann}\n"
        "      - {kind: turn_actions, player: Ann}",
    )
    text = text.replace(
        "grimoire: {dignitaries: [gobtrotter, princess], tables: [elf, null, null]",
        "grimoire: {dignitaries: [gobtrotter, princess], tables: [null, null, null]",
    )
    game = from_position(text)
    assert activations(game) and all(extra for _, _, extra in activations(game))


@pytest.mark.parametrize(
    ("dignitary", "level", "cost", "choices", "expected"),
    [
        ("princess", 0, 3, [TakeFavour("add_beer")], 1),
        (
            "princess",
            2,
            7,
            [TakeFavour("add_beer"), TakeFavour("guild_token"), TakeFavour("move_customer#1")],
            3,
        ),
        ("gobtrotter", 0, 3, [ChooseGuildToken("hall", "lyre")], 3),
        ("ambassador", 0, 3, [taverna.ChoosePeople("human")], 1),
        ("ambassador", 2, 9, [taverna.ChoosePeople("human")] * 3, 3),
    ],
)
def test_every_level_pays_its_cost_and_delivers(
    dignitary: str, level: int, cost: int, choices: list[tr.Action], expected: int
) -> None:
    """Princess 3/5/7 for 1/2/3 favours; Gob'Trotter 3/5 for 1/2 tokens and 3/6 VP;
    Ambassador 3/6/9 for 1/2/3 levels."""
    used = "[]" if dignitary != "ambassador" else "[gobtrotter, princess]"
    game = window(coins=20, privileges=2, used=used)
    extra = dignitary == "ambassador"
    game.apply(ActivateDignitary(dignitary, level, extra=extra))
    events = list(game.apply(SendDignitary("hall")))
    for choice in choices:
        events += game.apply(choice)
    assert of_type(events, ev.CoinsPaid) == [ev.CoinsPaid(0, cost, f"dignitary:{dignitary}:{level}")]
    if dignitary == "princess":
        assert len(of_type(events, ev.FavourTaken)) == expected
    elif dignitary == "gobtrotter":
        assert of_type(events, ev.VPScored) == [ev.VPScored(0, expected, "dignitaries")]
    else:
        assert game.state.players[0].tracks[0] == expected


def test_an_exhausted_guild_token_supply_is_respected() -> None:
    """Finite supplies (ruling #13): with no lyre or spellbook token left, the Great Hall
    (printed beer) can take no token, so the Gob'Trotter cannot go there."""
    text = WINDOW.format(coins=20, privileges=0, symbols="[beer]", used="[]")
    text = text.replace("    castle:", "    guild_supply: {beer: 4, spellbook: 0, lyre: 0}\n    castle:")
    game = from_position(text)
    game.apply(ActivateDignitary("gobtrotter", 0))
    assert SendDignitary("hall") not in game.legal_actions()
