"""``taverna simulate`` and :mod:`taverna_rules.tools.tournament`: bot games with the
seats rotating, the same report in this process, on local processes and on a Dask cluster."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from taverna_rules import bot_specs
from taverna_rules.bots import GreedyBot, RandomBot
from taverna_rules.errors import OptionError
from taverna_rules.tools import tournament as tm
from taverna_rules.tools.cli import main

GAME = "cavern_tavern"
BOTS = ("random", "greedy")
GAMES = 8
SEED = 11


def simulate(**settings: Any) -> tm.TournamentReport:
    return tm.simulate_games(GAME, 2, GAMES, BOTS, seed=SEED, **settings)


@pytest.fixture(scope="module")
def report() -> tm.TournamentReport:
    """The reference: every game played in this process."""
    return simulate()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A real Dask cluster of two worker processes, closed after the module's tests."""
    distributed = pytest.importorskip("distributed")
    local = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    )
    try:
        yield local
    finally:
        local.close()


# -- the same report whatever runs the games -------------------------------------------


def test_the_same_seeds_give_the_same_report_again(report: tm.TournamentReport) -> None:
    again = simulate()
    assert again == report
    assert again.records == report.records


def test_local_processes_give_the_same_report(report: tm.TournamentReport) -> None:
    seen: list[tuple[int, int]] = []
    on_processes = simulate(workers=2, progress=lambda done, total: seen.append((done, total)))
    assert on_processes == report
    assert on_processes.as_dict(records=True) == report.as_dict(records=True)
    assert seen[-1] == (GAMES, GAMES)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_a_dask_cluster_gives_the_same_report(report: tm.TournamentReport, cluster: Any) -> None:
    seen: list[int] = []
    on_dask = simulate(scheduler=cluster.scheduler_address, progress=lambda done, _: seen.append(done))
    assert on_dask == report
    assert seen == list(range(1, GAMES + 1))  # one game a task


def test_a_dask_client_passed_in_is_used_and_left_open(report: tm.TournamentReport, cluster: Any) -> None:
    distributed: Any = pytest.importorskip("distributed")
    with distributed.Client(cluster, set_as_default=False) as client:
        assert simulate(scheduler=client) == report
        assert client.status == "running"


def test_another_seed_plays_other_games(report: tm.TournamentReport) -> None:
    other = tm.simulate_games(GAME, 2, GAMES, BOTS, seed=SEED + 100)
    assert [r.seed for r in other.records] == list(range(SEED + 100, SEED + 100 + GAMES))
    assert [r.scores for r in other.records] != [r.scores for r in report.records]


# -- seating, seeds and wins -------------------------------------------------------------


