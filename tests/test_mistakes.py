"""The battery of card authors' mistakes: each a realistic slip, and the message it must get.

Every folder ``tests/mistakes/<game>/<case>/`` is one mistake an author makes from the
docs alone (``<game>`` is a game id: ``taverna``, ``cavern_tavern``):

``case.yaml``
    ``about``: the mistake, in words. ``expect``: the problem code the report must hold,
    or ``check:<code>`` for a warning only ``taverna check`` gives, after playing games.
    ``base`` (optional, true by default) and ``paths`` (optional, ``[input]`` by
    default) as in ``tests/corpus/case.yaml``; ``game`` (optional) validates the input as
    another game, for the mistake of naming the wrong one; ``absent`` (optional) lists codes
    the report must not hold, problems that only follow from the mistake (an option
    "unused" because the broken card that reads it was left out).
``input/``
    A pack or loose content files, written on top of the bundled content of the game.

A mistake is *caught* when the report holds a problem of the expected code that names a
file of the case and its line, and says what to do (a hint, or a message naming the
fix). The corpus (``tests/test_corpus.py``) holds the exact report of one case per code;
this battery holds many mistakes per code and asserts only what an author needs.

Mistakes the library does not catch yet are listed in :data:`KNOWN_SILENT` with the
reason, and the list is asserted exactly: a listed case that becomes caught fails until
it is removed, so the list only shrinks. See ``tests/mistakes/README.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

import taverna_rules as tr
from test_corpus import WHOLE_FILE_CODES, base_parsed_once

HERE = Path(__file__).resolve().parent
BATTERY = HERE / "mistakes"
CASE_KEYS = {"about", "expect", "base", "paths", "game", "absent"}
CHECK_PREFIX = "check:"
#: The games a ``check:`` case plays (the kit checks every step, about 3 s a game): enough
#: for a card to come up, few enough for the battery to stay quick.
CHECK_GAMES = 3
CHECK_PLAYERS = (2,)

#: Mistakes the library lets pass today: ``game/case`` -> why (silent: no problem of the
#: expected code; vague: the problem has no line, or does not say what to do).
KNOWN_SILENT: dict[str, str] = {}


# ----------------------------------------------------------------------------- cases
@dataclass(frozen=True)
class Mistake:
    """One folder of the battery."""

    folder: Path
    game: str
    about: str
    expect: str
    base: bool
    paths: tuple[str, ...]
    #: The game the input is validated as: the folder's, unless the mistake is to name another.
    validated_as: str
    #: Codes that must not be reported: consequences of the mistake, not mistakes.
    absent: frozenset[str]

    @property
    def name(self) -> str:
        """``game/case``, the key of :data:`KNOWN_SILENT`."""
        return f"{self.game}/{self.folder.name}"

    @property
    def code(self) -> str:
        """The problem code expected, without its ``check:`` prefix."""
        return self.expect.removeprefix(CHECK_PREFIX)

    @property
    def needs_play(self) -> bool:
        """True when only ``taverna check`` (games played) can see the mistake."""
        return self.expect.startswith(CHECK_PREFIX)


def read_mistake(folder: Path) -> Mistake:
    meta = YAML(typ="safe", pure=True).load((folder / "case.yaml").read_text(encoding="utf-8"))
    if not isinstance(meta, dict) or set(meta) - CASE_KEYS or not meta.get("about") or not meta.get("expect"):
        raise ValueError(
            f"{folder}/case.yaml: a mapping with 'about' and 'expect' (keys: {sorted(CASE_KEYS)})"
        )
    return Mistake(
        folder,
        folder.parent.name,
        str(meta["about"]),
        str(meta["expect"]),
        bool(meta.get("base", True)),
        tuple(str(p) for p in meta.get("paths", ["input"])),
        str(meta.get("game", folder.parent.name)),
        frozenset(str(code) for code in meta.get("absent", ())),
    )


def all_mistakes() -> list[Mistake]:
    return [
        read_mistake(folder)
        for game in sorted(BATTERY.iterdir())
        if game.is_dir()
        for folder in sorted(game.iterdir())
        if (folder / "case.yaml").is_file()
    ]


MISTAKES = all_mistakes()


# ----------------------------------------------------------------------------- running a case
#: Words of a message that names the fix, when there is no hint: a name to use instead,
#: what is expected (a type, a bound, a required key), or the rule the content breaks.
FIX_WORDS = re.compile(
    r"\b(did you mean|write|use|add|remove|give|set|rename|declare|move|put|change|lower|raise"
    r"|expected|minimum|maximum|at least|at most|required property|such as|must|needs?|one of)\b"
)


def _problems(mistake: Mistake) -> Sequence[Any]:
    """The problems the library reports: validation, or warnings of ``taverna check``."""
    paths = [(mistake.folder / p).as_posix() for p in mistake.paths]
    report = tr.validate(paths, base=mistake.base, game=mistake.validated_as)
    if not mistake.needs_play or not report.ok:
        return report.problems
    from taverna_rules.tools.conformance import run_checks

    rules = tr.load_rules(*paths, base=mistake.base, game=mistake.validated_as)
    result = run_checks(rules, games=CHECK_GAMES, seed=0, player_counts=CHECK_PLAYERS)
    # The kit's warnings about content never exercised as written (Problems, like validation's).
    return tuple(getattr(result, "warnings", ()))


def verdict(mistake: Mistake, problems: Sequence[Any]) -> str:
    """``caught``, or why not: ``silent`` (no problem of the code), ``vague: ...`` or
    ``misleading: ...`` (a consequence of the mistake reported as another)."""
    misleading = sorted({p.code for p in problems} & mistake.absent)
    if misleading:
        return f"misleading (reported: {', '.join(misleading)})"
    ours = [p for p in problems if p.code == mistake.code]
    if not ours:
        seen = sorted({p.code for p in problems})
        return f"silent (reported: {', '.join(seen) or 'nothing'})"
    prefix = mistake.folder.as_posix() + "/"
    for problem in ours:
        in_case = str(problem.file).replace("\\", "/").startswith(prefix)
        located = in_case and (bool(problem.line) or problem.code in WHOLE_FILE_CODES)
        helpful = bool(problem.hint) or bool(FIX_WORDS.search(problem.message))
        if located and helpful:
            return "caught"
    first = ours[0]
    return f"vague: {first.message!r} at {first.file}:{first.line}, hint {first.hint!r}"


@pytest.fixture(scope="module")
def fast_yaml() -> Iterator[None]:
    with base_parsed_once():
        yield


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.name for m in MISTAKES])
def test_mistake_is_caught(mistake: Mistake, fast_yaml: None) -> None:
    outcome = verdict(mistake, _problems(mistake))
    if mistake.name in KNOWN_SILENT:
        assert outcome != "caught", f"{mistake.name} is caught now: remove it from KNOWN_SILENT"
    else:
        assert outcome == "caught", f"{mistake.name} ({mistake.about}) expects {mistake.expect}: {outcome}"


def test_the_battery_is_well_formed() -> None:
    names = {m.name for m in MISTAKES}
    assert sorted(set(KNOWN_SILENT) - names) == [], "KNOWN_SILENT lists cases that do not exist"
    games = {m.game for m in MISTAKES}
    assert games <= set(tr.installed_games()), f"folders of tests/mistakes/ that are not games: {games}"
    for mistake in MISTAKES:
        extra = {p.name for p in mistake.folder.iterdir()} - {"case.yaml", "input"}
        assert not extra, f"{mistake.name}: unexpected files {sorted(extra)}"
        assert all((mistake.folder / p).exists() for p in mistake.paths), f"{mistake.name}: a path is missing"
