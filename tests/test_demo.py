"""``make demo``: a full narrated game between bots, ending with the score table."""

from __future__ import annotations

import pytest

from taverna_rules.adapters.demo import main


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_demo_plays_a_whole_game(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", str(players), "--seed", "7"]) == 0
    out = capsys.readouterr().out
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    turns = 8 if players == 2 else 6
    assert out.count("'s turn, round") == players * turns
    assert f"round {turns} of {turns}" in out
    assert "The game is over:" in out
    table = out.split("Final scores (VP by category)")[1]
    assert all(name in table for name in names) and "total" in table
    # Spectator narration: nobody's drawn spell is named.
    assert "draws a spell:" not in out


def test_demo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--seed", "3"])
    first = capsys.readouterr().out
    main(["--seed", "3"])
    assert capsys.readouterr().out == first
