"""Every error of the library survives pickling with its message and data (issue #8).

A worker pool or a task queue pickles exceptions to send them back; a ``ContentError``
used to come back as "108 problems: 1, p, r..." because it was rebuilt from its message.
"""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules import errors
from taverna_rules.content.problems import Problem

PROBLEMS = (
    Problem("unknown-id", "no spell 'charn'", "spells.yaml", 3, 5, "$.spells[0].id", "did you mean 'charm'?"),
    Problem("no-effect", "the effect does nothing", "favours.yaml", severity="warning"),
)


def _instances() -> list[errors.TavernaError]:
    out: list[errors.TavernaError] = []
    for name in errors.__all__:
        cls = getattr(errors, name)
        out.append(cls(PROBLEMS) if cls is errors.ContentError else cls(f"a {name} for the test"))
    return out


@pytest.mark.parametrize("error", _instances(), ids=lambda e: type(e).__name__)
def test_every_error_pickles_and_copies_with_its_message(error: errors.TavernaError) -> None:
    for clone in (pickle.loads(pickle.dumps(error)), copy.deepcopy(error)):
        assert type(clone) is type(error)
        assert str(clone) == str(error)
        assert clone.args == error.args


def test_content_error_keeps_its_problems_through_pickle(tmp_path: Path) -> None:
    """A real content error, from a pack whose spell has a number for its id."""
    manifest = "id: broken\nname: {en: Broken, fr: Cassé, nl: Kapot}\nversion: '1'\n"
    (tmp_path / "pack.yaml").write_text(manifest)
    (tmp_path / "spells.yaml").write_text("kind: spells\nspells:\n  - id: 7\n")
    with pytest.raises(tr.ContentError) as caught:
        tr.load_rules(tmp_path)
    clone = pickle.loads(pickle.dumps(caught.value))
    assert clone.problems == caught.value.problems
    assert str(clone) == str(caught.value)
    assert str(clone).splitlines()[1].startswith("  ")
    assert "1\n  p\n" not in str(clone)


def test_content_error_message_lists_a_bounded_number_of_problems() -> None:
    many = [Problem("x", f"problem {i}", "f.yaml", i + 1, 1) for i in range(errors.ContentError.SHOWN + 7)]
    error = errors.ContentError(many)
    lines = str(error).splitlines()
    assert lines[0] == f"{len(many)} problems in the content:"
    assert len(lines) == 1 + errors.ContentError.SHOWN + 1
    assert lines[-1] == "  ... and 7 more (see the exception's problems)"
    assert error.problems == tuple(many)


def test_a_real_refusal_pickles() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    with pytest.raises(tr.IllegalActionError) as caught:
        game.apply(tr.EndTurn())
    clone = pickle.loads(pickle.dumps(caught.value))
    assert isinstance(clone, tr.IllegalActionError)
    assert str(clone) == str(caught.value)
