"""Cavern Tavern's author's guide (docs/authoring_cavern_tavern.rst) holds: its example
pack validates with no problem and plays, its Python runs, and it names every op and
count of the game's vocabulary. The content checks the guide promises are tested here too,
where the corpus (one case per code) cannot show them: a Cavern Tavern amount of 0, a
demand's steps added up, a choice not added up."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules.games.cavern_tavern.vocabulary import COUNT_TEXTS, INGREDIENT_IDS, OPS
from test_readme import rst_examples, run

PAGE = Path(__file__).resolve().parent.parent / "docs" / "authoring_cavern_tavern.rst"
GAME = "cavern_tavern"


def yaml_files(page: Path) -> dict[str, str]:
    """The ``.. code-block:: yaml`` blocks captioned with a file name, by that name."""
    text = page.read_text(encoding="utf-8")
    block = re.compile(
        r"^\.\. code-block:: yaml\n   :caption: (\S+)\n\n((?:   .*\n|\n)+)", flags=re.MULTILINE
    )
    return {
        name: "\n".join(line[3:] for line in body.splitlines()).strip() + "\n"
        for name, body in block.findall(text)
    }


@pytest.fixture
def pack_folder(tmp_path: Path) -> Iterator[Path]:
    """The guide's example pack written out, and the working folder set to its parent."""
    for name, body in yaml_files(PAGE).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(body, encoding="utf-8")
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path / "deep_cellar"
    finally:
        os.chdir(before)


def test_the_example_pack_validates_with_no_problem(pack_folder: Path) -> None:
    files = sorted(p.name for p in pack_folder.iterdir())
    assert files == ["items.yaml", "nasty_says.yaml", "orders.yaml", "pack.yaml"]
    report = tr.validate(pack_folder.as_posix(), game=GAME)
    assert report.problems == ()
    rules = tr.load_rules(pack_folder.as_posix(), game=GAME)
    assert rules.order("glowshroom_tea").points_for(0) == 18
    assert rules.nasty("vault_inspection").demand.op == "seq"


def test_the_python_of_the_guide_runs_in_the_pack_s_folder(pack_folder: Path) -> None:
    examples = rst_examples(PAGE)
    assert examples, "the guide lost its Python example"
    for example in examples:
        run(example)


def test_the_guide_names_every_op_and_count() -> None:
    text = PAGE.read_text(encoding="utf-8")
    missing = [
        name for name in (*OPS, *COUNT_TEXTS) if name not in text and not name.startswith("served_with_")
    ]
    assert missing == []
    assert "served_with_<kind>" in text and all(f"``{i}``" in text for i in INGREDIENT_IDS)


def report_of(tmp_path: Path, kind: str, key: str, body: str) -> list[tuple[str, str, int]]:
    """(code, severity, line) of each problem of one file of ``kind`` on the base game."""
    path = tmp_path / f"{kind}.yaml"
    path.write_text(f"format: 1\nkind: {kind}\nprovenance: reconstructed\n{key}:\n{body}", encoding="utf-8")
    report = tr.validate(path.as_posix(), game=GAME)
    return [(p.code, p.severity, p.line) for p in report.problems]


def test_a_score_of_zero_points_does_nothing(tmp_path: Path) -> None:
    body = "  - id: free_lunch\n    name: {en: Free lunch}\n    demand: {score: {points: 0}}\n"
    assert report_of(tmp_path, "nasty_says", "cards", body) == [("no-effect", "warning", 7)]
    losing = body.replace("points: 0", "points: -4")
    assert report_of(tmp_path, "nasty_says", "cards", losing) == []


def test_a_demand_s_steps_add_up_and_a_choice_does_not(tmp_path: Path) -> None:
    step = "{return_ingredients: {ingredient: beer, count: 2}}"
    both = f"  - id: thirst\n    name: {{en: Thirst}}\n    demand: {{seq: [{step}, {step}]}}\n"
    assert report_of(tmp_path, "nasty_says", "cards", both) == [("demand-seldom", "warning", 7)]
    either = both.replace("seq:", "choose:")
    assert report_of(tmp_path, "nasty_says", "cards", either) == []


def test_an_order_that_pays_as_much_late_is_fine(tmp_path: Path) -> None:
    body = (
        "  - id: flat_ale\n    name: {en: Flat Ale}\n    ingredients: {beer: 2}\n"
        "    points: [6, 6, 4, 4]\n    leave: {after: 4, lose: 1}\n"
    )
    assert report_of(tmp_path, "orders", "orders", body) == []


def test_a_secret_task_that_scores_no_points_is_warned(tmp_path: Path) -> None:
    body = "  - id: collector\n    name: {en: Collector}\n    effect: {draw_items: {count: 2}}\n"
    assert report_of(tmp_path, "secret_tasks", "tasks", body) == [("no-effect", "warning", 7)]
    scoring = body.replace("{draw_items: {count: 2}}", "{score: {points: 1, per: {count: items_held}}}")
    assert report_of(tmp_path, "secret_tasks", "tasks", scoring) == []
