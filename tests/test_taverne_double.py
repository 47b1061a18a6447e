"""Taverne's variants for more than 5 players (l.319-328): Double Taverne, two boxes played
together, and long range. The second box is ours (``cards/taverne/port``, reconstructed):
the tests read its cards from the rule set, never by a printed name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import taverna_rules as tr
from taverna_rules.games.taverne import (
    Attack,
    Buy,
    CastSpell,
    ChooseOrigin,
    OriginChosen,
    SpecialtyDrawn,
)
from taverna_rules.games.taverne.table import target
from taverne import RULES, comptoir, play, play_randomly, table

NAMES = ["Marie", "Pierre", "Cécile", "Xavier", "Jacques", "Laurent", "Anne", "Paul", "Zoé", "Léa"]
CRYPT, PORT = (box.id for box in RULES.boxes)
BASE_ONLY = Path(__file__).resolve().parents[1] / "cards" / "taverne" / "base"


def _of(box: str, kind: str = "") -> list[str]:
    if not kind:
        return [c.id for c in RULES.characters if c.box == box]
    return [s.id for s in RULES.specialties if s.box == box and s.kind == kind]


def test_the_bundled_content_holds_two_boxes_and_the_second_is_ours() -> None:
    """l.51, l.319: two boxes seat up to 10; the Crypt is the box of the rulebook, the
    second box is reconstructed, every card of it labelled so."""
    assert RULES.supported_players() == (3, 4, 5, 6, 7, 8, 9, 10)
    assert [b.provenance for b in RULES.boxes] == ["rulebook", "reconstructed"]
    assert len(_of(PORT)) == 15
    assert [len(_of(PORT, kind)) for kind in ("atout", "crasse", "sort")] == [20, 12, 18]
    port = [c.provenance for c in RULES.characters if c.box == PORT]
    port += [s.provenance for s in RULES.specialties if s.box == PORT]
    assert set(port) == {"reconstructed"}
    one_box = tr.load_rules("taverne", BASE_ONLY, base=False)
    assert one_box.supported_players() == (3, 4, 5)


def test_more_than_five_players_choose_their_taverne_in_turn_from_the_piliers_left() -> None:
    """l.320-321: two piles of Characters; the player on the Pilier's left chooses his
    Taverne of origin, is dealt three of its Characters and keeps one, then the next
    player; the Pilier, who deals, comes last."""
    game = tr.new_game(RULES, NAMES[:6], seed=4, first_player=2)
    assert dict(game.events[0].options)["double"] is True  # type: ignore[attr-defined]
    assert len(game.state.characters) == 30
    assert len(game.state.specialty_deck) == 100
    order = []
    while game.decision is not None and game.decision.kind == "origin":
        seat = game.decision.player
        order.append(seat)
        assert set(game.legal_actions()) == {ChooseOrigin(CRYPT), ChooseOrigin(PORT)}
        box = PORT if seat % 2 else CRYPT
        game.apply(ChooseOrigin(box))
        offered = game.state.players[seat].offered
        assert len(offered) == 3 and {RULES.box_of(c) for c in offered} == {box}
        assert game.decision is not None and game.decision.kind == "keep_character"
        assert [d.player for d in game.decisions] == [seat]
        game.apply(game.legal_actions()[0])
        assert RULES.box_of(game.state.players[seat].character) == box
    assert order == [3, 4, 5, 0, 1, 2]
    lines = [line for line in game.narrate(lang="fr") if " vient d" in line]
    assert lines[:2] == ["Xavier vient du Tripot du Port.", "Jacques vient de La Crypte."]  # de + Le: du
    assert len(lines) == 6


def test_a_taverne_with_no_character_left_is_not_offered_to_a_player_coming_back() -> None:
    """l.251, l.299-300, l.320: a knocked-out player coming back chooses his Taverne again,
    among those with a Character left in the pile or under it."""
    crypt, port = _of(CRYPT), _of(PORT)
    game = table(
        comptoir("Marie", 0, crypt[0]),
        comptoir("Pierre", 1, crypt[1]),
        comptoir("Cécile", 2, port[0]),
        {"name": "Xavier", "knocked_out": 1},
        ko=port[1:],
        characters=crypt[2:],
        options={"double": True},
        turn=2,
        stack=["turn_start"],
    )
    assert game.decision is not None and (game.decision.kind, game.decision.player) == ("origin", 3)
    assert game.legal_actions() == (ChooseOrigin(CRYPT),)
    play(game, ChooseOrigin(CRYPT))
    assert game.decision is not None and game.decision.kind == "keep_again"
    assert {RULES.box_of(c) for c in game.state.players[3].offered} == {CRYPT}


def _double_table(**state: Any) -> tr.Game:
    crypt, port = _of(CRYPT), _of(PORT)
    return table(
        comptoir("Marie", 0, port[0], butin=2, specialties=[_of(CRYPT, "sort")[0]]),
        comptoir("Pierre", 1, crypt[0]),
        comptoir("Cécile", 2, crypt[1]),
        options={"double": True},
        **state,
    )


def test_butin_buys_only_specialties_of_ones_own_taverne() -> None:
    """l.323: a Butin buys the top Specialty of one's own Taverne only."""
    game = _double_table(call=2, stack=[{"kind": "spend", "player": "Marie"}, "call_3"])
    for _ in range(2):
        play(game, Buy("specialty"))
    drawn = [e.card for e in game.events if isinstance(e, SpecialtyDrawn)]
    assert len(drawn) == 2 and {RULES.box_of(c) for c in drawn} == {PORT}


