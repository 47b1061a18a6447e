"""What a newcomer meets first: a game named wrong, the README and the docs' first pages.

A name that is neither an installed game nor a path is answered with the installed games
(and the closest one), wherever a game or a path is taken; the README and the docs speak
of every installed game, link every docs page, and cite no issue numbers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules.errors import ContentError, GameModuleError

GAMES = tr.installed_games()


def _near_miss(game: str) -> str:
    """``game`` with its last letter changed: ``taverne``, ``cavern_taverm``."""
    return game[:-1] + ("e" if game[-1] != "e" else "a")


def _missing_problem(*paths: object) -> tr.Problem:
    report = tr.validate(*paths)  # type: ignore[arg-type]
    (problem,) = report.errors
    assert problem.code == "file-missing"
    return problem


@pytest.mark.parametrize("game", GAMES)
def test_a_misspelt_game_gets_the_installed_games(game: str) -> None:
    miss = _near_miss(game)
    for paths in ((miss,), ([miss],), ("taverna", miss)):
        hint = _missing_problem(*paths).hint
        assert f"did you mean {game!r}?" in hint, (paths, hint)
        assert all(name in hint for name in GAMES), hint
    with pytest.raises(ContentError, match=rf"did you mean {game!r}\?") as raised:
        tr.load_rules(miss)
    assert all(name in str(raised.value) for name in GAMES)
    with pytest.raises(GameModuleError, match=rf"did you mean {game!r}\?.*{'.*'.join(GAMES)}"):
        tr.load_rules(game=miss)


def test_a_word_close_to_no_game_still_lists_the_games() -> None:
    hint = _missing_problem("zzz").hint
    assert "did you mean" not in hint
    assert all(name in hint for name in GAMES)
    assert "did you mean 'cavern_tavern'?" in _missing_problem("cavern").hint


@pytest.mark.parametrize("game", GAMES)
def test_a_game_given_as_a_path_is_named_as_a_game(game: str) -> None:
    hint = _missing_problem("taverna" if game != "taverna" else "cavern_tavern", game).hint
    assert f"{game!r} is a game" in hint and f"./{game}" in hint


@pytest.mark.parametrize("path", ["no/such/pack", "spells.yaml", "x" * 100_000, "../taverne"])
def test_what_cannot_be_a_game_gets_no_games(path: str) -> None:
    problem = _missing_problem(path)
    assert problem.hint == ""


def test_a_folder_with_a_misspelt_name_is_still_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taverne").mkdir()
    report = tr.validate("taverne")
    assert all(p.code != "file-missing" for p in report), report
