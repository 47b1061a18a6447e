"""The spells' balance report: every spell can be cast, and the report is readable."""

from __future__ import annotations

import taverna_rules as tr
from scenario import RULES
from taverna_rules.adapters.balance import balance, format_balance
from taverna_rules.adapters.bots import GreedyBot, RandomBot, play_out


def test_no_spell_is_dead_in_random_play() -> None:
    """Issue #3: "no spell should dominate or be dead": each spell held is castable in some
    of its holder's windows."""
    figures = balance(RULES, "random", games=3, seed=5)
    assert {f.spell for f in figures} == {s.id for s in RULES.spells if not s.curse}
    for f in figures:
        if f.held:
            assert 0 < f.castable <= 1, f
    text = format_balance(figures, "random", 3)
    assert "castable" in text and "eviction" in text


def test_greedy_bot_beats_random_bots() -> None:
    """The greedy bot is a real opponent: over a few games it outscores random play."""
    wins = 0
    for seed in range(6):
        game = tr.new_game(RULES, ["G", "R1", "R2"], seed=seed)
        play_out(game, [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 1)])
        assert game.result is not None
        wins += "G" in game.result.winners
    assert wins >= 4
