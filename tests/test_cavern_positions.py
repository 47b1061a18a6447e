"""Cavern Tavern's position documents (``cavern-tavern-position/1``): a hand-written
position loads and plays; a hostile one is refused with PositionError, or plays to the
end (issue #10: positions, as Taverna has them)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from cavern import RULES, opening
from mutations import mutate_position, yaml_text
from taverna_rules.games.cavern_tavern.flow import AUTOMATIC, DECISIONS
from taverna_rules.games.cavern_tavern.integrity import expected, whereabouts

HEAD = "format: cavern-tavern-position/1\n"
HAND_WRITTEN = (
    HEAD
    + """round: 3
first: Bob
tables: [thunder_smoke, "", "", "", "", ""]
players:
  - {name: Ann, dice: [1, 3, 6, 6], ingredients: [beer, wine]}
  - {name: Bob, dice: [2, 2, 5, 5], kitchen: 3, vp: {orders: 12}, acted: true}
stack: [{kind: turn, player: Ann}]
"""
)


def test_a_hand_written_position_loads_with_the_rest_in_the_decks() -> None:
    """Left out, the decks and the Cellar's supply hold what the document places nowhere
    else: every card and ingredient of the game is still somewhere exactly once."""
    state = tr.load_position(RULES, HAND_WRITTEN)
    assert state.first == 1 and state.players[1].kitchen == 3 and state.players[1].score == 12
    assert "thunder_smoke" not in state.order_deck and len(state.order_deck) == len(RULES.orders) - 1
    assert state.supply.count("beer") == RULES.constants.ingredient_copies - 1
    assert whereabouts(RULES, state) == expected(RULES)
    game = tr.Game.from_position(RULES, state)
    assert game.decision is not None and game.decision.player == 0
    # Ann has no order: her first turn of the round offers only the orders (rulebook 167-170).
    assert all(type(a).__name__ in ("TakeOrder", "DrawOrder") for a in game.legal_actions())


def test_a_dumped_position_reads_back_equal_in_both_formats() -> None:
    game = opening(3, seed=4)
    for fmt in ("yaml", "json"):
        text = tr.dump_position(game.state, fmt)
        assert "cavern-tavern-position/1" in text.splitlines()[0 if fmt == "yaml" else 1]
        assert tr.load_position(RULES, text) == game.state
    assert json.loads(tr.dump_position(game.state, "json"))["first"] in ("Ann", "Bob", "Cy")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD + "players: [{name: A}]\n", "1 player"),
        (HEAD + "players: [{name: A}, {name: B}]\nroundd: 2\n", "did you mean 'round'"),
        (HEAD + "players: [{name: A}, {name: A2, dice: [0]}]\nstack: [{kind: turn, player: A}]\n", "dice"),
        (HEAD + "players: [{name: A}, {name: B, nasty: 12}]\nstack: [{kind: turn, player: A}]\n", "nasty"),
        (HEAD + "players: [{name: A}, {name: B}]\nfirst: Zed\n", "unknown player 'Zed'"),
        (HEAD + "players: [{name: A}, {name: B, vp: 7}]\n", "vp"),
        (HEAD + "players: [{name: A}, {name: B}]\nplacements: [[cellar_1, A]]\n", "[place, player, dice]"),
        (HEAD + "players: [{name: A}, {name: B, order: no_such_order}]\n", "unknown order"),
        (HEAD + "players: [{name: A}, {name: B, table: 15}]\n", "table 15 is none of 0 to 5"),
        (HEAD + "players: [{name: A}, {name: B}]\nsupply: [beer]\nround: 1\n", "ingredients"),
        (HEAD + "players: [{name: A}, {name: B}]\nstack: [{kind: fly}]\n", "fly"),
        (HEAD + "players: [{name: A}, {name: B}]\nround: 99999999999999999999999\n", "round"),
        (HEAD + "players: [{name: A}, {name: B}]\nrules: abc\n", "rules abc"),
        (HEAD + "players: [{name: A}, {name: B, recipes: [goblin_grog]}]\n", "recipes"),
        (HEAD + "players: [{name: A}, {name: B, obeyed: [beer]}]\n", "obeyed"),
        (HEAD + "players: [{name: A}, {name: B, summons: [4]}]\n", "summons"),
        (HEAD + "players: [{name: A}, {name: B, summons: [3, 3]}]\n", "summons"),
        (HEAD + "players: [{name: A}, {name: B}]\nplacements: [[cellar_1, A, '7']]\n", "not like '1+3+6'"),
        (HEAD + "players: [{name: A}, {name: B}]\nround: 1000000000\n", "round 1000000000 is none of 0 to"),
        (HEAD + "players: [{name: A}, {name: B}]\nround: -1\n", "round -1 is none of 0 to"),
        (HEAD + "players: [{name: A}, {name: B, taken: 4}]\nround: 3\n", "taken after round 3"),
        (HEAD + "players: [{name: A}, {name: B}]\nround: 10\nstack: [round_start]\n", "round 10 is the last"),
        ("format: taverna-position/1\nplayers: []\n", "cavern-tavern-position/1"),
    ],
)
def test_hostile_positions_are_refused(text: str, message: str) -> None:
    with pytest.raises(tr.PositionError) as caught:
        tr.load_position(RULES, text)
    assert message in str(caught.value)


def test_a_step_that_waits_for_nothing_is_refused() -> None:
    """A 3-line position loaded, then after one move Bob's ``keep_item`` had no legal
    action: he had no items drawn to keep. Each decision step of a stack must have a
    legal action in the position (only the effect that pushes it fills what it offers)."""
    text = (
        HEAD
        + "players: [{name: Ann, dice: [1, 2, 3, 4]}, {name: Bob, dice: [1, 2, 3, 4]}]\n"
        + "stack: [{kind: choose_badmouthed, player: Ann}, {kind: keep_item, player: Bob},"
        + " {kind: turn, player: Ann}]\n"
    )
    with pytest.raises(tr.PositionError, match="step 'keep_item' of seat 1 will have no legal action"):
        tr.load_position(RULES, text)
    offered = text.replace("{name: Bob, ", "{name: Bob, offer: [lucky_charm#1, lucky_charm#2], ")
    game = tr.Game.from_position(RULES, tr.load_position(RULES, offered))
    game.apply(game.legal_actions()[0])
    assert game.decision is not None and game.decision.kind == "keep_item" and game.legal_actions()


REFS = ["", "place:cellar_1", "place:nowhere", "item:lucky_charm", "nasty:x", "secret:y"]


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), data=st.data())
def test_a_mutated_position_is_refused_or_plays_to_the_end(
    players: int, seed: int, data: st.DataObject
) -> None:
    game = opening(players, seed=seed)
    for _ in range(data.draw(st.integers(0, 200), label="decisions before the dump")):
        if game.over:
            break
        actions = game.legal_actions()
        game.apply(actions[data.draw(st.integers(0, len(actions) - 1))])
    doc: dict[str, Any] = json.loads(tr.dump_position(game.state, "json"))
    for _ in range(data.draw(st.integers(1, 2), label="mutations")):
        mutate_position(doc, data, sorted({*AUTOMATIC, *DECISIONS}), REFS, ["cellar_1"])
    text = json.dumps(doc) if data.draw(st.booleans(), label="json") else yaml_text(doc)
    try:
        resumed = tr.Game.from_position(RULES, tr.load_position(RULES, text))
    except tr.PositionError:
        return
    for _ in range(2000):
        if resumed.over:
            return
        actions = resumed.legal_actions()
        assert actions, f"a decision without a legal action: {resumed.decision!r}"
        resumed.apply(actions[data.draw(st.integers(0, len(actions) - 1), label="action")])
    raise AssertionError("no end after 2000 decisions")
