"""The spells' balance report: every spell can be cast, and the report is readable."""

from __future__ import annotations

import pytest

import taverna_rules as tr
from scenario import RULES
from taverna_rules.bots import GreedyBot, RandomBot, play_out
from taverna_rules.tools.balance import balance, format_balance


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


@pytest.mark.parametrize("game_id", ["taverna", "cavern_tavern"])
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


# ----------------------------------------------------------------------------- Cavern Tavern
def test_cavern_tavern_balance_measures_every_reconstructed_card() -> None:
    """Issue #10: the reconstructed cards are measured with a balance report from simulated
    games, as Taverna's spells are. The counts agree with the games: a card is used at most
    as often as it reached a player (an item once per copy in hand), every kind is listed."""
    from taverna_rules.tools.cavern_balance import cavern_balance, format_cavern_balance

    rules = tr.load_rules("cavern_tavern")
    figures = cavern_balance(rules, "random", games=2, seed=3)
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
    text = format_cavern_balance(figures, "random", 2)
    assert "holder vs table" in text and "thunder_smoke" in text
