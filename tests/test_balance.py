"""The balance reports: one tool for every game, each game's measures through its
module's ``balance`` hook; every spell can be cast, and the reports are readable."""

from __future__ import annotations

import attrs
import pytest

import taverna_rules as tr
from scenario import RULES
from taverna_rules.bots import GreedyBot, RandomBot, play_out
from taverna_rules.core.game_modules import game_module
from taverna_rules.errors import OptionError
from taverna_rules.games.cavern_tavern.balance import CardBalance
from taverna_rules.games.taverna.balance import SpellBalance
from taverna_rules.games.taverna.economy import EconomyMeter
from taverna_rules.tools import balance as balance_tool
from taverna_rules.tools.balance import balance


def test_no_spell_is_dead_in_random_play() -> None:
    """Issue #3: "no spell should dominate or be dead": each spell held is castable in some
    of its holder's windows."""
    report = balance(RULES, "random", games=3, seed=5)
    assert {f.spell for f in report.figures} == {s.id for s in RULES.spells if not s.curse}
    for f in report.figures:
        if f.held:
            assert 0 < f.castable <= 1, f
    text = report.format_text()
    assert text.startswith("random bots, 3 games for each player count\n")
    assert "castable" in text and "eviction" in text


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern", "taverne"])
def test_greedy_bot_beats_random_bots(game_id: str) -> None:
    """The greedy bot is a real opponent in every game (through the game's heuristic):
    over a few games it outscores random play."""
    rules = tr.load_rules(game_id)
    wins = 0
    for seed in range(6):
        game = tr.new_game(rules, ["G", "R1", "R2"], seed=seed)
        play_out(game, [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 1)])
        assert game.result is not None
        wins += "G" in game.result.winners
    assert wins >= 4


def test_each_game_gives_its_meters_through_its_module() -> None:
    """The tool is written for no game: each game's measures are its module's reports."""
    assert game_module("taverna").reports == {"balance": SpellBalance, "economy": EconomyMeter}
    assert game_module("cavern_tavern").reports == {"balance": CardBalance}