def test_seats_rotate_so_each_bot_plays_each_seat_equally(report: tm.TournamentReport) -> None:
    assert [r.index for r in report.records] == list(range(GAMES))
    assert [r.seed for r in report.records] == list(range(SEED, SEED + GAMES))
    for record in report.records:
        assert record.entrants == ((record.index) % 2, (record.index + 1) % 2)
        assert record.bots == tuple(BOTS[e] for e in record.entrants)
    for stats in report.bots:
        assert stats.games == GAMES
        assert [seat.games for seat in stats.seats] == [GAMES // 2, GAMES // 2]


def test_three_bots_at_two_seats_each_play_each_seat_equally() -> None:
    specs = ("random", "greedy", "random")
    report = tm.simulate_games(GAME, 2, 6, specs, seed=0)
    assert [b.label for b in report.bots] == ["random #1", "greedy", "random #2"]
    for stats in report.bots:
        assert stats.games == 4
        assert [seat.games for seat in stats.seats] == [2, 2]
    assert sum(b.wins for b in report.bots) == pytest.approx(6)


def test_win_counts_sum_to_the_games(report: tm.TournamentReport) -> None:
    assert sum(b.wins for b in report.bots) == pytest.approx(GAMES)
    for stats in report.bots:
        assert sum(seat.wins for seat in stats.seats) == pytest.approx(stats.wins)
        assert stats.win_rate == pytest.approx(stats.wins / stats.games)
        assert stats.low <= stats.win_rate <= stats.high
    # The wins are read from the standings: the winners of each record are ranked first.
    for record in report.records:
        assert record.winners == tuple(s for s, rank in enumerate(record.ranks) if rank == 1)
        assert max(record.scores) in [record.scores[s] for s in record.winners]


def test_a_shared_first_place_counts_a_fraction_of_a_win() -> None:
    def record(index: int, ranks: tuple[int, ...], scores: tuple[int, ...]) -> tm.GameRecord:
        entrants = tm.seating(3, 3, index)
        return tm.GameRecord(
            index=index,
            seed=index,
            entrants=entrants,
            bots=tuple("abc"[e] for e in entrants),
            ranks=ranks,
            scores=scores,
            breakdown=tuple((("orders", s),) for s in scores),
            decisions=10 * (index + 1),
            winners=tuple(s for s, rank in enumerate(ranks) if rank == 1),
        )

    records = [record(1, (1, 1, 3), (9, 9, 2)), record(0, (1, 2, 3), (8, 4, 1))]
    report = tm.TournamentReport.from_records("toy", 3, 0, ["a", "b", "c"], records)
    assert [r.index for r in report.records] == [0, 1]
    # Game 0 seats a, b, c: a wins. Game 1 seats b, c, a: b and c share the first place.
    assert [b.wins for b in report.bots] == [1.0, 0.5, 0.5]
    assert report.bot("b").seats[0].wins == 0.5 and report.bot("b").seats[1].wins == 0.0
    assert report.bot("a").mean_score == pytest.approx((8 + 2) / 2)
    assert dict(report.bot("c").breakdown) == {"orders": pytest.approx((1 + 9) / 2)}
    assert (report.min_decisions, report.max_decisions, report.mean_decisions) == (10, 20, 15.0)
    assert report.shared_wins == 1


def test_bot_seeds_are_fixed_and_differ_by_seat_and_game() -> None:
    assert bot_specs.bot_seed(5, 0) == bot_specs.bot_seed(5, 0)
    seeds = {bot_specs.bot_seed(game, seat) for game in range(20) for seat in range(5)}
    assert len(seeds) == 100
    # The same spec and seed make a bot that plays the same moves.
    first, second = bot_specs.make_bot("random", 42), bot_specs.make_bot("random", 42)
    assert isinstance(first, RandomBot) and isinstance(second, RandomBot)
    assert [first.rng.random() for _ in range(3)] == [second.rng.random() for _ in range(3)]


def test_taverna_with_three_players() -> None:
    report = tm.simulate_games("taverna", 3, 3, ["random", "greedy", "random"], seed=2)
    assert report.game == "taverna" and report.games == 3
    assert [b.games for b in report.bots] == [3, 3, 3]
    assert [[s.games for s in b.seats] for b in report.bots] == [[1, 1, 1]] * 3
    assert sum(b.wins for b in report.bots) == pytest.approx(3)
    categories = {c for record in report.records for seat in record.breakdown for c, _ in seat}
    assert categories and {c for c, _ in report.bots[0].breakdown} == categories


def test_packs_are_loaded_by_the_workers_too() -> None:
    pack = Path(__file__).resolve().parents[1] / "examples" / "packs" / "fey_court"
    settings: dict[str, Any] = {"players": 2, "games": 2, "bots": BOTS, "seed": 4}
    with_pack = tm.simulate_games("taverna", packs=[pack], **settings)
    assert tm.simulate_games("taverna", packs=[str(pack)], workers=2, **settings) == with_pack
    assert with_pack != tm.simulate_games("taverna", **settings)


# -- the Wilson interval -------------------------------------------------------------------


def test_wilson_interval_on_known_numbers() -> None:
    low, high = tm.wilson_interval(60, 100)
    assert low == pytest.approx(0.502, abs=5e-4) and high == pytest.approx(0.691, abs=5e-4)
    assert tm.wilson_interval(0, 0) == (0.0, 1.0)
    assert tm.wilson_interval(0, 10)[0] == 0.0 and tm.wilson_interval(10, 10)[1] == 1.0
    assert tm.wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=5e-4)


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games() -> None:
    widths = []
    for trials in (10, 100, 1000):
        low, high = tm.wilson_interval(0.6 * trials, trials)
        assert low < 0.6 < high
        widths.append(high - low)
    assert widths[0] > widths[1] > widths[2]
    with pytest.raises(ValueError):
        tm.wilson_interval(11, 10)


