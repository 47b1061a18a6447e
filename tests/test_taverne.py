"""Taverne's rules, one scenario a rule, each citing the line of the French rulebook
(``../shared/rulebooks/taverne-de-la-crypte-fr.txt``) it checks; the printed examples
(E1 to E5 of the facts sheet) reproduced."""

from __future__ import annotations

import functools
from typing import Any

import pytest

import taverna_rules as tr
from taverna_rules.games.taverne import (
    GAME,
    Attack,
    BidEnergy,
    Buy,
    CastSpell,
    ChooseCard,
    ChooseCharacter,
    CrasseServed,
    Dodge,
    LeaveTable,
    NameValue,
    PlayAtout,
    PlayerSeated,
    ReturnToTable,
    SpellCast,
    SplitDodges,
    TakeBackAtout,
    TakeSeat,
    WeaponsReturned,
)
from taverna_rules.games.taverne.table import target
from taverna_rules.rules_text import card_texts
from taverne import RULES, comptoir, play, play_randomly, table, until

NAMES = ["Marie", "Pierre", "Cécile", "Xavier", "Jacques"]


def _new(players: int = 4, seed: int = 1, **options: Any) -> tr.Game:
    return tr.new_game(RULES, NAMES[:players], seed=seed, first_player=0, options=options)


# ----------------------------------------------------------------------------- setup
def test_each_player_keeps_one_of_three_characters_at_once() -> None:
    """l.81-82: the Pilier deals 3 Characters to each player, who keeps 1 and puts the
    other 2 under the pile; everyone chooses at once, and the choice is announced."""
    game = _new(4)
    asked = game.decisions
    assert [d.player for d in asked] == [0, 1, 2, 3]
    assert all(len(d.actions) == 3 for d in asked)
    assert len(game.state.characters) == 15 - 12
    kept = [d.actions[1] for d in asked]
    seen_by_bob = game.view(1)
    assert seen_by_bob.players[0].offered == ("?", "?", "?")
    for decision, action in zip(asked, kept, strict=True):
        game.apply(action, player=decision.player)
    assert isinstance(kept[0], ChooseCharacter)
    assert [p.character for p in game.state.players] == [a.character for a in kept]  # type: ignore[attr-defined]
    assert (len(game.state.characters), len(game.state.under)) == (3, 8)


def test_a_comptoir_is_set_up_as_printed() -> None:
    """l.84-89: 1 pint, 30 Energy, the Character's Initial Butin; weapons 1-5 in hand, the
    pile 6 to 9 with the 6 on top."""
    game = _new(3)
    until(game, "spending")
    for seat, me in enumerate(game.state.players):
        assert (me.pints, me.energy) == (1, 30)
        assert me.butin == RULES.character(me.character).butin
        assert me.hand == tuple(f"{v}#{seat + 1}" for v in range(1, 6))
        assert me.top == f"6#{seat + 1}"
        assert me.pile == tuple(f"{v}#{seat + 1}" for v in (7, 8, 9))


def test_the_discovery_game_draws_the_five_named_characters() -> None:
    """l.92-98: only the five named Characters, each drawn at random, no choice."""
    for seed in range(5):
        game = _new(5, seed=seed, discovery=True)
        assert game.decision is not None and game.decision.kind != "keep_character"
        assert sorted(p.character for p in game.state.players) == sorted(RULES.discovery)


# ----------------------------------------------------------------------------- Prestige
def test_pints_are_not_prestige() -> None:
    """E5, l.213-216: 1 pint is Prestige 1, 7 and 10 pints are both Prestige 4, 11 pints
    Prestige 5 (pints 2 to 6: the reconstructed bands 2-3, 4-6)."""
    assert [RULES.prestige(p) for p in range(1, 12)] == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5]


def test_a_pint_is_not_bought_past_the_last_and_never_lost_below_the_first() -> None:
    """l.61, l.214: the meter stops at 11 pints and at 1."""
    game = table(
        comptoir("Marie", 0, "goule", pints=11, butin=2),
        comptoir("Pierre", 1, "homme_serpent", pints=1),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=2,
        stack=[{"kind": "spend", "player": "Marie"}, "call_3"],
    )
    assert Buy("pint") not in game.legal_actions()
    assert Buy("weapon") in game.legal_actions()


