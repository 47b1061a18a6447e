"""The validation report as the command writes it: the base game validates as a folder,
a report of thousands of problems is written out capped and in one pass over each file,
and a megabyte line is shown as a window around its column."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import taverna_rules as tr
from taverna_rules.content.problems import EXCERPT_WIDTH, Problem, ValidationReport
from taverna_rules.tools.cli import SHOWN_PROBLEMS, main

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "cards" / "taverna" / "base"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def many_problems(folder: Path, count: int) -> Path:
    """A spells file whose every card has an unknown field (among other problems)."""
    folder.mkdir()
    cards = "".join(f"  - {{id: s{i}, bogus: 1}}\n" for i in range(count))
    (folder / "spells.yaml").write_text(f"format: 1\nkind: spells\nspells:\n{cards}", encoding="utf-8")
    return folder


def test_the_bundled_base_folder_validates() -> None:
    """``taverna validate cards/taverna/base`` checks the base pack itself, not the base twice."""
    status, text = run("validate", str(BASE))
    assert (status, text.strip()) == (0, "ok: 11 file(s), no problem")


def test_a_copy_of_the_base_game_is_checked_in_place_of_it(tmp_path: Path) -> None:
    copy = tmp_path / "base"
    shutil.copytree(BASE, copy)
    assert tr.validate(copy).ok
    spells = copy / "spells.yaml"
    spells.write_text(spells.read_text(encoding="utf-8").replace("cost: 1\n", "cost: -1\n", 1), "utf-8")
    report = tr.validate(copy)
    assert [p.code for p in report.errors] == ["schema-minimum"]
    assert report.errors[0].file == str(spells)


def test_the_text_report_is_capped_and_counts_everything(tmp_path: Path) -> None:
    folder = many_problems(tmp_path / "p", 400)
    report = tr.validate(folder)
    assert len(report.errors) > SHOWN_PROBLEMS
    status, text = run("validate", str(folder))
    assert status == 1
    assert text.count("error[") == SHOWN_PROBLEMS
    assert f"... and {len(report.problems) - SHOWN_PROBLEMS} more problem(s) not shown" in text
    assert text.rstrip().endswith(report.summary())
    _, everything = run("validate", "--max-problems", "0", str(folder))
    assert everything.count("error[") == len(report.problems)
    _, three = run("validate", "--max-problems", "3", "--no-source", str(folder))
    assert three.count("error[") == 3 and " | " not in three
    _, data = run("validate", "--format", "json", str(folder))
    assert len(json.loads(data)["problems"]) == len(report.problems)


def test_the_report_splits_each_file_once(tmp_path: Path) -> None:
    """The work grows with the problems, not with problems x file size: every excerpt
    comes from one split of its file."""
    splits = 0

    class Counting(str):
        def splitlines(self, keepends: bool = False) -> list[str]:
            nonlocal splits
            splits += 1
            return super().splitlines(keepends)

    report = tr.validate(many_problems(tmp_path / "p", 300))
    counted = ValidationReport(
        report.problems, report.files, {name: Counting(text) for name, text in report.sources.items()}
    )
    text = counted.format_text()
    assert splits == len({p.file for p in report.problems if p.line})
    assert text.count(" | ") > 2 * len(report.problems)


def test_a_megabyte_line_is_shown_as_a_window_around_the_column() -> None:
    line = "x" * 1_000_000 + "!" + "y" * 1_000
    problem = Problem("bad", "here", file="f.yaml", line=1, column=1_000_001)
    excerpt = ValidationReport((problem,), ("f.yaml",), {"f.yaml": line}).excerpt(problem)
    shown, caret = excerpt.splitlines()
    assert len(shown) < EXCERPT_WIDTH + 20
    assert caret.index("^") == shown.index("!")