# -- bot specs -------------------------------------------------------------------------------


def test_specs_name_the_registered_bots() -> None:
    assert isinstance(bot_specs.make_bot("random", 1), RandomBot)
    assert isinstance(bot_specs.make_bot(" greedy", 1), GreedyBot)
    assert bot_specs.BOTS["random"] is RandomBot and bot_specs.BOTS["greedy"] is GreedyBot


def test_keywords_are_read_as_int_float_or_string(monkeypatch: pytest.MonkeyPatch) -> None:
    made: dict[str, Any] = {}

    def tuned(seed: int | None = None, iterations: int = 1, c: float = 1.0, policy: str = "") -> RandomBot:
        made.update(seed=seed, iterations=iterations, c=c, policy=policy)
        return RandomBot(seed)

    monkeypatch.setitem(bot_specs.BOTS, "tuned", tuned)
    bot_specs.make_bot("tuned:iterations=200,c=1.5,policy=ucb", 9)
    assert made == {"seed": 9, "iterations": 200, "c": 1.5, "policy": "ucb"}
    assert type(made["iterations"]) is int and type(made["c"]) is float
    assert bot_specs.parse_bot_spec("tuned:c=-2,policy=1e3x") == ("tuned", {"c": -2, "policy": "1e3x"})


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("minimax", ["unknown bot 'minimax'", "known bots: greedy, ismcts, random"]),
        ("greedy:depth=2", ["bad keyword 'depth'", "'greedy:depth=2'"]),
        ("greedy:depth", ["bad keyword 'depth'", "expected key=value"]),
        ("random:seed=3", ["bad keyword 'seed'"]),
        ("random:,", ["bad keyword ''"]),
    ],
)
def test_unknown_bots_and_bad_keywords_are_option_errors(spec: str, words: list[str]) -> None:
    with pytest.raises(OptionError) as caught:
        bot_specs.make_bot(spec, 0)
    for word in words:
        assert word in str(caught.value)
    # simulate_games checks the specs before playing anything.
    with pytest.raises(OptionError):
        tm.simulate_games(GAME, 2, 2, ["random", spec])


def test_bad_settings_are_option_errors() -> None:
    with pytest.raises(OptionError, match="plays with 2, 3, 4, 5 players, not 9"):
        tm.simulate_games(GAME, 9, 2, BOTS)
    with pytest.raises(OptionError, match="games must be a positive number"):
        tm.simulate_games(GAME, 2, 0, BOTS)
    with pytest.raises(OptionError, match="list of one or more bot specs"):
        tm.simulate_games(GAME, 2, 2, "random")
    with pytest.raises(OptionError, match="scheduler is an address"):
        tm.simulate_games(GAME, 2, 2, BOTS, scheduler=8786)


def test_a_scheduler_without_dask_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(OptionError, match=r"pip install 'taverna-rules\[dask\]'"):
        tm.simulate_games(GAME, 2, 2, BOTS, scheduler="tcp://127.0.0.1:8786")


