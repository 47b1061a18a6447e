"""The conformance kit (tools/conformance/): the base game passes, broken pieces are
caught with a seed that reproduces them, and coverage counts what the games did."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import taverna_rules as tr
from taverna_rules.bots import RandomBot, play_out
from taverna_rules.core import serialize
from taverna_rules.core.engine import Engine, Trace
from taverna_rules.core.replay import fold
from taverna_rules.core.views import Visibility
from taverna_rules.games.taverna import effects
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.flow import resolve_ref
from taverna_rules.games.taverna.state import GameState, Task
from taverna_rules.tools import conformance
from taverna_rules.tools.conformance import (
    CHECKS,
    ConformanceReport,
    check_game,
    checks,
    game_seed,
    player_names,
    run_checks,
)

RULES = tr.load_rules()


@pytest.fixture(scope="module")
def base_report() -> ConformanceReport:
    """Two games for each player count of the base game."""
    return run_checks(RULES, games=2, seed=0)


# ----------------------------------------------------------------------------- the base game
def test_the_base_game_passes_and_lists_coverage(base_report: ConformanceReport) -> None:
    report = base_report
    assert report.ok, report.format_text()
    assert report.failures == ()
    assert report.games_played == tuple((n, 2) for n in RULES.constants.player_counts)
    assert report.rules == RULES.fingerprint and report.seed == 0 and report.options == ()

    keys = [table.key for table in report.coverage.tables]
    assert keys == [
        "spells",
        "favours",
        "dignitary_levels",
        "customer_cards",
        "track_bonuses",
        "royal_scorings",
        "ops",
    ]
    # Every item of the content is listed, exercised or not.
    assert [item for item, _ in report.coverage.table("spells").counts] == [s.id for s in RULES.spells]
    assert len(report.coverage.table("customer_cards").counts) == len(RULES.customers)
    # Eight random games always pick customer cards, choose royal scorings, advance tracks.
    for key in ("customer_cards", "royal_scorings", "track_bonuses", "ops"):
        assert report.coverage.table(key).exercised, key
    ops = report.coverage.ops
    assert ops.count("seq") > 0 and ops.count("score_vp") > 0
    assert set(ops.exercised) <= set(dict(ops.counts))

    text = report.format_text()
    assert "OK" in text
    for n in RULES.constants.player_counts:
        assert f"{n} players: 2 games, 0 failed" in text
    assert "spells cast" in text and "effect ops resolved" in text
    for key, item in report.coverage.not_exercised:
        assert item in text, (key, item)
    if report.coverage.not_exercised:
        assert "not exercised:" in text


def test_the_json_report_is_serializable_and_stable(base_report: ConformanceReport) -> None:
    data = base_report.to_json()
    text = json.dumps(data, sort_keys=True)
    assert json.loads(text) == data
    assert data["ok"] is True and data["failures"] == []
    assert data["games_played"][0] == {"players": 2, "games": 2, "failed": 0}
    assert set(data["coverage"]) == {table.key for table in base_report.coverage.tables}
    again = run_checks(RULES, games=2, seed=0)
    assert json.dumps(again.to_json(), sort_keys=True) == text
    assert again == base_report


def test_player_counts_options_and_progress() -> None:
    lines: list[str] = []
    report = run_checks(
        RULES, games=1, seed=11, player_counts=[3], options={"use_curse": False}, progress=lines.append
    )
    assert report.ok, report.format_text()
    assert report.games_played == ((3, 1),)
    assert report.options == (("use_curse", False),)
    assert lines == ["3 players: game 1 of 1 (seed 11): ok"]
    assert report.coverage.table("spells").count("curse") == 0
    with pytest.raises(ValueError, match="not 7"):
        run_checks(RULES, games=1, player_counts=[7])
    with pytest.raises(tr.OptionError):
        run_checks(RULES, games=1, player_counts=[2], options={"no_such_option": True})
    assert run_checks(RULES, games=0).games_played == tuple((n, 0) for n in RULES.constants.player_counts)


# ----------------------------------------------------------------------------- broken situations
def assert_reproduces(report: ConformanceReport, check: str) -> conformance.Failure:
    """The report failed ``check``; re-running the failing seed alone fails the same way."""
    assert not report.ok
    failure = report.failures[0]
    assert failure.check == check and failure.check in CHECKS
    assert f"seed={failure.seed} players={failure.player_count} options=" in failure.reproduction()
    again = run_checks(
        RULES, games=1, seed=failure.seed, player_counts=[failure.player_count], options=dict(failure.options)
    )
    assert again.failures == (failure,)
    single = check_game(RULES, failure.player_count, failure.seed, dict(failure.options))
    assert single.failure == failure
    text = report.format_text()
    assert "FAILED" in text and failure.reproduction() in text and f"[{check}]" in text
    data = report.to_json()
    assert data["ok"] is False and data["failures"][0]["seed"] == failure.seed
    json.dumps(data)
    return failure


def test_a_round_trip_mismatch_is_caught_with_a_reproducing_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A serializer that corrupts the final state of games with a seed divisible by 3."""
    real = serialize.state_from_json

    def lossy(text: str | dict[str, Any], **game: Any) -> GameState:
        state: GameState = real(text, **game)
        if state.seed % 3 == 0 and state.seed:
            return state.replace(privilege_supply=state.privilege_supply + 1)
        return state

    monkeypatch.setattr(checks, "state_from_json", lossy)
    report = run_checks(RULES, games=5, seed=1, player_counts=[2, 4])
    # Game 6 of each count (seed 6) is the one in four more, in the explicit chance mode.
    failures = [(f.player_count, f.seed, f.chance) for f in report.failures]
    assert failures == [(2, 3, "sampled"), (2, 6, "explicit"), (4, 3, "sampled"), (4, 6, "explicit")]
    assert report.failures[1].reproduction().endswith("chance=explicit")
    failure = assert_reproduces(report, "round_trip")
    assert "privilege_supply" in failure.message
    assert failure.decision is not None and failure.decision > 0
    assert report.games_played == ((2, 6), (4, 6))
    # The other games of the run went on and passed; a good seed alone passes.
    assert run_checks(RULES, games=1, seed=2, player_counts=[2]).ok


