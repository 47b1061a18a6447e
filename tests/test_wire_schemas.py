"""The published JSON Schemas of the wire objects: shipped as generated, met by every object
a game produces, and in agreement with the strict readers on hostile variants."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from scenario import RULES
from taverna_rules.core import serialize as wire
from taverna_rules.wire_schemas import WIRE_KINDS, rendered_wire_schemas, wire_schema

ROOT = Path(__file__).resolve().parents[1]
VALIDATORS = {kind: jsonschema.Draft202012Validator(wire_schema(kind)) for kind in WIRE_KINDS}


def played(players: int = 4, seed: int = 8) -> tr.Game:
    from taverna_rules.bots import RandomBot, play_out

    game = tr.new_game(RULES, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=seed)
    play_out(game, [RandomBot(seed + i) for i in range(players)])
    return game


GAME = played()


@pytest.mark.parametrize("game", ["taverna", "cavern_tavern"])
def test_the_shipped_schemas_are_the_generated_ones(game: str) -> None:
    """``schemas/<game>/wire/`` is written by ``taverna schema --game <game>``: regenerate
    it after a change."""
    for name, text in rendered_wire_schemas(game).items():
        assert (ROOT / "schemas" / game / "wire" / name).read_text(encoding="utf-8") == text, name
    for kind in WIRE_KINDS:
        jsonschema.Draft202012Validator.check_schema(wire_schema(kind, game))


def check_whole_games(
    rules: Any, validators: dict[str, jsonschema.Draft202012Validator], counts: tuple[int, ...]
) -> None:
    """Every decision with its legal actions, every event, every view and position
    documents along whole games meet their schemas."""
    for players in counts:
        game = tr.new_game(rules, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=players)
        while not game.over:
            decision = game.decision
            assert decision is not None
            validators["decision"].validate(json.loads(wire.decision_to_json(decision)))
            for action in decision.actions:
                validators["action"].validate(json.loads(wire.action_to_json(action)))
            if len(game.events) % 7 == 0:
                validators["position"].validate(json.loads(tr.dump_position(game.state, "json")))
            game.apply(decision.actions[len(game.events) % len(decision.actions)])
        for event in game.events:
            validators["event"].validate(json.loads(wire.event_to_json(event)))
        for seat in (None, *range(players)):
            validators["view"].validate(json.loads(wire.state_to_json(game.view(seat))))
        validators["position"].validate(json.loads(tr.dump_position(game.state, "json")))


def test_everything_a_game_writes_meets_its_schema() -> None:
    """Every event of whole games (2 to 5 players), every decision along the way with its
    legal actions, every player's view and the position documents."""
    check_whole_games(RULES, VALIDATORS, (2, 3, 5))
    mid = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=1)
    for _ in range(40):
        mid.apply(mid.legal_actions()[0])
    VALIDATORS["position"].validate(json.loads(tr.dump_position(mid.state, "json")))


# ----------------------------------------------------------------------------- agreement
def samples() -> dict[str, list[dict[str, Any]]]:
    game = tr.new_game(RULES, ["Ann", "Bob", "Cy"], seed=3)
    actions: dict[str, dict[str, Any]] = {}
    decisions: list[dict[str, Any]] = []
    while not game.over:
        decision = game.decision
        assert decision is not None
        for action in decision.actions:
            actions.setdefault(action.TYPE, json.loads(wire.action_to_json(action)))
        if len(decisions) < 20:
            decisions.append(json.loads(wire.decision_to_json(decision)))
        game.apply(decision.actions[-1])
    events = {e.TYPE: json.loads(wire.event_to_json(e)) for e in GAME.events}
    return {"action": list(actions.values()), "event": list(events.values()), "decision": decisions}


SAMPLES = samples()
READERS = {
    "action": wire.action_from_json,
    "event": wire.event_from_json,
    "decision": wire.decision_from_json,
}
# Not 1.0: JSON Schema counts it as an integer, the reader (stricter) does not.
ODD_VALUES = [None, True, False, 0, 1, -1, 2**64, 1.5, "", "x", "1", [], [1], {}, {"a": 1}]


def mutated(data: Any, draw: st.DataObject) -> Any:
    """``data`` with one change somewhere: a field dropped, added or given another value."""
    data = copy.deepcopy(data)
    target = data
    path: list[Any] = []
    while isinstance(target, dict | list) and target and draw.draw(st.booleans(), label="deeper"):
        key = draw.draw(st.sampled_from(sorted(target) if isinstance(target, dict) else range(len(target))))
        if not isinstance(target[key], dict | list) or not target[key]:
            break
        path.append(key)
        target = target[key]
    if isinstance(target, dict):
        change = draw.draw(st.sampled_from(["drop", "add", "set"]), label="change")
        keys = sorted(target)
        if change == "drop" and keys:
            del target[draw.draw(st.sampled_from(keys))]
        elif change == "add":
            target[draw.draw(st.sampled_from(["extra", "v", "type", "player"]))] = draw.draw(
                st.sampled_from(ODD_VALUES)
            )
        elif keys:
            target[draw.draw(st.sampled_from(keys))] = draw.draw(st.sampled_from(ODD_VALUES))
    elif isinstance(target, list):
        replace: bool = draw.draw(st.booleans(), label="replace")
        if target and replace:
            target[draw.draw(st.integers(0, len(target) - 1))] = draw.draw(st.sampled_from(ODD_VALUES))
        else:
            target.append(draw.draw(st.sampled_from(ODD_VALUES)))
    return data


@settings(max_examples=400, deadline=None)
@given(kind=st.sampled_from(sorted(READERS)), data=st.data())
def test_the_reader_accepts_exactly_what_the_schema_accepts(kind: str, data: st.DataObject) -> None:
    """A valid object changed in one place (a field dropped or added, a value of another
    JSON type, a bool for an integer...) is read iff its schema accepts it."""
    sample = data.draw(st.sampled_from(SAMPLES[kind]), label="sample")
    variant = mutated(sample, data)
    valid = VALIDATORS[kind].is_valid(variant)
    try:
        READERS[kind](json.dumps(variant))
        read = True
    except tr.ReplayError:
        read = False
    assert read == valid, (variant, valid)


@pytest.mark.parametrize("kind", sorted(READERS))
def test_every_sample_reads_back_and_validates(kind: str) -> None:
    for sample in SAMPLES[kind]:
        assert VALIDATORS[kind].is_valid(sample)
        READERS[kind](json.dumps(sample))


def test_everything_a_cavern_tavern_game_writes_meets_its_schema() -> None:
    """Cavern Tavern's wire schemas (issue #10), along whole games."""
    validators = {
        kind: jsonschema.Draft202012Validator(wire_schema(kind, "cavern_tavern")) for kind in WIRE_KINDS
    }
    check_whole_games(tr.load_rules("cavern_tavern"), validators, (2, 5))
    # A Taverna object is not a Cavern Tavern one.
    assert not validators["action"].is_valid(SAMPLES["action"][0])