def test_a_game_without_the_report_is_refused_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A report the game's module does not give gets a message naming the game, the report
    and the reports it has, from the function and from the command line (exit status 2,
    nothing played)."""
    with pytest.raises(OptionError, match=r"Cavern Tavern has no 'economy' report: .* reports are 'balance'"):
        balance(tr.load_rules("cavern_tavern"), "random", games=1, report="economy")
    assert balance_tool.main(["--game", "cavern_tavern", "--games", "1", "--report", "economy"]) == 2
    assert "Cavern Tavern has no 'economy' report" in capsys.readouterr().err
    bare = attrs.evolve(game_module("cavern_tavern"), reports={})
    monkeypatch.setattr(balance_tool, "game_module", lambda ident: bare)
    with pytest.raises(OptionError, match=r"Cavern Tavern has no 'balance' report: .* reports are none"):
        balance(tr.load_rules("cavern_tavern"), "random", games=1)


# ----------------------------------------------------------------------------- Cavern Tavern
def test_cavern_tavern_balance_measures_every_reconstructed_card() -> None:
    """Issue #10: the reconstructed cards are measured with a balance report from simulated
    games, as Taverna's spells are. The counts agree with the games: a card is used at most
    as often as it reached a player (an item once per copy in hand), every kind is listed."""
    rules = tr.load_rules("cavern_tavern")
    report = balance(rules, "random", games=2, seed=3)
    figures = report.figures
    listed = {(f.kind, f.card) for f in figures}
    assert listed == {
        *(("order", o.id) for o in rules.orders),
        *(("item", i.id) for i in rules.items),
        *(("nasty_says", n.id) for n in rules.nasty_says),
        *(("secret_task", s.id) for s in rules.secret_tasks),
    }
    for f in figures:
        assert 0 <= f.used <= f.reached and 0 <= f.use_rate <= 1, f
        assert (f.score_gap is None) == (f.reached == 0), f
    # 8 games, one secret task dealt to each seat: 2 + 3 + 4 + 5 seats, twice.
    assert sum(f.reached for f in figures if f.kind == "secret_task") == 2 * (2 + 3 + 4 + 5)
    served = [f for f in figures if f.kind == "order" and f.used]
    assert served and all(f.vp is not None and f.vp > 0 for f in served)
    text = report.format_text()
    assert "holder vs table" in text and "thunder_smoke" in text


def test_the_same_seeds_give_the_same_report() -> None:
    """Figures are reproducible: the report of a seed is the same on every run."""
    rules = tr.load_rules("cavern_tavern")
    assert balance(rules, "greedy", games=1, seed=9) == balance(rules, "greedy", games=1, seed=9)


def test_taverne_balance_measures_every_reconstructed_card() -> None:
    """Taverne's reconstructed Characters and Specialties are measured over simulated
    games: every one is listed, a Sort is cast at most as often as it was drawn, and the
    win gap is known exactly for the cards that reached someone."""
    rules = tr.load_rules("taverne")
    report = balance(rules, "random", games=1, seed=4)
    figures = report.figures
    assert {(f.kind, f.card) for f in figures} == {
        *(("character", c.id) for c in rules.characters),
        *((s.kind, s.id) for s in rules.specialties),
    }
    for f in figures:
        assert (f.win_gap is None) == (f.reached == 0), f
        if f.kind == "sort":
            assert f.used <= f.reached, f
    # 3 games (3, 4 and 5 players): a Character kept by each player at least.
    assert sum(f.reached for f in figures if f.kind == "character") >= 3 + 4 + 5
    assert "wins vs table" in report.format_text()


def test_taverns_and_dragons_balance_measures_heroes_recipes_dragons_and_seats() -> None:
    """Issue #30: the reconstruction is measured for each hero, recipe, dragon and location,
    and the first player's advantage per player count; a dragon is slain at most once a
    game it came into. Greedy bots hunt: a hunt's rolled attack symbols count for what
    they will strike (one step ahead, a hunt would otherwise look like gems thrown away)."""
    rules = tr.load_rules("taverns_and_dragons")
    report = balance(rules, "greedy", games=3, seed=2, players=(2, 4))
    figures = report.figures
    kinds = {f.kind for f in figures}
    assert kinds == {"hero", "recipe", "dragon", "location", "seat"}
    assert {f.card for f in figures if f.kind == "dragon"} == {d.id for d in rules.dragons}
    dragons = [f for f in figures if f.kind == "dragon"]
    assert all(f.used <= f.reached for f in dragons)
    assert sum(f.used for f in dragons) > 0, "greedy bots never slew a dragon"
    seats = [f for f in figures if f.kind == "seat"]
    assert {f.card for f in seats} == {f"{n} players, place {p}" for n in (2, 4) for p in range(1, n + 1)}
    # One winner at least a game: 3 games at each of the two counts.
    assert sum(f.used for f in seats) >= 6


def test_the_command_line_names_its_bots_and_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bot`` and ``--players`` choose the bots and the counts played (ISMCTS, say, on
    the counts one cares for); a bad spec or an unsupported count is refused with the
    library's message and status 2, before any game is played."""
    argv = ["--game", "taverns_and_dragons", "--games", "1", "--players", "2", "--bot", "random"]
    assert balance_tool.main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("random bots, 1 game for each player count")
    assert "2 players, place 1" in out and "3 players" not in out and "greedy bots" not in out
    assert balance_tool.main([*argv[:4], "--players", "6"]) == 2
    assert "Taverns & Dragons is played by 2, 3, 4, 5 players, not 6" in capsys.readouterr().err
    assert balance_tool.main([*argv[:4], "--bot", "ismcts:speed=3"]) == 2
    assert "speed" in capsys.readouterr().err