def test_a_spent_pile_takes_back_only_its_own_taverne_and_every_view_follows() -> None:
    """l.265, l.322: each box's pile is renewed apart: Marie's Taverne's pile spent, the
    cards of her box put under it come back; those of the other box stay under theirs. A
    view (where the cards under a pile are hidden) folds the same log."""
    held = _of(CRYPT, "sort")[0]  # in Marie's hand (_double_table)
    crypt = [c for c in _of(CRYPT, "atout") + _of(CRYPT, "sort") if c != held]
    port = _of(PORT, "atout") + _of(PORT, "sort") + _of(PORT, "crasse")
    others = _of(CRYPT, "crasse")
    game = _double_table(
        call=2,
        stack=[{"kind": "spend", "player": "Marie"}, "call_3"],
        specialty_deck=sorted([crypt[0], *crypt[3:], *others]),
        specialty_discard=[port[0], crypt[1]],
        specialty_buried=[*port[1:], crypt[2]],
    )
    play(game, Buy("specialty"))
    state = game.state
    assert state.specialty_discard == (crypt[1],) and state.specialty_buried == (crypt[2],)
    assert RULES.box_of(state.players[0].specialties[-1]) == PORT
    assert len([c for c in state.specialty_deck if RULES.box_of(c) == PORT]) == len(port) - 1
    for seat in (None, 0, 1):
        assert game.narrate(seat)
        folded = None
        for event in game.events_for(seat):
            folded = game.module.evolve(folded, event)
        assert folded == game.view(seat)


def test_a_specialty_of_another_taverne_is_played_with_its_own_formula() -> None:
    """l.297, l.324: a Specialty of the other Taverne, obtained otherwise, plays normally,
    cast with that Taverne's formula."""
    game = _double_table(call=1, stack=["call_2"])
    spell = _of(CRYPT, "sort")[0]
    assert game.decision is not None and CastSpell(spell) in game.legal_actions()
    play(game, CastSpell(spell))
    line = next(line for line in game.narrate(lang="fr") if "lance" in line)
    assert "CERCUEIL" in line and RULES.box(PORT).formula.fr not in line


def _ring(players: int, dodges: dict[int, list[int]], **state: Any) -> tr.Game:
    characters = [*_of(CRYPT), *_of(PORT)]
    seats = [comptoir(NAMES[s], s, characters[s], dodges=dodges.get(s, [])) for s in range(players)]
    return table(*seats, options={"double": True, "long_range": True}, call=3, stack=["call_4"], **state)


def test_long_range_reaches_the_xth_player_x_the_attackers_dodges() -> None:
    """l.326-327 and reading A16: at long range a ranged attack reaches the X-th player on
    that side, X the weapons its attacker set aside to dodge; with none, nobody."""
    game = _ring(8, {0: [2, 4, 5], 1: [2], 2: []})
    assert target(game.state, 0, "ranged_left") == 3
    assert target(game.state, 0, "ranged_right") == 5
    assert target(game.state, 1, "ranged_left") == 2 and target(game.state, 1, "ranged_right") == 0
    assert target(game.state, 2, "ranged_left") == -1

    def attacks(seat: int) -> list[Attack]:
        asked = next(d for d in game.decisions if d.player == seat)
        return [a for a in asked.actions if isinstance(a, Attack)]

    assert {a.spot for a in attacks(2)} == {"melee_left", "melee_right"}
    assert {a.weapon for a in attacks(0) if a.spot == "ranged_left"} == {1, 3}


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (5, {"long_range": True}, "long_range is a variant for more than 5 players"),
        (6, {"discovery": True}, "discovery game has 5 Characters"),
    ],
)
def test_variants_are_refused_where_the_table_does_not_fit(
    players: int, options: dict[str, Any], words: str
) -> None:
    with pytest.raises(tr.OptionError, match=words):
        tr.new_game(RULES, NAMES[:players], seed=1, options=options)