# ----------------------------------------------------------------------------- call 2
def test_e1_a_pint_and_the_tonneau_then_two_dodges() -> None:
    """E1, l.133-135: Pierre buys a pint (Prestige 2) and the Tonneau (6); in call 3 he
    may set 0, 1 or 2 weapons aside, not a third."""
    game = table(
        comptoir("Pierre", 0, "goule", pints=1, butin=2),
        comptoir("Marie", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=2,
        stack=[{"kind": "spend", "player": "Pierre"}, "call_3"],
    )
    play(game, Buy("pint"), Buy("weapon"))
    pierre = game.state.players[0]
    assert (RULES.prestige(pierre.pints), pierre.butin) == (2, 0)
    assert "6#1" in pierre.hand and pierre.top == "7#1"
    until(game, "dodging")
    assert game.decision is not None and game.decision.player == 0
    assert Dodge(6) in game.legal_actions()
    play(game, Dodge(2), Dodge(4))
    assert game.decision is None or game.decision.player != 0 or game.decision.kind != "dodging"
    assert game.state.players[0].dodges == ("2#1", "4#1")


def test_a_player_without_butin_is_not_asked_to_spend() -> None:
    """l.118-123: spending is optional; with no Butin there is nothing to ask."""
    game = table(
        comptoir("Marie", 0, "goule", butin=0),
        comptoir("Pierre", 1, "homme_serpent", butin=1),
        comptoir("Cécile", 2, "spadassin_retors", butin=0),
        call=2,
        stack=[{"kind": "spend", "player": "Marie"}, {"kind": "spend", "player": "Pierre"}, "call_3"],
    )
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (1, "spending")


def test_reaching_prestige_5_calls_the_milice_and_wins_at_call_7() -> None:
    """l.124, l.178: a player reaching Prestige 5 calls the Milice; at its arrival, the
    player at Prestige 5 with Energy wins."""
    game = table(
        comptoir("Marie", 0, "goule", pints=10, butin=1),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=2,
        stack=[{"kind": "spend", "player": "Marie"}, "call_3"],
    )
    play(game, Buy("pint"))
    assert game.state.milice == (0,)
    until(game, "none")
    assert game.result is not None and game.result.winners == ("Marie",)


def test_a_milice_tie_goes_to_the_most_butin_then_is_shared_or_to_the_pilier_order() -> None:
    """l.178, l.189: several at Prestige 5, the most Butin wins; still tied, shared by
    default, or the first from the Pilier with ``tie: pilier_order`` (reading A6)."""

    def milice(butins: tuple[int, int], **options: object) -> tuple[str, ...]:
        game = table(
            comptoir("Marie", 0, "goule", pints=11, butin=butins[0]),
            comptoir("Pierre", 1, "homme_serpent", pints=11, butin=butins[1]),
            comptoir("Cécile", 2, "spadassin_retors"),
            call=6,
            milice=[0],
            pilier=1,
            options=options,
            stack=["call_7"],
        )
        assert game.result is not None
        return game.result.winners

    assert milice((3, 5)) == ("Pierre",)
    assert sorted(milice((4, 4))) == ["Marie", "Pierre"]
    assert milice((4, 4), tie="pilier_order") == ("Pierre",)


def test_nobody_called_the_milice_so_prestige_5_loses_a_pint() -> None:
    """l.192: at Prestige 5 with no Milice called, every such player loses a pint (at call
    7, reading A8); called but nobody qualifies, the game goes on (l.190)."""
    game = table(
        comptoir("Marie", 0, "goule", pints=11),
        comptoir("Pierre", 1, "homme_serpent", pints=11, energy=5),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=6,
        stack=["call_7", "call_8", "call_9", "turn_end"],
    )
    assert [p.pints for p in game.state.players[:2]] == [10, 10]
    assert game.result is None


# ----------------------------------------------------------------------------- calls 3-4
def test_dodges_keep_a_weapon_for_the_attack() -> None:
    """l.131, l.140: dodges at most Prestige, and one weapon stays in hand for the
    compulsory attack (reading A4)."""
    game = table(
        comptoir("Marie", 0, "goule", pints=11),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=3,
        stack=[{"kind": "dodges", "player": "Marie"}, "call_4"],
    )
    play(game, Dodge(1), Dodge(2), Dodge(3), Dodge(4))
    assert game.decision is None or game.decision.kind != "dodging" or game.decision.player != 0
    assert game.state.players[0].hand == ("5#1",)


def test_e2_range_five_players() -> None:
    """E2, l.141-152: Laurent may attack his two neighbours with any weapon, the second
    player on each side with an odd weapon only."""
    game = table(
        comptoir("Bourreau", 0, "bourreau_bigleux"),
        comptoir("Goule", 1, "goule"),
        comptoir("Laurent", 2, "homme_a_la_capuche"),
        comptoir("Sorcière", 3, "sorciere_pustuleuse"),
        comptoir("Serpent", 4, "homme_serpent"),
        call=3,
        stack=["call_4"],
    )
    laurent = next(d for d in game.decisions if d.player == 2)
    by_spot: dict[str, set[int]] = {}
    for action in laurent.actions:
        assert isinstance(action, Attack)
        by_spot.setdefault(action.spot, set()).add(action.weapon)
    assert by_spot == {
        "melee_left": {1, 2, 3, 4, 5},
        "melee_right": {1, 2, 3, 4, 5},
        "ranged_left": {1, 3, 5},
        "ranged_right": {1, 3, 5},
    }
    targets = {spot: target(game.state, 2, spot) for spot in by_spot}
    assert targets == {"melee_left": 3, "melee_right": 1, "ranged_left": 4, "ranged_right": 0}


def test_two_players_left_have_no_ranged_attack() -> None:
    """Reading A5: with two players present, the ranged spots would name the attacker."""
    game = table(
        comptoir("Marie", 0, "goule"),
        comptoir("Pierre", 1, "homme_serpent"),
        {"name": "Cécile"},
        call=3,
        stack=["call_4"],
    )
    spots = {a.spot for a in game.decisions[0].actions if isinstance(a, Attack)}
    assert spots == {"melee_left", "melee_right"}


def test_attacks_are_laid_at_once_face_down_and_show_whom() -> None:
    """l.140-146: everyone attacks once, at the same time, face down; the spot is public."""
    game = table(
        comptoir("Marie", 0, "goule"),
        comptoir("Pierre", 1, "homme_serpent", dodges=[1]),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=3,
        stack=["call_4"],
    )
    assert sorted(d.player for d in game.decisions) == [0, 1, 2]
    game.apply(Attack("melee_left", 4), player=0)
    assert game.view(1).commits == ((0, None),)
    game.apply(Attack("ranged_right", 3), player=1)
    game.apply(Attack("melee_right", 2), player=2)
    assert sorted(game.state.attacks) == [(0, 1, "melee_left"), (1, 2, "ranged_right"), (2, 1, "melee_right")]
    assert game.decision is not None and (game.decision.kind, game.decision.player) == ("split", 1)
    assert game.view(1).laid == ((0, "?"), (1, "3#2"), (2, "?"))
    assert "4#1" not in repr(game.events_for(1)) and "4#1" in repr(game.events_for(0))


# ----------------------------------------------------------------------------- call 5
_MARIE_ATTACKS = [
    [0, 1, "melee_left"],
    [1, 0, "melee_right"],
    [2, 0, "ranged_right"],
    [3, 2, "melee_right"],
    [4, 0, "melee_left"],
]
_MARIE_LAID = [[0, "5#1"], [1, "3#2"], [2, "3#3"], [3, "5#4"], [4, "6#5"]]


def _marie_players() -> list[dict[str, Any]]:
    return [
        comptoir("Marie", 0, "goule", pints=7, hand=[3], dodges=[1, 2, 4]),
        comptoir("Pierre", 1, "homme_serpent", hand=[1, 5, 6], top=7, pile=[8, 9], dodges=[2, 4]),
        comptoir("Cécile", 2, "sorciere_pustuleuse", hand=[4, 5], dodges=[1, 2]),
        comptoir("Xavier", 3, "bourreau_bigleux", hand=[1, 2, 3, 4]),
        comptoir("Jacques", 4, "homme_a_la_capuche", hand=[1, 2, 3, 4, 5], top=7, pile=[8, 9]),
    ]


def _marie() -> tr.Game:
    """E3's table: Marie (Prestige 4, 3 dodges) attacked in melee by Pierre (the 3, his
    dodges 2 and 4, the Tonneau bought) and Jacques (the 6), at range by Cécile (the 3, her
    dodges 1 and 2)."""
    return table(
        *_marie_players(),
        call=5,
        attacks=_MARIE_ATTACKS,
        laid=_MARIE_LAID,
        stack=[
            {"kind": "quarrel", "player": "Marie"},
            {"kind": "quarrel", "player": "Pierre"},
            "weapons_back",
            "call_6",
        ],
    )


def test_e3_maries_bad_turn() -> None:
    """E3, l.162-172: Marie splits 2 on Pierre, 1 on Cécile, 0 on Jacques; names 5 and 6
    against Pierre's 3 (hit: -3 Energy, Pierre +1 Butin), 3 against Cécile's 3 (dodged:
    Marie +1 Butin), and Jacques's 6 hits unopposed (-6, Jacques +4 = Marie's Prestige)."""
    game = _marie()
    assert game.decision is not None and game.decision.kind == "split"
    assert game.legal_actions() == tuple(SplitDodges(1, n) for n in range(4))
    play(game, SplitDodges(1, 2))
    assert game.legal_actions() == (SplitDodges(2, 0), SplitDodges(2, 1))
    play(game, SplitDodges(2, 1), NameValue(1, 5), NameValue(1, 6))
    assert (game.state.players[0].energy, game.state.players[1].butin) == (27, 1)
    play(game, NameValue(2, 3))
    marie = game.state.players[0]
    assert (marie.energy, marie.butin) == (21, 1)
    assert game.state.players[4].butin == 4
    assert game.state.players[2].butin == 0


def test_a_defender_names_distinct_values() -> None:
    """l.155: as many different values as dodges on the attack."""
    game = _marie()
    play(game, SplitDodges(1, 3), NameValue(1, 5))
    assert NameValue(1, 5) not in game.legal_actions()
    assert len(game.legal_actions()) == 8


def test_weapons_go_back_small_to_hand_big_under_the_pile() -> None:
    """l.164-165: after the quarrels, weapons in play (attacks and dodges) come back: 1-5
    to hand, 6-9 under the pile."""
    game = _marie()
    until(game, "none", choose=lambda d: d.actions[0], call=6)
    returned = [e for e in game.events if isinstance(e, WeaponsReturned)]
    assert WeaponsReturned(4, (), ("6#5",)) in returned
    pierre = next(e for e in returned if e.player == 1)
    assert sorted(pierre.to_hand) == ["2#2", "3#2", "4#2"] and pierre.under == ()
    index = game.events.index(WeaponsReturned(4, (), ("6#5",)))
    after = functools.reduce(GAME.evolve, game.events[: index + 1], None)
    assert after.players[4].pile[-1] == "6#5" and "6#5" not in after.players[4].hand


# ----------------------------------------------------------------------------- calls 6-9, Sit & Play
def test_a_sonne_player_takes_the_door_and_the_last_one_standing_wins() -> None:
    """l.174-175, l.191: a player still Sonné at call 6 is knocked out (Character to the KO
    pile, pints and Butin lost); one player left with Energy wins."""
    game = table(
        comptoir("Marie", 0, "goule", energy=0, butin=5, pints=5),
        comptoir("Pierre", 1, "homme_serpent", energy=0),
        comptoir("Cécile", 2, "spadassin_retors", energy=3),
        call=5,
        stack=["call_6"],
    )
    assert game.state.ko == ("goule", "homme_serpent")
    assert game.state.players[0].butin == 0 and game.state.players[0].character == ""
    assert game.result is not None and game.result.winners == ("Cécile",)


def test_call_9_gives_a_butin_and_passes_the_pilier_left() -> None:
    """l.183-184: every player with Energy gains 1 Butin (never above 9, l.63); the player
    on the Pilier's left becomes the Pilier."""
    game = table(
        comptoir("Marie", 0, "goule", butin=9),
        comptoir("Pierre", 1, "homme_serpent", butin=2),
        comptoir("Cécile", 2, "spadassin_retors"),
        {"name": "Xavier"},
        call=8,
        pilier=2,
        stack=["call_9", "turn_end"],
    )
    assert [p.butin for p in game.state.players[:3]] == [9, 3, 1]
    assert game.state.pilier == 0  # Xavier, on Cécile's left, is out of the game


def test_a_knocked_out_player_comes_back_between_two_players_of_his_choice() -> None:
    """l.299-301: at the start of a turn he draws 3 Characters, keeps 1, sits between two
    players he chooses, with his Initial Butin plus the highest Prestige at the table; the
    players present gain 1 Butin."""
    game = table(
        comptoir("Marie", 0, "goule", pints=7, butin=1),
        comptoir("Pierre", 1, "homme_serpent", butin=2),
        comptoir("Cécile", 2, "spadassin_retors"),
        {"name": "Xavier", "knocked_out": 1},
        ko=["bourreau_bigleux"],
        turn=2,
        pilier=1,
        stack=["turn_start"],
    )
    assert game.decision is not None and game.decision.kind == "keep_again" and game.decision.player == 3
    assert len(game.legal_actions()) == 3
    pick = game.legal_actions()[0]
    assert isinstance(pick, ChooseCharacter)
    play(game, pick)
    assert game.legal_actions() == (TakeSeat(0), TakeSeat(1), TakeSeat(2))
    play(game, TakeSeat(0))
    xavier = game.state.players[3]
    assert xavier.butin == RULES.character(pick.character).butin + 4
    assert (xavier.energy, xavier.pints) == (30, 1)
    assert game.state.present() == (1, 2, 0, 3)
    assert [p.butin for p in game.state.players[:3]] == [2, 3, 1]


# ----------------------------------------------------------------------------- the end
def test_the_tournament_ends_after_its_turns_and_scores_prestige_butin_and_ko() -> None:
    """l.340-345: 10 points a Prestige point, 1 a Butin, 1 a Character in the KO pile
    (reading A15); the option ``tournament`` is the number of turns."""
    game = table(
        comptoir("Marie", 0, "goule", pints=7, butin=3),
        comptoir("Pierre", 1, "homme_serpent", butin=5, knocked_out=1),
        comptoir("Cécile", 2, "spadassin_retors", pints=4),
        turn=3,
        options={"tournament": 3},
        stack=["turn_end"],
    )
    assert game.result is not None
    assert [(s.name, s.total) for s in game.result.standings] == [
        ("Marie", 43),
        ("Cécile", 30),
        ("Pierre", 16),
    ]


def test_random_games_end_for_three_to_five_players() -> None:
    """No turn limit (l.186-196), yet random play ends: the Milice or the last one standing."""
    for seed in range(6):
        play_randomly(tr.new_game(RULES, NAMES[: 3 + seed % 3], seed=seed), seed)


@pytest.mark.parametrize("bad", [{"tournament": -1}, {"tie": "coin"}])
def test_bad_options_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(tr.OptionError):
        _new(3, **bad)


@pytest.mark.parametrize("players", [3, 7])
def test_ismcts_plays_a_whole_game_by_searching_every_choice(players: int) -> None:
    """Information-set search over the sealed attacks and the hidden hands: every choice
    of the searching seat comes from its search, none at random (7 players: Double
    Taverne, its box chosen by search too)."""
    from taverna_rules.bots import ISMCTSBot, RandomBot

    search = ISMCTSBot(iterations=12, seed=3)
    names = [*NAMES, "Anne", "Paul"][:players]
    game = tr.new_game(RULES, names, seed=11, first_player=players - 1, options={"tournament": 3})
    rng = RandomBot(5)
    searched = 0
    while game.decisions:
        decision = next((d for d in game.decisions if d.player == 0), game.decisions[0])
        seat = game.seat(decision.player)
        if decision.player == 0:
            action = search.choose(seat)
            assert not search.last_fell_back, decision.kind
            searched += search.last_iterations > 0
        else:
            action = rng.choose(seat)
        game.apply(action, player=decision.player)
    assert game.result is not None and searched > 10


# ----------------------------------------------------------------------------- Specialties
def test_a_butin_buys_the_top_specialty_which_the_others_only_count() -> None:
    """l.122, l.270, l.312: one Butin buys the top Specialty into your hand; how many you
    hold is public, which is not."""
    game = table(
        comptoir("Marie", 0, "goule", butin=2),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=2,
        stack=[{"kind": "spend", "player": "Marie"}, "call_3"],
    )
    play(game, Buy("specialty"))
    marie = game.state.players[0]
    assert marie.butin == 1 and len(marie.specialties) == 1
    assert len(game.state.specialty_deck) == 49
    assert game.view(1).players[0].specialties == ("?",)


def test_atouts_in_play_are_at_most_the_prestige_and_come_back_unless_used() -> None:
    """l.277-279: Atouts go into play in call 2, up to your Prestige; one not used this
    turn may be taken back."""
    game = table(
        comptoir("Marie", 0, "goule", pints=2, specialties=["tablier_de_cuir", "bourse_cousue"]),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=2,
        stack=[{"kind": "spend", "player": "Marie"}, "call_3"],
    )
    assert {PlayAtout("tablier_de_cuir"), PlayAtout("bourse_cousue")} <= set(game.legal_actions())
    play(game, PlayAtout("tablier_de_cuir"))
    play(game, PlayAtout("bourse_cousue"))
    assert game.state.players[0].atouts == ("tablier_de_cuir", "bourse_cousue")
    assert not any(isinstance(a, PlayAtout) for a in game.legal_actions())
    assert TakeBackAtout("bourse_cousue") in game.legal_actions()
    play(game, TakeBackAtout("bourse_cousue"))
    assert game.state.players[0].specialties == ("bourse_cousue",)


def test_an_atout_that_acted_this_turn_stays_in_play() -> None:
    """l.279: an Atout used this turn may not be taken back."""
    game = table(
        comptoir("Marie", 0, "goule", atouts=["chope_porte_bonheur"], butin=1),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        turn=1,
        stack=["turn_start"],
    )
    assert game.state.players[0].used == ("chope_porte_bonheur",)
    assert game.state.players[0].butin == 2  # 1 + the Lucky Tankard's Butin at the start of the turn
    until(game, "spending")
    assert TakeBackAtout("chope_porte_bonheur") not in game.legal_actions()


def test_lasting_powers_change_the_damage_of_an_attack() -> None:
    """An Atout that takes 1 off the Energy an attack takes (reconstructed content, l.277)."""
    game = _marie()
    base = game.state.players[0].energy
    players = _marie_players()
    players[0]["atouts"] = ["tablier_de_cuir"]
    armoured = table(
        *players,
        call=5,
        attacks=_MARIE_ATTACKS,
        laid=_MARIE_LAID,
        stack=[{"kind": "quarrel", "player": "Marie"}, "weapons_back", "call_6"],
    )
    for g in (game, armoured):
        play(g, SplitDodges(1, 2), SplitDodges(2, 1), NameValue(1, 5), NameValue(1, 6), NameValue(2, 3))
    assert base - game.state.players[0].energy == 9
    assert base - armoured.state.players[0].energy == 9 - 2  # two hits, one less each


def test_a_crasse_laid_with_a_hit_is_served_at_call_8_and_with_a_dodge_is_discarded() -> None:
    """l.180-182, l.281-282: a Crasse laid face down with an attack is suffered from call 8
    if the attack hit, discarded if it was dodged."""
    game = table(
        comptoir("Marie", 0, "goule", specialties=["gueule_de_bois"]),
        comptoir("Pierre", 1, "homme_serpent", dodges=[1]),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=3,
        stack=["call_4"],
    )
    until(game, "attack")  # Marie holds a Specialty: the round of spells asks her first
    game.apply(Attack("melee_left", 4, "gueule_de_bois"), player=0)
    game.apply(Attack("melee_left", 3), player=1)
    game.apply(Attack("melee_right", 2), player=2)
    assert game.view(1).crasses == ((0, "?"),) and game.view(0).crasses == ((0, "gueule_de_bois"),)
    until(game, "name")
    play(game, NameValue(0, 9))  # Pierre misses Marie's 4: the Crasse will be served
    until(game, "none", call=9)
    assert game.state.players[1].suffers == ("gueule_de_bois",)
    assert any(isinstance(e, CrasseServed) for e in game.events)


def test_a_player_never_suffers_two_crasses() -> None:
    """l.283: with two, he keeps the one he chooses and discards the other."""
    game = table(
        comptoir("Marie", 0, "goule", suffers=["jambe_de_bois"]),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=7,
        attacks=[[1, 0, "melee_right"]],
        crasses=[[1, "poches_trouees"]],
        hits=[1],
        stack=["call_8", "call_9", "turn_end"],
    )
    assert game.decision is not None and game.decision.kind == "keep_crasse"
    assert set(game.legal_actions()) == {ChooseCard("jambe_de_bois"), ChooseCard("poches_trouees")}
    play(game, ChooseCard("poches_trouees"))
    assert game.state.players[0].suffers == ("poches_trouees",)
    assert "jambe_de_bois" in game.state.specialty_discard


def test_the_first_milice_caller_discards_his_crasse() -> None:
    """l.217, l.284: the first to call the Milice in a turn discards the Crasse he suffers."""
    game = table(
        comptoir("Marie", 0, "goule", pints=10, butin=1, suffers=["jambe_de_bois"]),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=2,
        stack=[{"kind": "spend", "player": "Marie"}, "call_3"],
    )
    play(game, Buy("pint"), tr.Pass())
    assert game.state.milice == (0,) and game.state.players[0].suffers == ()


def test_spells_are_cast_at_a_round_of_spells_up_to_the_prestige_and_not_while_sonne() -> None:
    """l.291-296: a Sort at any call, at most Prestige a turn, never while Sonné; the Crypt
    spell of l.288 discards the Crasse you suffer (reconstructed: the Spare Coffin)."""
    game = table(
        comptoir(
            "Marie",
            0,
            "goule",
            specialties=["cercueil_de_secours", "toast_macabre"],
            suffers=["jambe_de_bois"],
        ),
        comptoir("Pierre", 1, "homme_serpent", energy=0, specialties=["resurrection_partielle"]),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=1,
        stack=["call_2"],
    )
    assert game.decision is not None and (game.decision.kind, game.decision.player) == ("cast", 0)
    assert set(game.legal_actions()) == {
        CastSpell("cercueil_de_secours"),
        CastSpell("toast_macabre"),
        tr.Pass(),
    }
    play(game, CastSpell("cercueil_de_secours"))
    marie = game.state.players[0]
    assert marie.suffers == () and marie.spells == 1 and "cercueil_de_secours" in game.state.specialty_discard
    # Prestige 1: no second spell this turn, and Pierre, Sonné, is never asked.
    until(game, "none", call=4)
    assert not any(isinstance(e, SpellCast) and e.player == 1 for e in game.events)
    assert [e.card for e in game.events if isinstance(e, SpellCast)] == ["cercueil_de_secours"]


def test_the_discovery_game_plays_no_specialties() -> None:
    """l.92: the discovery game is played without Specialties."""
    game = _new(3, seed=2, discovery=True)
    assert game.state.specialty_deck == ()
    until(game, "spending")
    assert Buy("specialty") not in game.legal_actions()


def test_every_specialty_is_printed_or_marked_reconstructed_with_its_rules_text() -> None:
    """The 50 Specialties of a box: 20 Atouts, 12 Crasses, 18 Sorts (l.29-35), reconstructed,
    in each of the two boxes the content holds (the Crypt's and our second box)."""
    for box in RULES.boxes:
        kinds = [s.kind for s in RULES.specialties if s.box == box.id]
        assert (kinds.count("atout"), kinds.count("crasse"), kinds.count("sort")) == (20, 12, 18)
    assert all(s.provenance == "reconstructed" for s in RULES.specialties)
    texts = {t.id: t.text for t in card_texts(RULES, "fr")}
    assert texts["cercueil_de_secours"].startswith("La Crypte. Sort")
    english = {t.id: t.text for t in card_texts(RULES, "en")}
    assert "if you have no Specialties in hand: draw 1 Specialty" in english["ver_apprivoise"]  # at_most 0
    assert len(texts) == 2 * (50 + 15)


def test_losing_prestige_sheds_atouts_down_to_it() -> None:
    """l.278: never more Atouts in play than Prestige; one lost with a pint is discarded at
    once, of its owner's choice (reading A10)."""
    game = table(
        comptoir("Marie", 0, "goule", pints=4, atouts=["tablier_de_cuir", "bourse_cousue", "grimoire_moisi"]),
        comptoir("Pierre", 1, "homme_serpent", specialties=["chope_maudite"]),
        comptoir("Cécile", 2, "spadassin_retors"),
        call=1,
        pilier=1,
        stack=["call_2"],
    )
    play(game, CastSpell("chope_maudite"), tr.ChoosePlayer(0))
    assert game.decision is not None and (game.decision.kind, game.decision.player) == ("shed_atout", 0)
    play(game, ChooseCard("bourse_cousue"))
    assert game.state.players[0].atouts == ("tablier_de_cuir", "grimoire_moisi")
    assert RULES.prestige(game.state.players[0].pints) == 2


def test_characters_by_auction() -> None:
    """l.316-318: as many Characters as players laid face up, starting Energy bid in secret
    and revealed together, the lowest bid chooses first; equal bids settled by chance."""
    game = _new(4, seed=3, auction=True)
    assert len(game.state.auction) == 4 and sorted(d.player for d in game.decisions) == [0, 1, 2, 3]
    for seat, energy in enumerate((20, 20, 27, 12)):
        game.apply(BidEnergy(energy), player=seat)
    assert game.state.bids == (20, 20, 27, 12)
    picks = []
    while game.decision is not None and game.decision.kind == "auction_pick":
        picks.append(game.decision.player)
        play(game, game.legal_actions()[0])
    assert picks[0] == 3 and set(picks[1:3]) == {0, 1} and picks[3] == 2
    seated = {e.player: e.energy for e in game.events if isinstance(e, PlayerSeated)}
    assert seated == {0: 20, 1: 20, 2: 27, 3: 12}
    assert game.state.auction == ()


def test_determinizing_redeals_a_players_weapons_among_his_own_places_only() -> None:
    """``Zone(..., per_seat=True)``: another player's hidden weapons (hand, pile, the card
    laid face down) are redealt among his own places, never into another's set."""
    import random

    game = _marie()
    for k in range(5):
        sample = game.determinize(0, random.Random(k))
        assert sample.view(0) == game.view(0)
        for seat, me in enumerate(sample.state.players):
            held = [*me.hand, *me.pile, *me.dodges, *([me.top] if me.top else [])]
            held += [w for a, w in sample.state.laid if a == seat]
            assert sorted(held) == sorted(f"{v}#{seat + 1}" for v in range(1, 10))
    laid = dict(game.state.laid)
    assert any(dict(game.determinize(0, random.Random(k)).state.laid) != laid for k in range(10)), (
        "the others' cards laid face down are drawn anew"
    )


def test_a_player_may_leave_the_table_and_come_back_as_he_left() -> None:
    """l.303-304 (rule option ``absences``): away, nothing touches him and ranges skip his
    seat; he comes back at the start of a turn exactly as he left."""
    game = table(
        comptoir("Marie", 0, "goule", butin=2),
        comptoir("Pierre", 1, "homme_serpent"),
        comptoir("Cécile", 2, "spadassin_retors"),
        comptoir("Xavier", 3, "bourreau_bigleux"),
        turn=1,
        options={"absences": True},
        stack=["turn_start"],
    )
    assert game.decision is not None and game.decision.kind == "away"
    play(game, tr.Pass(), LeaveTable(), tr.Pass(), tr.Pass())
    assert game.state.players[1].absent and game.state.present() == (0, 2, 3)
    before = game.state.players[1]
    until(game, "attack")
    marie = next(d for d in game.decisions if d.player == 0)
    assert {target(game.state, 0, a.spot) for a in marie.actions if isinstance(a, Attack)} == {2, 3}
    until(game, "away")  # the next turn: each player asked, from the Pilier
    assert game.state.players[1] == before
    while game.decision is not None and game.decision.kind == "away":
        play(game, ReturnToTable() if game.decision.player == 1 else tr.Pass())
    assert not game.state.players[1].absent and 1 in game.state.present()


def test_every_step_kind_is_declared_once_and_registered() -> None:
    """Taverne's steps are named through ``taverne.steps`` (a misspelt step is a mypy error):
    every constant names a registered step or decision, and every registered one has its
    constant, besides the effect runtime's own two."""
    from taverna_rules.core.effects import EFFECT, EFFECT_CHOICE
    from taverna_rules.games.taverne import flow, steps

    declared = [value for name, value in vars(steps).items() if name.isupper()]
    assert len(declared) == len(set(declared))
    assert set(declared) == (set(flow.AUTOMATIC) | set(flow.DECISIONS)) - {EFFECT, EFFECT_CHOICE}
