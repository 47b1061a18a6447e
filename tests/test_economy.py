"""The reconstructed content keeps the economy sane, checked by simulated games.

Reconstructed bonuses and prices must fit the game's economy
(about 15 starting coins, 2-3 income per seating), measured rather than guessed: the
``economy`` report of Taverna's module, played by the one report tool of every game.
"""

from __future__ import annotations

import pytest

from scenario import RULES
from taverna_rules.games.taverna.economy import EconomyFigures
from taverna_rules.tools.balance import BalanceReport, balance


@pytest.fixture(scope="module")
def report() -> BalanceReport:
    return balance(RULES, "random", games=25, seed=100, report="economy")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_economy_sane(report: BalanceReport, players: int) -> None:
    figures = next(f for f in report.figures if isinstance(f, EconomyFigures) and f.players == players)
    assert figures.games == 25
    # Any two deeds leave coins to play with (deed prices are reconstructed).
    assert figures.min_coins_after_draft >= 1
    assert 3 <= figures.coins_after_draft <= 12
    # Deeds pay for themselves in VP but do not decide the game alone.
    vp = dict(figures.vp_by_category)
    assert 2 <= vp["deeds"] <= 8
    # The first bonus of every track is within reach of ordinary play.
    reached = {key.split(":")[0] for key, _ in figures.bonus_reached}
    assert reached == set(RULES.people_ids())
    # Privilege tokens never run out; the spell deck only rarely (spells that draw cards
    # deplete it in some 5-player games, and a draw from an empty deck gives nothing).
    exhausted = dict(figures.exhausted)
    assert "privilege tokens" not in exhausted
    assert exhausted.get("spell deck", 0) <= figures.games // 4
    assert f"{players} players, 25 games" in report.format_text()