def test_the_module_imports_no_dask() -> None:
    code = (
        "import sys, taverna_rules.tools.tournament\n"
        "print(sorted({'dask', 'distributed'} & set(sys.modules)))"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


# -- the report's forms ------------------------------------------------------------------------


def test_as_dict_is_json_and_matches_the_report(report: tm.TournamentReport) -> None:
    data = json.loads(json.dumps(report.as_dict()))
    assert (data["game"], data["players"], data["games"], data["seed"]) == (GAME, 2, GAMES, SEED)
    assert [b["bot"] for b in data["bots"]] == list(BOTS)
    greedy = report.bot("greedy")
    assert data["bots"][1]["wins"] == greedy.wins
    assert data["bots"][1]["ci95"] == [greedy.low, greedy.high]
    assert [s["games"] for s in data["bots"][1]["seats"]] == [GAMES // 2, GAMES // 2]
    assert data["length"] == {
        "mean": report.mean_decisions,
        "min": report.min_decisions,
        "max": report.max_decisions,
    }
    assert "records" not in data
    assert len(report.as_dict(records=True)["records"]) == GAMES


def test_format_is_a_readable_table(report: tm.TournamentReport) -> None:
    text = report.format()
    lines = text.splitlines()
    assert (
        lines[0]
        == f"{GAME}: {GAMES} game(s) of 2 players, seeds {SEED} to {SEED + GAMES - 1}, seats rotating"
    )
    greedy = report.bot("greedy")
    row = next(line for line in lines if line.startswith("greedy "))
    assert f"{100 * greedy.win_rate:.1f}%" in row and f"{greedy.mean_score:.1f}" in row
    assert "win rate by seat (games):" in lines and "mean VP by category:" in lines
    assert f"(min {report.min_decisions}, max {report.max_decisions})" in lines[-1]


def test_progress_line_rewrites_one_line() -> None:
    stream = io.StringIO()
    line = tm.ProgressLine(stream)
    for done in (1, 37, 100):
        line(done, 100)
    line.close()
    assert stream.getvalue() == "\r    1/100 games\r   37/100 games\r  100/100 games\n"
    stopped = io.StringIO()
    early = tm.ProgressLine(stopped)
    early(3, 10)
    early.close()
    assert stopped.getvalue() == "\r   3/10 games\n"


# -- the command line --------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


SIMULATE = ("simulate", "--game", GAME, "--players", "2", "--games", "4", "--seed", "5")


def test_cli_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = run(*SIMULATE, "--bots", "greedy", "random")
    assert status == 0
    expected = tm.simulate_games(GAME, 2, 4, ["greedy", "random"], seed=5).format()
    assert text == expected + "\n"
    assert capsys.readouterr().err.endswith("\r  4/4 games\n")


def test_cli_simulate_json_on_processes(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = run(*SIMULATE, "--format", "json", "--workers", "2", "--no-progress")
    assert status == 0
    data = json.loads(text)
    assert data == json.loads(json.dumps(tm.simulate_games(GAME, 2, 4, BOTS, seed=5).as_dict()))
    assert [b["spec"] for b in data["bots"]] == ["random", "greedy"]  # the default bots
    assert sum(b["wins"] for b in data["bots"]) == pytest.approx(4)
    assert capsys.readouterr().err == ""


def test_cli_simulate_on_a_dask_scheduler(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    status, text = run(*SIMULATE, "--scheduler", cluster.scheduler_address, "--no-progress")
    assert status == 0
    assert text == tm.simulate_games(GAME, 2, 4, BOTS, seed=5).format() + "\n"


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["random", "alphazero"], "unknown bot 'alphazero'"),
        (["greedy:width=3"], "bad keyword 'width' for bot 'greedy'"),
    ],
)
def test_cli_simulate_bad_bots_exit_2(
    bots: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = run(*SIMULATE, "--bots", *bots)
    assert (status, text) == (2, "")
    err = capsys.readouterr().err
    assert err.startswith("taverna simulate: ") and message in err


def test_cli_simulate_usage_errors_exit_2() -> None:
    with pytest.raises(SystemExit) as caught:
        run("simulate", "--games", "0")
    assert caught.value.code == 2
    with pytest.raises(SystemExit) as caught:
        run("simulate", "--format", "yaml")
    assert caught.value.code == 2
