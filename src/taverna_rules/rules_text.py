"""The rules text of every card and item with an effect, for any game, in the languages
the game is written in (Taverna: English, French, Dutch; Cavern Tavern: English).

:func:`card_texts` renders each card of a rule set with the op texts of its game's
vocabulary (Taverna: spells, royal favours, dignitary levels, people-track bonuses and
royal scorings; Cavern Tavern: the board's places, orders, items, Nasty the Dwarf Says
cards and secret tasks); :func:`format_card_texts` lays the result out as a plain-text
listing.

>>> import taverna_rules as tr
>>> texts = card_texts(tr.load_rules(), "fr")
>>> next(t.text for t in texts if t.id == "ale_blessing")
'Coût 1. Votre tour. Gagnez 3 sous.'
>>> texts = card_texts(tr.load_rules("cavern_tavern"))
>>> next(t.text for t in texts if t.id == "cellar_1")
'Cellar place: dice summing to exactly 1. Choose one: take Fruit or take Herbs.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from taverna_rules.core import card_texts as _listing
from taverna_rules.core.card_texts import CardText
from taverna_rules.core.game_modules import game_module
from taverna_rules.errors import GameModuleError

__all__ = ["CardText", "card_texts", "format_card_texts"]


def card_texts(rules: Any, lang: str = "en") -> tuple[CardText, ...]:
    """The rules text of every card of ``rules`` with an effect, in ``lang``, in the order
    of its game's kinds (its module's ``rules_text.kinds``), then of the content. Each text is
    one or more sentences, for example ``Cost 1. Your turn. Gain 3 coin(s).`` A language
    the game is not written in raises :exc:`ValueError`; a game without rules text
    :class:`~taverna_rules.errors.GameModuleError`."""
    module = game_module(rules.game)
    if module.rules_text is None:
        raise GameModuleError(f"game {module.id!r} has no rules text")
    return module.rules_text.texts(rules, lang)


def format_card_texts(texts: Iterable[CardText], width: int = 88) -> str:
    """A plain-text listing of ``texts`` (:func:`taverna_rules.core.card_texts.format_card_texts`),
    each game's kinds in its order under its headings."""
    return _listing.format_card_texts(texts, width, layouts=lambda game: game_module(game).rules_text)
