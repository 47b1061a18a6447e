"""How a decision's prompt reads for every seat: its decider's name first, in any of the
game's languages.

The server shows the pending decision to every seat and to spectators, so a prompt is
written for all of them: ``"Ann: seat your customer of the Elves at a free table"`` is Ann's
question as the table hears it (the words after the name may say "you": they speak to
the decider). The core's chance decision reads the same way, ``"chance: one of 3
outcomes"``, and a simultaneous decision words each seat's prompt under that seat's name.
A game writes only the question: :meth:`Flow.decision
<taverna_rules.core.flow.Flow.decision>` and :meth:`Flow.simultaneous
<taverna_rules.core.flow.Flow.simultaneous>` put the name in front of every prompt they
register (the ``effect_choice`` of :class:`~taverna_rules.core.effects.EffectRuntime`
too): :func:`addressed`.

A decision's :attr:`~taverna_rules.Decision.prompt` is in the game's first
language. A game written in several languages words a question in each of them by giving
its prompt function a fourth parameter, ``lang`` (one of the game's languages, its first
by default), or a constant question as a :class:`~taverna_rules.dsl.text.Text` with
:func:`asked`; :meth:`Game.prompt <taverna_rules.Game.prompt>` reads a pending decision's
prompt in any of the game's languages (:func:`prompt_in`). A prompt without ``lang`` is
read in its one language whatever the language asked.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.records import Decision, Task
from taverna_rules.core.words import french_articles
from taverna_rules.dsl.text import Text

__all__ = ["Addressed", "Prompt", "addressed", "ask", "asked", "decider_name", "in_words", "prompt_in"]

#: A decision's question: ``prompt(rules, state, task) -> text``, or
#: ``prompt(rules, state, task, lang) -> text`` for a game written in several languages.
Prompt = Callable[[Any, Any, Task], str]

#: What follows the decider's name, by language (French sets a space before a colon).
_AFTER_NAME = {"fr": " : "}


def decider_name(state: StateLike, seat: int) -> str:
    """The name of seat ``seat`` of ``state`` (``"nobody"`` for a seat it has not)."""
    players = state.players
    return str(players[seat].name) if 0 <= seat < len(players) else "nobody"


def _speaks_languages(prompt: Prompt) -> bool:
    """Whether ``prompt`` takes the language to word its question in (a ``lang`` parameter)."""
    try:
        return "lang" in inspect.signature(prompt).parameters
    except (TypeError, ValueError):  # a callable Python cannot read the signature of
        return False


class Addressed:
    """A decision's prompt as the table reads it: the decider's name, then the question
    (:func:`addressed`). Called as the engine calls a prompt, ``(rules, state, task)``, it
    is in the game's first language; with ``lang`` as well, in that language when the
    question is written in it."""

    __slots__ = ("_multilingual", "question")

    def __init__(self, question: Prompt) -> None:
        #: The game's question, without the name.
        self.question = question
        self._multilingual = _speaks_languages(question)

    def __call__(self, rules: Any, state: StateLike, task: Task, lang: str | None = None) -> str:
        if lang is not None and self._multilingual:
            text = self.question(rules, state, task, lang)  # type: ignore[call-arg]  # it takes lang
        else:
            text = self.question(rules, state, task)
        return f"{decider_name(state, task.player)}{_AFTER_NAME.get(lang or '', ': ')}{text}"


def addressed(prompt: Prompt) -> Addressed:
    """``prompt`` with its decider's name in front: ``"Ann: choose an opponent"``."""
    return prompt if isinstance(prompt, Addressed) else Addressed(prompt)


def asked(question: Text) -> Prompt:
    """A prompt that asks the same question every time, in each language ``question`` is
    written in: ``asked(Text(en="choose an opponent", fr="choisissez un adversaire"))``."""

    def prompt(rules: RuleSetLike, state: StateLike, task: Task, lang: str = "en") -> str:
        return question.get(lang)

    return prompt


def ask(en: str, fr: str) -> Prompt:
    """A question asked the same way every time, in English and French (the games whose
    rulebook is French): ``ask("choose a player", "choisissez un joueur")``."""
    return asked(Text(en=en, fr=fr))


def in_words(lang: str, en: str, fr: str) -> str:
    """``fr`` (its articles contracted) for French, else ``en``: a question worded from
    the state."""
    return french_articles(fr) if lang == "fr" else en


def prompt_in(module: Any, rules: RuleSetLike, state: StateLike, decision: Decision, lang: str) -> str:
    """The prompt of ``decision``, pending in ``state`` (the game's of ``module``), in
    ``lang``: its question worded again from the task it decides (for a simultaneous
    decision, as its seat's), or its own prompt for a decision the game does not word (the
    core's chance decision)."""
    kind = module.decisions.get(decision.kind)
    task = state.stack[-1] if state.stack else None
    if kind is None or task is None or task.kind != decision.kind or not isinstance(kind.prompt, Addressed):
        return decision.prompt
    return kind.prompt(rules, state, task.replace(player=decision.player), lang)
