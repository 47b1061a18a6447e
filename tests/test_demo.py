"""``make demo``: a full narrated game between bots, ending with the score table."""

from __future__ import annotations

import pytest

from taverna_rules.tools.demo import main


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_demo_plays_a_whole_game(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", str(players), "--seed", "7"]) == 0
    out = capsys.readouterr().out
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    turns = 8 if players == 2 else 6
    assert out.count("'s turn, round") == players * turns
    assert f"round {turns} of {turns}" in out
    assert "The game is over:" in out
    # The text board of the end (print(game)) comes before the score table.
    assert out.index("\nTaverna, over\n") < out.index("Final scores (VP by category)")
    table = out.split("Final scores (VP by category)")[1]
    assert all(name in table for name in names) and "total" in table
    # Spectator narration: nobody's drawn spell is named.
    assert "draws a spell:" not in out


def test_demo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--seed", "3"])
    first = capsys.readouterr().out
    main(["--seed", "3"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("players", [2, 5])
def test_demo_narrates_cavern_tavern(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """``make demo GAME=cavern_tavern``: ten rounds, everyone's rolls, the score table."""
    assert main(["--game", "cavern_tavern", "--players", str(players), "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert [f"== Round {n} of 10 ==" in out for n in range(1, 11)] == [True] * 10
    assert "== Round 11" not in out
    assert out.index("\nCavern Tavern, over\n") < out.index("Final scores (VP by category)")
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    assert all(out.count(f"{name} rolls ") == 11 for name in names)  # the start, then each round
    table = out.split("Final scores (VP by category)")[1]
    assert all(name in table for name in names) and "orders" in table
    # Spectator narration: no item drawn in secret and no secret task is named before the end.
    assert "draws 3 item cards:" not in out
    assert out.index("Secret tasks:") > out.index("== Round 10 of 10 ==")


def test_demo_refuses_a_player_count_the_game_does_not_seat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--game", "cavern_tavern", "--players", "6"])
    assert "plays with 2, 3, 4, 5 players" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lang", "turn", "scores", "columns"),
    [
        (
            "fr",
            "-- Tour d'Ann, manche 1 sur 8 --",
            "Scores finaux (PV par catégorie)",
            ("rang", "pistes des peuples"),
        ),
        (
            "nl",
            "-- Beurt van Ann, ronde 1 van 8 --",
            "Eindscores (PW per categorie)",
            ("plaats", "volkssporen"),
        ),
    ],
)
def test_demo_speaks_the_language_asked(
    lang: str, turn: str, scores: str, columns: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lang``: the narration, the board, the score table's heading and columns (the
    categories as the game names them) and the closing lines, in that language."""
    assert main(["--players", "2", "--seed", "7", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert turn in out and scores in out
    table = out.split(scores)[1]
    assert all(column in table.splitlines()[2] for column in columns)
    for english in ("Final scores", "'s turn", "Coins left", "Each player is dealt", "track bonus", "rank"):
        assert english not in out


def test_demo_refuses_a_language_the_game_is_not_written_in(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--game", "cavern_tavern", "--lang", "fr"])
    assert "Cavern Tavern is written in en, not 'fr'" in capsys.readouterr().err
