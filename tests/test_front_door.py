"""What a newcomer meets first: a game named wrong, the README and the docs' first pages.

A name that is neither an installed game nor a path is answered with the installed games
(and the closest one), wherever a game or a path is taken; the README and the docs speak
of every installed game, link every docs page, and cite no issue numbers.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules.core.game_modules import bundled_games
from taverna_rules.errors import ContentError, GameModuleError
from test_readme import markdown_examples, rst_examples

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: The games the library bundles (an example game installed from examples/ is not one).
GAMES = bundled_games()
_ISSUE_NUMBER = r"(?i)\b(?:issues?|pull request|PR)\s*#\d+|\(#\d+\)"


def _near_miss(game: str) -> str:
    """``game`` with a letter too many: ``tavernas``, ``cavern_taverns`` (a letter changed
    could name another game: ``taverna`` and ``taverne`` are both games)."""
    return game + "s"


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


# ----------------------------------------------------------------------------- the words
def _docs_pages() -> list[Path]:
    return sorted(DOCS.glob("*.rst"))


def _front_texts() -> list[Path]:
    return [README, *_docs_pages(), *sorted((DOCS / "_generated").glob("*.rst"))]


@pytest.mark.parametrize("path", _front_texts(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_issue_numbers(path: Path) -> None:
    """History is in CHANGELOG.md: the README and the docs cite no issue or pull request."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(_ISSUE_NUMBER, text)
    assert not found, f"{path.name}: {found}"


def test_no_issue_numbers_in_docstrings() -> None:
    """The API reference is made of the package's docstrings: they cite no issue either."""
    import ast

    found = []
    for path in sorted((ROOT / "src" / "taverna_rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in [tree, *ast.walk(tree)]:
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node) or ""
                found += [f"{path.name}: {m}" for m in re.findall(_ISSUE_NUMBER, doc)]
    assert not found, found


def _toctree_pages() -> list[str]:
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    block = index.split(".. toctree::", 1)[1]
    return re.findall(r"^   ([a-z_-]+)$", block, re.MULTILINE)


def test_the_readme_links_every_docs_page() -> None:
    readme = README.read_text(encoding="utf-8")
    pages = _toctree_pages()
    assert len(pages) == len(_docs_pages()) - 1  # every page but the index is in the toctree
    missing = [page for page in pages if f"docs/{page}.rst" not in readme]
    assert not missing, f"README.md's docs table misses {missing}"


def test_the_index_reads_next_to_every_page() -> None:
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    read_next = index.split("Read next\n---------\n", 1)[1].split(".. toctree::", 1)[0]
    missing = [page for page in _toctree_pages() if f":doc:`{page}`" not in read_next]
    assert not missing, f"docs/index.rst's Read next misses {missing}"


def test_the_readme_top_is_one_screen() -> None:
    """What it is and for whom, the install and three examples come first, within about
    one screen; then the commands, the docs, the reconstructed content and the changelog."""
    text = README.read_text(encoding="utf-8")
    top, _, rest = text.partition("\n## Commands\n")
    assert rest, "README.md has no '## Commands' section"
    assert top.count("\n") <= 75, f"the top of README.md is {top.count(chr(10))} lines"
    first_paragraph = top.split("\n\n")[1]
    assert "rules engine" in first_paragraph and "researchers" in first_paragraph
    assert top.index("pip install") < top.index("```python")
    assert top.count("```python") == 3 and "```python" not in rest
    for needed in ("make demo", "make test", "CHANGELOG.md", "provenance: reconstructed"):
        assert needed in rest, needed


@pytest.mark.parametrize("path", [README, DOCS / "index.rst"], ids=lambda p: p.name)
def test_the_front_pages_name_every_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for game in GAMES:
        name = tr.game_module(game).name.en
        assert name in text, f"{path.name} does not name {name!r}"


def test_the_package_description_names_every_game() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for game in GAMES:
        assert tr.game_module(game).name.en in project["description"], project["description"]


def test_install_says_which_bots_the_demo_plays() -> None:
    from taverna_rules.tools import demo

    source = Path(demo.__file__).read_text(encoding="utf-8")
    bots = set(re.findall(r"\b(Random|Greedy|Ismcts)Bot\(", source, re.IGNORECASE))
    assert bots, "the demo plays no bot this test knows"
    install = (DOCS / "install.rst").read_text(encoding="utf-8")
    said = set(re.findall(r"between \w+ (random|greedy|ISMCTS) bots", install, re.IGNORECASE))
    assert {b.lower() for b in said} == {b.lower() for b in bots}, (said, bots)


# ----------------------------------------------------------------------------- the extras
#: Imported only when installed (a guarded import), so no page needs to bring them.
_OPTIONAL_IMPORTS = {"idna"}  # jsonschema's format checks, its 'format' extra
_EXAMPLE_PAGES = [
    README,
    *(DOCS / f"{page}.rst" for page in ("quickstart", "cavern_tavern", "bots", "hosting")),
]


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(extras: set[str]) -> set[str]:
    """The distributions ``pip install 'taverna-rules[extras]'`` brings, read from
    pyproject.toml (the installed metadata may be older) and then from each installed
    dependency's metadata."""
    from importlib import metadata

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    wanted += [Requirement(r) for e in extras for r in project["optional-dependencies"][e]]
    found: set[str] = set()
    while wanted:
        requirement = wanted.pop()
        name = _canonical(requirement.name)
        if name in found:
            continue
        found.add(name)
        try:
            requires = metadata.requires(requirement.name) or []
        except metadata.PackageNotFoundError:
            continue
        for text in requires:
            sub = Requirement(text)
            markers = [{"extra": e} for e in requirement.extras or {""}]
            if sub.marker is None or any(sub.marker.evaluate(m) for m in markers):
                wanted.append(sub)
    return found


def _imported_distributions(modules: set[str]) -> set[str]:
    """The distributions whose modules importing ``modules`` loads, in a fresh process."""
    import json
    import subprocess
    import sys

    # What the interpreter loads on its own (a .pth file's hook) is nobody's dependency.
    script = (
        "import importlib, json, sys\n"
        "before = set(sys.modules)\n"
        f"for name in {sorted(modules)!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    from importlib import metadata

    owners = metadata.packages_distributions()
    return {
        _canonical(dist)
        for top in json.loads(out.stdout)
        if top not in sys.stdlib_module_names and top != "taverna_rules"
        for dist in owners.get(top, ())
    }


@pytest.mark.parametrize("page", _EXAMPLE_PAGES, ids=lambda p: p.name)
def test_examples_need_only_the_extras_their_page_names(page: Path) -> None:
    """What a page's examples import (and what that imports in turn: Starlette's test
    client loads httpx2) comes with the extras the page tells the reader to install."""
    text = page.read_text(encoding="utf-8")
    named = set(re.findall(r"\[([a-z]+)\]'", text)) | {
        extra for listed in re.findall(r"extras: ([a-z, ]+)", text) for extra in re.split(r",\s*", listed)
    }
    examples = markdown_examples(page) if page.suffix == ".md" else rst_examples(page)
    code = "\n".join(example.code for example in examples)
    modules = set(re.findall(r"^\s*(?:from|import) ([\w.]+)", code, re.MULTILINE))
    assert modules, f"{page.name} imports nothing"
    extra = _imported_distributions(modules) - _closure(named) - _OPTIONAL_IMPORTS
    assert not extra, f"{page.name}'s examples need {sorted(extra)}, which its extras {sorted(named)} lack"
