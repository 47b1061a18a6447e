"""Recorded Taverna games and positions, kept so that a change of the engine's inside
(issue #9: the generic core) can be checked against what the engine did before it.

``tests/recorded/games/*.json`` are whole games (every player count, the default options
and every option switched), each with its log, the rules fingerprint it was played with
and its final result; ``tests/recorded/positions/*.yaml`` are mid-game positions, each
with the pending decision it showed. Today's engine must replay every log, verified
event by event, to the same result, and load every position to the same decision.

Re-record only when a change of the rules is intended (say why in the changelog)::

    .venv/bin/python -m tests.test_recorded_games --record
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import taverna_rules as tr
from taverna_rules.bots import RandomBot
from taverna_rules.core import serialize
from taverna_rules.games import taverna

HERE = Path(__file__).resolve().parent / "recorded"
GAMES = HERE / "games"
POSITIONS = HERE / "positions"
RULES = tr.load_rules()
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
#: Every option switched from its default (all of them are bools today).
SWITCHED = {o.id: not o.default for o in RULES.options if o.type == "bool"}
#: Decisions after which a game's position is recorded.
POSITION_STEPS = (20, 60)


def setups() -> list[tuple[str, int, dict[str, Any]]]:
    """(name, players, options) of every recorded game."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for players in RULES.constants.player_counts:
        out.append((f"p{players}-default", players, {}))
        out.append((f"p{players}-switched", players, dict(SWITCHED)))
    return out


def result_data(game: tr.Game) -> Any:
    assert game.result is not None
    return json.loads(json.dumps(serialize.CONVERTER.unstructure(game.result)))


def decision_data(game: tr.Game) -> Any:
    decision = game.decision
    assert decision is not None
    return json.loads(serialize.decision_to_json(decision))


def record() -> list[Path]:
    """Play and write every recorded game and position; return the files written."""
    written = []
    GAMES.mkdir(parents=True, exist_ok=True)
    POSITIONS.mkdir(parents=True, exist_ok=True)
    for index, (name, players, options) in enumerate(setups()):
        game = tr.new_game(RULES, NAMES[:players], seed=1000 + index, options=options)
        bot = RandomBot(index)
        steps = 0
        while (decision := game.decision) is not None:
            if steps in POSITION_STEPS:
                stem = POSITIONS / f"{name}-at-{steps}"
                stem.with_suffix(".yaml").write_text(tr.dump_position(game.state), encoding="utf-8")
                stem.with_suffix(".decision.json").write_text(
                    json.dumps(decision_data(game), indent=1, sort_keys=True) + "\n", encoding="utf-8"
                )
                written += [stem.with_suffix(".yaml"), stem.with_suffix(".decision.json")]
            game.apply(bot.choose(game.seat(decision.player)))
            steps += 1
        data = {
            "about": f"{players} players, options {options or 'as default'}, random legal play",
            "rules": RULES.fingerprint,
            "result": result_data(game),
            "events": json.loads(serialize.events_to_json(game.events)),
        }
        path = GAMES / f"{name}.json"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written


RECORDED_GAMES = sorted(GAMES.glob("*.json"))
RECORDED_POSITIONS = sorted(POSITIONS.glob("*.yaml"))


def test_every_setup_is_recorded() -> None:
    assert sorted(p.stem for p in RECORDED_GAMES) == sorted(name for name, _, _ in setups())
    assert len(RECORDED_POSITIONS) == len(setups()) * len(POSITION_STEPS)


@pytest.mark.parametrize("path", RECORDED_GAMES, ids=lambda p: p.stem)
def test_a_recorded_game_replays_to_the_same_result(path: Path) -> None:
    """Verified replay recomputes every event from the rules; the final standings, ties
    and VP breakdowns are the recorded ones."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"] == RULES.fingerprint, (
        "the base game's rules changed since the games were recorded: if that is intended, "
        "say why in the changelog and re-record (python -m tests.test_recorded_games --record)"
    )
    game = tr.replay(RULES, serialize.events_from_json(json.dumps(data["events"])))
    assert game.over and result_data(game) == data["result"]


@pytest.mark.parametrize("path", RECORDED_POSITIONS, ids=lambda p: p.stem)
def test_a_recorded_position_loads_to_the_same_decision(path: Path) -> None:
    state = tr.load_position(RULES, path.read_text(encoding="utf-8"))
    game = tr.Game.from_position(RULES, state)
    expected = json.loads(path.with_suffix(".decision.json").read_text(encoding="utf-8"))
    assert decision_data(game) == expected
    assert tr.dump_position(state) == path.read_text(encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--record", action="store_true", help="play and write every recorded game again")
    args = parser.parse_args(argv)
    if not args.record:
        parser.print_help()
        return 0
    written = record()
    print(f"{len(written)} file(s) written under {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


def test_old_logs_are_upcast_and_records_do_not_affect_verification() -> None:
    """The recorded logs predate version 2 of ``GameStarted``: they read as Taverna with an
    unknown engine and no packs recorded, and still verify; a log written by another
    engine version verifies too (the records are left out of comparisons)."""
    data = json.loads(RECORDED_GAMES[0].read_text(encoding="utf-8"))
    assert data["events"][0]["v"] == 1
    events = serialize.events_from_json(json.dumps(data["events"]))
    first = events[0]
    assert isinstance(first, taverna.GameStarted)
    assert (first.game, first.engine, first.packs) == ("taverna", "", ())
    fresh = tr.new_game(RULES, ["Ann", "Bob"], seed=3)
    started = fresh.events[0]
    assert isinstance(started, taverna.GameStarted) and started.engine == tr.__version__
    assert started.packs == (("base", RULES.packs[0].version),)
    relabelled = [attrs.evolve(started, engine="0.0.1", packs=()), *fresh.events[1:]]
    assert tr.replay(RULES, relabelled).state == fresh.state
