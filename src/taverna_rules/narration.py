"""Narration of any game: each game's lines for its events (its module's ``narrate``;
:meth:`Game.narrate <taverna_rules.Game.narrate>` tells a whole log), and the final score
table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from taverna_rules.core.game_modules import game_module
from taverna_rules.core.records import Event, Result

__all__ = ["describe_event", "score_table"]


def describe_event(rules: Any, state: Any, event: Event, lang: str | None = None) -> str | None:
    """The line for ``event`` in the game of ``rules`` (``state``: the state it led to, as
    the reader sees it), in ``lang`` (``None``: the game's first language), or ``None``
    for bookkeeping and for a game without narration."""
    module = game_module(rules.game)
    line: str | None = module.narrate(rules, state, event, lang or module.languages[0])
    return line


def score_table(
    result: Result, categories: Sequence[str] | None = None, headings: Mapping[str, str] | None = None
) -> str:
    """The final standings as a fixed-width table, one column per VP category.

    ``headings`` words the columns: ``rank``, ``player``, ``total`` and each category (a
    game's :attr:`~taverna_rules.GameModule.narration` names its categories with
    ``category(rules, category, lang)``); a column it does not word is headed by its key,
    underscores as spaces."""
    cats = list(categories or sorted({c for s in result.standings for c, _ in s.breakdown}))
    words = headings or {}
    header = [words.get(key, key.replace("_", " ")) for key in ("rank", "player", *cats, "total")]
    rows = [
        [
            f"{s.rank}{'=' if s.tied else ''}",
            s.name,
            *[str(dict(s.breakdown).get(c, 0)) for c in cats],
            str(s.total),
        ]
        for s in result.standings
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    rule = "-" * len(line(header))
    return "\n".join([line(header), rule, *(line(r) for r in rows)])
