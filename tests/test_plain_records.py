"""Plain records (:mod:`taverna_rules._records`): their methods are written out in the
source from their ``__init__`` (``make records``), and they behave as frozen attrs classes
did: equal by value, hashable, copied with changes, shown and pickled."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules._records import NO_DEFAULT, evolve, field_names, is_record, record_fields
from taverna_rules.core import _record_code
from taverna_rules.core.records import Task
from taverna_rules.games.taverna.state import PlayerState

SRC = Path(_record_code.__file__).resolve().parents[1]
RECORD_FILES = sorted(p for p in SRC.rglob("*.py") if _record_code.END in p.read_text(encoding="utf-8"))


def test_the_written_out_records_are_up_to_date() -> None:
    """``make records`` has been run after the last change to a record's ``__init__``."""
    assert len(RECORD_FILES) >= 3
    stale = [
        p for p in RECORD_FILES if _record_code.rewrite(p.read_text(encoding="utf-8")) != p.read_text("utf-8")
    ]
    assert stale == [], f"run `make records`: {[str(path) for path in stale]}"


def test_the_writer_runs_without_importing_the_package() -> None:
    """It reads sources as text, so a record being edited cannot stop it."""
    done = subprocess.run(
        [sys.executable, _record_code.__file__, "--check", *map(str, RECORD_FILES)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "")


SOURCE = f'''class Pair:
    """Two numbers."""

    {_record_code.START}
    def __init__(
        self,
        #: The first.
        left: int,
        right: str | None = None,
    ) -> None:
        pass

    {_record_code.END}

    @property
    def both(self) -> str:
        return f"{{self.left}}{{self.right}}"
'''


def test_a_record_block_is_written_from_the_signature_and_the_rest_is_kept() -> None:
    written = _record_code.rewrite(SOURCE)
    assert _record_code.rewrite(written) == written
    namespace: dict[str, object] = {}
    header = "from typing import Any, ClassVar, Final\nfrom taverna_rules._records import KEEP, Keep\n"
    exec(compile(header + written, "<pair>", "exec"), namespace)  # our own text, not input
    pair = namespace["Pair"]
    assert isinstance(pair, type)
    made = pair(1)
    assert (made.left, made.right, made.both) == (1, None, "1None")
    assert made.replace(right="x") == pair(1, "x") and made.replace(right="x") != made
    assert "#: The first.\n    left: Final[int]" in written
    assert repr(made) == "Pair(left=1, right=None)"


def test_a_block_without_its_end_is_refused() -> None:
    with pytest.raises(ValueError, match="end of record"):
        _record_code.rewrite(SOURCE.replace(_record_code.END, ""))


def test_a_record_compares_hashes_copies_and_pickles_by_value() -> None:
    task = Task("effect", 0, "spell:x", (1, 2))
    same = Task("effect", 0, "spell:x", (1, 2))
    assert task == same and hash(task) == hash(same) and task is not same
    assert task != Task("effect", 1, "spell:x", (1, 2)) and task != ("effect", 0)
    assert task.replace(player=1) == Task("effect", 1, "spell:x", (1, 2)) and task.player == 0
    assert pickle.loads(pickle.dumps(task)) == task == copy.deepcopy(task) == copy.copy(task)
    assert repr(task) == "Task(kind='effect', player=0, ref='spell:x', path=(1, 2), args=())"
    assert evolve(PlayerState("Ann"), coins=3) == PlayerState("Ann", coins=3)


def test_the_fields_of_a_record_are_read_with_their_types_and_defaults() -> None:
    assert is_record(Task) and is_record(tr.Result) and not is_record(int)
    assert field_names(Task) == ("kind", "player", "ref", "path", "args")
    kind, player, *_ = record_fields(Task)
    assert (kind.type, kind.default, player.type, player.default) == (str, NO_DEFAULT, int, -1)
    assert [f.name for f in record_fields(tr.Standing)] == list(field_names(tr.Standing))


def test_a_plain_record_takes_no_other_attribute() -> None:
    """Its fields are slots: a misspelt field is an error, not a new attribute."""
    with pytest.raises(AttributeError):
        Task("x").kindd = "y"  # type: ignore[attr-defined]
