"""The rules text of a game's cards, for any game: :class:`CardText` (one card, or one level
of a card, in one language), what a game module gives (:class:`RulesText`: its kinds of
card, their headings and the function that renders them) and the plain-text listing."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from taverna_rules.dsl.text import Text

__all__ = ["PROVENANCE_WORDS", "CardText", "RulesText", "format_card_texts", "sentence"]

#: How a listing names the provenance of a card, in each language.
PROVENANCE_WORDS: Mapping[str, Text] = {
    "rulebook": Text(en="rulebook", fr="règle du jeu", nl="spelregels"),
    "printed": Text(en="printed", fr="imprimé", nl="gedrukt"),
    "reconstructed": Text(en="reconstructed", fr="reconstitué", nl="gereconstrueerd"),
}


@attrs.frozen
class CardText:
    """The rules text of one card or item with an effect, in one language.

    ``kind`` is one of its game's kinds (Taverna: ``spell``, ``favour``, ``dignitary``,
    ``track``, ``royal_scoring``; Cavern Tavern: ``place``, ``order``, ``item``,
    ``nasty_says``, ``secret_task``); ``id`` is the item's content id (a people id for a
    Taverna track bonus); ``name`` is its name in ``lang``. A Taverna dignitary gives one
    text per level (``cost`` set) and a track one per bonus (``position`` set); a spell has
    its ``cost`` too, except the Curse, which is never cast. ``provenance`` is set for the
    items that record one. ``game`` is the id of the game the card belongs to.
    """

    kind: str
    id: str
    name: str
    text: str
    lang: str = "en"
    provenance: str | None = None
    cost: int | None = None
    position: int | None = None
    game: str = "taverna"


@attrs.frozen
class RulesText:
    """What a game module gives for the rules text of its cards."""

    #: Its kinds of card, in the order its listing shows them.
    kinds: tuple[str, ...]
    #: The heading of each kind in the listing, in each language.
    headings: Mapping[str, Text]
    #: ``texts(rules, lang) -> card texts``, in the order of :attr:`kinds`; a language the
    #: game is not written in raises :exc:`ValueError`.
    texts: Callable[[Any, str], tuple[CardText, ...]]


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a closing full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _no_layout(game: str) -> RulesText | None:
    return None


def format_card_texts(
    texts: Iterable[CardText],
    width: int = 88,
    *,
    layouts: Callable[[str], RulesText | None] = _no_layout,
) -> str:
    """A plain-text listing of ``texts``, grouped by kind under headings in their language.

    The texts of one item (the levels of a dignitary, the bonuses of a track) follow its
    name, which shows the item's provenance when it has one. Lines are wrapped at
    ``width`` characters. An empty ``texts`` gives an empty string. ``layouts(game)`` gives
    a game's :class:`RulesText` (its kinds' order and headings; ``None``: kinds in the
    order met, headed by their ids): the game modules declare them and import this
    module, so the caller passes the lookup in
    (:func:`taverna_rules.rules_text.format_card_texts` passes the modules').
    """
    groups: dict[tuple[str, str], list[CardText]] = {}
    for item in texts:
        groups.setdefault((item.game, item.kind), []).append(item)
    games = list(dict.fromkeys(game for game, _ in groups))

    def place(key: tuple[str, str]) -> tuple[int, int]:
        """Games in the order met, each game's kinds in its listing's order."""
        spec = layouts(key[0])
        kinds = spec.kinds if spec is not None else ()
        return games.index(key[0]), kinds.index(key[1]) if key[1] in kinds else len(kinds)

    sections: list[str] = []
    for key in sorted(groups, key=place):
        items = groups[key]
        spec = layouts(key[0])
        heading = spec.headings.get(key[1]) if spec is not None else None
        title = heading.get(items[0].lang) if heading is not None else key[1]
        lines = [title, "=" * len(title)]
        previous: tuple[str, str] | None = None
        for item in items:
            if (item.kind, item.id) != previous:
                lines.append("")
                lines.append(_title(item))
                previous = (item.kind, item.id)
            lines.append(_wrap(item.text, width))
        sections.append("\n".join(lines))
    return "\n\n".join(sections)


def _title(item: CardText) -> str:
    word = PROVENANCE_WORDS.get(item.provenance or "")
    return item.name if word is None else f"{item.name} [{word.get(item.lang)}]"


def _wrap(text: str, width: int) -> str:
    return textwrap.fill(
        text, width=width, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
    )