def test_double_taverne_needs_a_second_box() -> None:
    """l.319: Double Taverne mixes two boxes; content with one cannot play it."""
    one_box = tr.load_rules("taverne", BASE_ONLY, base=False)
    with pytest.raises(tr.OptionError, match="holds one"):
        tr.new_game(one_box, NAMES[:4], seed=1, options={"double": True})
    with pytest.raises(tr.OptionError):
        tr.new_game(one_box, NAMES[:6], seed=1)


def test_a_card_of_an_unknown_box_is_located(tmp_path: Path) -> None:
    """A box nobody declared is an error where it is written: once at the ``box:`` a file
    gives all its cards, at the card that names its own."""
    stray = tmp_path / "characters.yaml"
    stray.write_text(
        "format: 1\nkind: characters\nbox: porte\ncharacters:\n"
        "  - {id: mousse, name: {en: Cabin Boy, fr: Mousse}, butin: 2}\n"
        "  - {id: vigie, name: {en: Lookout, fr: Vigie}, butin: 1}\n"
        "  - {id: cambusier, name: {en: Steward, fr: Cambusier}, butin: 1, box: pot}\n",
        encoding="utf-8",
    )
    report = tr.validate(stray, game="taverne")
    found = [(p.line, p.message, p.hint) for p in report.problems if p.code == "unknown-reference"]
    assert found == [
        (3, "the cards of this file come from an unknown box 'porte'", "did you mean 'port'?"),
        (7, "'cambusier' comes from an unknown box 'pot'", "did you mean 'port'?"),
    ]


def test_a_pack_with_a_box_of_its_own_hears_what_it_forgot(tmp_path: Path) -> None:
    """A pack that declares a box but whose file of cards names none (its cards would join
    the Crypt), and a box too small to deal three Characters: warnings, located."""
    pack = tmp_path / "cave"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "format: 1\nkind: pack\nid: cave\ngame: taverne\nname: {en: Cellar, fr: Cave}\n"
        "version: '1.0'\nextends: [base]\n",
        encoding="utf-8",
    )
    (pack / "boxes.yaml").write_text(
        "format: 1\nkind: boxes\nboxes:\n  - {id: cave, name: {en: The Cellar, fr: La Cave}, "
        "formula: {en: CORK!, fr: BOUCHON !}}\n",
        encoding="utf-8",
    )
    (pack / "characters.yaml").write_text(
        "format: 1\nkind: characters\ncharacters:\n  - {id: sommelier, name: {en: Sommelier, fr: Sommelier}, "
        "butin: 2, box: cave}\n",
        encoding="utf-8",
    )
    (pack / "specialties.yaml").write_text(
        "format: 1\nkind: specialties\nspecialties:\n  - {id: tire_bouchon, kind: sort, "
        "name: {en: Corkscrew, fr: Tire-bouchon}, power: {effect: {gain_butin: {amount: 1}}}}\n",
        encoding="utf-8",
    )
    report = tr.validate(pack, game="taverne")
    assert not report.errors, report
    warned = {(Path(p.file).name, p.code): p.message for p in report.warnings}
    assert "join The Crypt, not 'cave'" in warned[("specialties.yaml", "box-missing")]
    assert "'cave' has 1 Characters" in warned[("boxes.yaml", "too-few-cards")]


@pytest.mark.parametrize("players", [6, 8, 10])
def test_random_double_taverne_games_end_and_replay(players: int) -> None:
    """Random play with two boxes ends, and its log replays to the same state."""
    game = tr.new_game(RULES, NAMES[:players], seed=players, options={"long_range": players > 6})
    play_randomly(game, players)
    assert sum(isinstance(e, OriginChosen) for e in game.events) >= players
    state = None
    for event in game.events:
        if isinstance(event, SpecialtyDrawn) and event.bought:
            assert state is not None
            assert RULES.box_of(event.card) == RULES.box_of(state.players[event.player].character)
        state = game.module.evolve(state, event)