def test_a_replay_mismatch_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = fold

    def forgetful(module: Any, events: Any) -> GameState:
        folded: GameState = real(module, events)
        return folded.replace(customers_played=folded.customers_played - 1)

    monkeypatch.setattr(checks, "fold", forgetful)
    report = run_checks(RULES, games=2, seed=40, player_counts=[3])
    assert [f.seed for f in report.failures] == [40, 41]
    failure = assert_reproduces(report, "replay")
    assert "customers_played" in failure.message


def test_a_view_that_leaks_a_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An event that forgets the zone of the card it carries: the card drawn shows in the
    other seats' logs, and the search for hidden cards finds it."""
    monkeypatch.setattr(ev.SpellDrawn, "ZONES", {})
    report = run_checks(RULES, games=1, seed=5, player_counts=[2])
    failure = assert_reproduces(report, "views")
    assert "SpellDrawn" in failure.message and "names hidden cards" in failure.message


def test_an_event_left_unredacted_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A redaction that forgets its zones: the very first event shows the seed."""
    monkeypatch.setattr(Visibility, "redact_event", lambda self, event, viewer: event)
    report = run_checks(RULES, games=1, seed=5, player_counts=[2])
    failure = assert_reproduces(report, "views")
    assert "GameStarted as seat 0 sees it is not redacted" in failure.message


def test_an_op_that_raises_is_caught() -> None:
    def boom(engine: Engine, task: Task, node: Any) -> None:
        raise RuntimeError("the card broke")

    with effects.EXECUTORS.swapped("score_vp", boom):
        report = run_checks(RULES, games=2, seed=0, player_counts=[2])
        failure = assert_reproduces(report, "play")
        assert "RuntimeError: the card broke" in failure.message
        assert len(report.failures) == 2


def test_created_components_are_caught() -> None:
    """An op that hands out privilege tokens without taking them from the supply."""

    def counterfeit(engine: Engine, task: Task, node: Any) -> None:
        engine.emit(ev.PrivilegesGained(task.player, 1))
        engine.state = engine.state.replace(privilege_supply=engine.state.privilege_supply + 1)

    with effects.EXECUTORS.swapped("gain_coins", counterfeit):
        report = run_checks(RULES, games=3, seed=0, player_counts=[4])
        failure = assert_reproduces(report, "integrity")
        assert "privilege tokens" in failure.message


# ----------------------------------------------------------------------------- coverage
def test_coverage_counts_agree_with_a_game_played_here() -> None:
    seed, players = 23, 3
    assert game_seed(seed, players, 0) == seed
    game = tr.new_game(RULES, player_names(players), seed=seed)
    trace: Trace = []
    game.trace = trace
    play_out(game, RandomBot(seed))

    # The trace only records: the same seed without it plays the same game.
    plain = tr.new_game(RULES, player_names(players), seed=seed)
    play_out(plain, RandomBot(seed))
    assert plain.events == game.events and plain.trace is None

    report = run_checks(RULES, games=1, seed=seed, player_counts=[players])
    assert report.ok, report.format_text()
    coverage = report.coverage
    log = game.events
    spells = Counter(e.spell.split("#")[0] for e in log if isinstance(e, ev.SpellCast | ev.CurseDrawn))
    favours = Counter(e.favour.split("#")[0] for e in log if isinstance(e, ev.FavourUsed))
    levels = Counter(f"{e.dignitary}:{e.level}" for e in log if isinstance(e, ev.DignitaryActivated))
    cards = Counter(e.card for e in log if isinstance(e, ev.CustomerCardPicked))
    royal = Counter(e.scoring for e in log if isinstance(e, ev.RoyalScoringChosen))
    bonuses: Counter[str] = Counter()
    for e in log:
        if isinstance(e, ev.TrackAdvanced):
            for position in range(e.start + 1, e.end + 1):
                if RULES.track(e.people).bonus(position) is not None:
                    bonuses[f"{e.people}:{position}"] += 1
    ops = Counter(resolve_ref(RULES, ref).at(path).op for ref, path in trace)
    assert sum(cards.values()) == players * RULES.constants.turns_for(players)
    assert ops and royal

    expected = {
        "spells": spells,
        "favours": favours,
        "dignitary_levels": levels,
        "customer_cards": cards,
        "track_bonuses": bonuses,
        "royal_scorings": royal,
        "ops": ops,
    }
    for key, counts in expected.items():
        table = coverage.table(key)
        assert {item: n for item, n in table.counts if n} == dict(counts), key
        assert set(table.not_exercised) == {item for item, _ in table.counts} - set(counts), key


def test_a_copy_does_not_trace() -> None:
    game = tr.new_game(RULES, player_names(2), seed=3)
    game.trace = []
    assert game.copy().trace is None


def test_coverage_leaves_out_the_curse_when_the_options_do() -> None:
    without = run_checks(RULES, games=1, seed=0, player_counts=[2], options={"use_curse": False})
    listed = [item for item, _ in without.coverage.table("spells").counts]
    assert "curse" not in listed and len(listed) == len(RULES.spells) - 1
    with_curse = run_checks(RULES, games=1, seed=0, player_counts=[2])
    assert "curse" in [item for item, _ in with_curse.coverage.table("spells").counts]


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern"])
def test_the_kit_checks_the_explicit_chance_mode_of_every_game(game_id: str) -> None:
    """Four games a count bring one more in the explicit chance mode: it passes every check,
    chance decisions included, and its progress line says so."""
    rules = tr.load_rules(game_id)
    lines: list[str] = []
    report = run_checks(rules, games=4, seed=3, player_counts=[2], progress=lines.append)
    assert report.ok, report.format_text()
    assert report.games_played == ((2, 5),)
    assert [line for line in lines if "explicit chance" in line] == [lines[-1]]
    assert lines[-1].endswith(": ok")
