"""Recorded games and positions, kept so that a change of the engine's inside (issue #9:
the generic core) can be checked against what the engine did before it.

``tests/recorded/games/*.json`` are whole games of Taverna (every player count, the
default options and every option switched), each with its log, the rules fingerprint it
was played with and its final result; ``tests/recorded/positions/*.yaml`` are mid-game
positions, each with the pending decision it showed. ``tests/recorded/taverne/`` holds
Taverne's the same way (each variant once, bounded by the tournament option). Today's
engine must replay every log, verified event by event, to the same result, and load every
position to the same decision.

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
#: Decisions after which a game's position is recorded.
POSITION_STEPS = (20, 60)


@attrs.frozen
class Corpus:
    """The recorded games of one game: ``setups`` as (name, players, options), under
    ``folder`` (its ``games`` and ``positions``)."""

    rules: Any
    folder: Path
    setups: tuple[tuple[str, int, dict[str, Any]], ...]
    names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")

    @property
    def games(self) -> Path:
        return self.folder / "games"

    @property
    def positions(self) -> Path:
        return self.folder / "positions"


def _taverna() -> Corpus:
    rules = tr.load_rules()
    # Every option switched from its default (all of them are bools today).
    switched = {o.id: not o.default for o in rules.options if o.type == "bool"}
    setups = [
        (f"p{players}-{name}", players, options)
        for players in rules.constants.player_counts
        for name, options in (("default", {}), ("switched", dict(switched)))
    ]
    return Corpus(rules, HERE, tuple(setups))


def _taverne() -> Corpus:
    # Every variant once, each bounded by the tournament's turns (no turn limit otherwise).
    rules = tr.load_rules("taverne")
    setups = (
        ("p3-default", 3, {"tournament": 5}),
        ("p4-auction-absences", 4, {"tournament": 5, "auction": True, "absences": True}),
        ("p5-discovery-tie", 5, {"tournament": 5, "discovery": True, "tie": "pilier_order"}),
        ("p7-double", 7, {"tournament": 4}),
        ("p9-double-long-range", 9, {"tournament": 3, "long_range": True}),
    )
    return Corpus(rules, HERE / "taverne", setups)


def _dragons() -> Corpus:
    # Each player count once, the modules and the readings' options in turn.
    rules = tr.load_rules(game="taverns_and_dragons")
    setups = (
        ("p2-first-game", 2, {"first_game": True}),
        ("p3-missions-events", 3, {"missions": True, "events": True}),
        (
            "p4-powers-next-free",
            4,
            {"tavern_powers": True, "first_player_tie": "next", "recipe_slot": "free"},
        ),
        ("p5-every-module", 5, {"missions": True, "events": True, "tavern_powers": True}),
    )
    return Corpus(rules, HERE / "taverns_and_dragons", setups)


CORPORA = {"taverna": _taverna(), "taverne": _taverne(), "taverns_and_dragons": _dragons()}
RULES = CORPORA["taverna"].rules


def result_data(game: tr.Game) -> Any:
    assert game.result is not None
    return json.loads(json.dumps(serialize.CONVERTER.unstructure(game.result)))


def decision_data(game: tr.Game) -> Any:
    decision = game.decision
    assert decision is not None
    return json.loads(serialize.decision_to_json(decision))


def record(corpus: Corpus) -> list[Path]:
    """Play and write every recorded game and position of ``corpus``; return the files
    written."""
    written = []
    corpus.games.mkdir(parents=True, exist_ok=True)
    corpus.positions.mkdir(parents=True, exist_ok=True)
    for index, (name, players, options) in enumerate(corpus.setups):
        game = tr.new_game(corpus.rules, corpus.names[:players], seed=1000 + index, options=options)
        bot = RandomBot(index)
        steps = 0
        while (decision := game.decision) is not None:
            if steps in POSITION_STEPS:
                stem = corpus.positions / f"{name}-at-{steps}"
                stem.with_suffix(".yaml").write_text(tr.dump_position(game.state), encoding="utf-8")
                stem.with_suffix(".decision.json").write_text(
                    json.dumps(decision_data(game), indent=1, sort_keys=True) + "\n", encoding="utf-8"
                )
                written += [stem.with_suffix(".yaml"), stem.with_suffix(".decision.json")]
            game.apply(bot.choose(game.seat(decision.player)))
            steps += 1
        data = {
            "about": f"{players} players, options {options or 'as default'}, random legal play",
            "rules": corpus.rules.fingerprint,
            "result": result_data(game),
            "events": json.loads(serialize.events_to_json(game.events)),
        }
        path = corpus.games / f"{name}.json"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
        written.append(path)
    return written


RECORDED_GAMES = [(game, p) for game, c in CORPORA.items() for p in sorted(c.games.glob("*.json"))]
RECORDED_POSITIONS = [(game, p) for game, c in CORPORA.items() for p in sorted(c.positions.glob("*.yaml"))]


def _id(case: tuple[str, Path]) -> str:
    return f"{case[0]}-{case[1].stem}"


@pytest.mark.parametrize("game", CORPORA)
def test_every_setup_is_recorded(game: str) -> None:
    corpus = CORPORA[game]
    assert sorted(p.stem for p in corpus.games.glob("*.json")) == sorted(name for name, _, _ in corpus.setups)
    assert len(list(corpus.positions.glob("*.yaml"))) == len(corpus.setups) * len(POSITION_STEPS)


@pytest.mark.parametrize("case", RECORDED_GAMES, ids=_id)
def test_a_recorded_game_replays_to_the_same_result(case: tuple[str, Path]) -> None:
    """Verified replay recomputes every event from the rules; the final standings, ties
    and score breakdowns are the recorded ones."""
    rules = CORPORA[case[0]].rules
    data = json.loads(case[1].read_text(encoding="utf-8"))
    assert data["rules"] == rules.fingerprint, (
        f"{case[0]}'s rules changed since the games were recorded: if that is intended, "
        "say why in the changelog and re-record (python -m tests.test_recorded_games --record)"
    )
    game = tr.replay(rules, serialize.events_from_json(data["events"], game=case[0]))
    assert game.over and result_data(game) == data["result"]


@pytest.mark.parametrize("case", RECORDED_POSITIONS, ids=_id)
def test_a_recorded_position_loads_to_the_same_decision(case: tuple[str, Path]) -> None:
    rules, path = CORPORA[case[0]].rules, case[1]
    state = tr.load_position(rules, path.read_text(encoding="utf-8"))
    game = tr.Game.from_position(rules, state)
    expected = json.loads(path.with_suffix(".decision.json").read_text(encoding="utf-8"))
    assert decision_data(game) == expected
    assert tr.dump_position(state) == path.read_text(encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--record", action="store_true", help="play and write every recorded game again")
    parser.add_argument("--game", choices=sorted(CORPORA), action="append", help="only these games' corpora")
    args = parser.parse_args(argv)
    if not args.record:
        parser.print_help()
        return 0
    written = [path for game in args.game or sorted(CORPORA) for path in record(CORPORA[game])]
    print(f"{len(written)} file(s) written under {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


def test_old_logs_are_upcast_and_records_do_not_affect_verification() -> None:
    """The recorded logs predate version 2 of ``GameStarted``: they read as Taverna with an
    unknown engine and no packs recorded, and still verify; a log written by another
    engine version verifies too (the records are left out of comparisons)."""
    data = json.loads(RECORDED_GAMES[0][1].read_text(encoding="utf-8"))
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
