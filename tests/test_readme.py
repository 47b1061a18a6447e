"""The Python examples of the README and of the quickstart, Cavern Tavern and bots pages run as
written.

Each ```python block of README.md and each ``.. code-block:: python`` block of
docs/quickstart.rst, docs/cavern_tavern.rst, docs/bots.rst and docs/hosting.rst is executed
on its own, in a fresh namespace, compiled under the document's name and line numbers so
that a failure points at the example itself.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest

import taverna_rules as tr

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
QUICKSTART = ROOT / "docs" / "quickstart.rst"
CAVERN_TAVERN = ROOT / "docs" / "cavern_tavern.rst"
BOTS = ROOT / "docs" / "bots.rst"
HOSTING = ROOT / "docs" / "hosting.rst"


@attrs.frozen
class Example:
    """One code example: where it is and its source."""

    file: str
    line: int  # 1-based line of the first line of code
    code: str

    @property
    def name(self) -> str:
        """``README.md:42``."""
        return f"{self.file}:{self.line}"


def markdown_examples(path: Path) -> list[Example]:
    """The ```python fenced blocks of a Markdown file."""
    text = path.read_text(encoding="utf-8")
    out = []
    for match in re.finditer(r"^```python[ \t]*\n(.*?)^```[ \t]*$", text, re.MULTILINE | re.DOTALL):
        line = text.count("\n", 0, match.start(1)) + 1
        out.append(Example(path.name, line, match.group(1)))
    return out


def rst_examples(path: Path) -> list[Example]:
    """The ``.. code-block:: python`` blocks of a reStructuredText file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    index = 0
    while index < len(lines):
        directive = re.match(r"^(\s*)\.\. code-block::\s*python\s*$", lines[index])
        index += 1
        if directive is None:
            continue
        outer = len(directive.group(1))
        # Skip the directive's options (":caption: ...") and the blank line after them.
        while index < len(lines) and (not lines[index].strip() or lines[index].strip().startswith(":")):
            index += 1
        start = index
        while index < len(lines) and (
            not lines[index].strip() or len(lines[index]) - len(lines[index].lstrip()) > outer
        ):
            index += 1
        body = textwrap.dedent("\n".join(lines[start:index])).strip("\n") + "\n"
        out.append(Example(f"docs/{path.name}", start + 1, body))
    return out


EXAMPLES = [
    *markdown_examples(README),
    *rst_examples(QUICKSTART),
    *rst_examples(CAVERN_TAVERN),
    *rst_examples(BOTS),
    *rst_examples(HOSTING),
]


def run(example: Example) -> dict[str, Any]:
    """Execute ``example`` in a fresh namespace; return the namespace."""
    padded = "\n" * (example.line - 1) + example.code
    namespace: dict[str, Any] = {"__name__": "__doc_example__"}
    exec(compile(padded, example.name, "exec"), namespace)
    return namespace


def test_examples_are_found() -> None:
    assert markdown_examples(README), "README.md has no ```python example"
    assert len(rst_examples(QUICKSTART)) >= 5, "docs/quickstart.rst lost its examples"
    assert len(rst_examples(BOTS)) >= 3, "docs/bots.rst lost its examples"
    assert len(rst_examples(HOSTING)) >= 4, "docs/hosting.rst lost its examples"


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_example_runs(example: Example, capsys: pytest.CaptureFixture[str]) -> None:
    namespace = run(example)
    printed = capsys.readouterr().out
    if re.search(r"^\s*print\(", example.code, re.MULTILINE):
        assert printed.strip(), f"{example.name} prints nothing"
    for value in namespace.values():
        if isinstance(value, tr.Game) and value.over:
            # A game an example plays to the end has a complete, consistent result.
            result = value.result
            assert result is not None
            assert len(result.standings) == len(value.state.players)
            assert result.standings[0].rank == 1
            assert [s.total for s in result.standings] == sorted(
                (s.total for s in result.standings), reverse=True
            )
            assert result.winners


def test_readme_plays_a_game_to_the_end() -> None:
    games = [v for e in markdown_examples(README) for v in run(e).values() if isinstance(v, tr.Game)]
    assert games, "the README example builds no game"
    assert all(game.over for game in games)


def test_quickstart_game_ends_with_a_winner(capsys: pytest.CaptureFixture[str]) -> None:
    played = [e for e in rst_examples(QUICKSTART) if "winner(s):" in e.code]
    assert played, "the quickstart lost its full-game example"
    namespace = run(played[0])
    game = namespace["game"]
    assert isinstance(game, tr.Game)
    assert game.over and game.decision is None and game.legal_actions() == ()
    assert "winner(s):" in capsys.readouterr().out


def test_the_cavern_tavern_page_position_loads_and_plays() -> None:
    """The position document shown on docs/cavern_tavern.rst loads and waits for Ann."""
    text = CAVERN_TAVERN.read_text(encoding="utf-8")
    block = re.search(r"\.\. code-block:: yaml\n\n(.*?)\n\n(?=\S)", text, re.DOTALL)
    assert block is not None
    rules = tr.load_rules("cavern_tavern")
    game = tr.Game.from_position(rules, tr.load_position(rules, textwrap.dedent(block.group(1))))
    assert game.decision is not None and game.decision.player == 0
