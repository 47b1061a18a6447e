"""The reconstructed content keeps the economy sane, checked by simulated games.

Reconstructed bonuses and prices must fit the game's economy
(about 15 coins at the start, 2-3 income per seating), measured rather than guessed.
"""

from __future__ import annotations

import pytest

from scenario import RULES
from taverna_rules.tools.simulate import format_report, simulate


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_economy_sane(players: int) -> None:
    report = simulate(RULES, players, games=25, seed=100)
    # Any two deeds leave coins to play with (deed prices are reconstructed).
    assert report.min_coins_after_draft >= 1
    assert 3 <= report.coins_after_draft <= 12
    # Deeds pay for themselves in VP but do not decide the game alone.
    vp = dict(report.vp_by_category)
    assert 2 <= vp["deeds"] <= 8
    # The first bonus of every track is within reach of ordinary play.
    reached = {key.split(":")[0] for key, _ in report.bonus_reached}
    assert reached == set(RULES.people_ids())
    # Privilege tokens never run out; the spell deck only rarely (spells that draw cards
    # deplete it in some 5-player games, and a draw from an empty deck gives nothing).
    exhausted = dict(report.exhausted)
    assert "privilege tokens" not in exhausted
    assert exhausted.get("spell deck", 0) <= report.games // 4
    assert f"{players} players" in format_report(report)
