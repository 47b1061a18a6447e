"""A decision's prompt in any of the game's languages: ``game.prompt(decision, lang)``.

Taverna words every question in English, French and Dutch (its effect choices too, around
the options its vocabulary renders); the decider's name comes first in every language.
Cavern Tavern is English only, and a game whose prompts take no language reads them in
their one language."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import taverna_rules as tr
from taverna_rules.core.prompts import addressed, asked
from taverna_rules.core.records import Task
from taverna_rules.dsl.text import Text

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
FEY = Path(__file__).resolve().parent.parent / "examples" / "packs" / "fey_court"
AFTER_NAME = {"en": ": ", "fr": " : ", "nl": ": "}


def _decisions(source: str | Path, players: int, seed: int) -> Iterator[tuple[tr.Game, tr.Decision]]:
    """Every pending decision of a random game, with the game at that point."""
    game = tr.new_game(tr.load_rules(source), NAMES[:players], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        for decision in game.decisions:
            yield game, decision
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("source", "players", "seed"), [("taverna", 3, 1), ("taverna", 5, 4), (FEY, 2, 2)])
def test_taverna_asks_every_question_in_its_three_languages(
    source: str | Path, players: int, seed: int
) -> None:
    questions: dict[str, dict[str, set[str]]] = {}
    for game, decision in _decisions(source, players, seed):
        name = game.state.players[decision.player].name
        assert game.prompt(decision) == game.prompt(decision, "en") == decision.prompt
        for lang in ("en", "fr", "nl"):
            prompt = game.prompt(decision, lang)
            assert prompt.startswith(name + AFTER_NAME[lang]), (lang, prompt)
            question = prompt.removeprefix(name + AFTER_NAME[lang])
            questions.setdefault(decision.kind, {}).setdefault(lang, set()).add(question)
    assert len(questions) >= 8, sorted(questions)
    for kind, by_lang in questions.items():
        # Each language has its own words: no French or Dutch question is the English one.
        assert not by_lang["fr"] & by_lang["en"], (kind, by_lang["fr"] & by_lang["en"])
        assert not by_lang["nl"] & by_lang["en"], (kind, by_lang["nl"] & by_lang["en"])
    if source == FEY:
        assert any(q.startswith("choisissez : ") for q in questions["effect_choice"]["fr"])


def test_a_question_names_things_in_the_language_asked() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    assert game.prompt(lang="fr") == "Ann : choisissez le peuple du Roy"
    assert game.prompt(lang="nl") == "Ann: kies het volk van de Koning"
    rng = random.Random(1)
    while game.decision is not None and game.decision.kind != "place_customer":
        game.apply(rng.choice(game.legal_actions()))
    assert game.decision is not None
    people = game.state.turn.people
    assert game.prompt(lang="fr").startswith(f"{game.state.players[game.decision.player].name} : installez ")
    assert game.rules.name_of(people, "nl") in game.prompt(lang="nl")


def test_a_seat_reads_the_decision_it_is_shown() -> None:
    """The decision as another seat sees it (without its actions) reads the same."""
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    decision = game.decision
    assert decision is not None
    shown = game.decision_for(1)
    assert shown is not None and shown.actions == ()
    assert game.prompt(shown, "nl") == game.prompt(decision, "nl")


def test_cavern_tavern_asks_in_english_its_one_language() -> None:
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    assert game.prompt() == game.prompt(game.decision, "en") == "Ann: choose one: take Fruit; or take Herbs"
    with pytest.raises(tr.OptionError, match="Cavern Tavern is written in 'en'"):
        game.prompt(lang="fr")


def test_only_a_pending_decision_has_a_prompt() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    old = game.decision
    assert old is not None
    game.apply(old.actions[0])
    with pytest.raises(tr.OptionError, match="prompt takes a pending decision of this game"):
        game.prompt(old, "fr")
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(tr.OptionError, match="not None"):
        game.prompt()


def test_a_prompt_in_one_language_reads_in_it_whatever_the_language_asked() -> None:
    """A game's prompt without ``lang`` (as every game wrote them before) is its one
    language's; one with ``lang``, or asked from a Text, speaks each."""
    state = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1).state
    task = Task("bid", 1)
    english_only = addressed(lambda rules, state, task: "bid for the lot")
    assert english_only(None, state, task) == english_only(None, state, task, "nl") == "Bob: bid for the lot"
    assert english_only(None, state, task, "fr") == "Bob : bid for the lot"
    worded = addressed(asked(Text(en="bid for the lot", fr="misez pour le lot", nl="bied op het kavel")))
    assert worded(None, state, task) == "Bob: bid for the lot"
    assert worded(None, state, task, "fr") == "Bob : misez pour le lot"
    assert worded(None, state, task, "nl") == "Bob: bied op het kavel"

    def per_seat(rules: Any, state: Any, task: Task, lang: str = "en") -> str:
        return {"en": "seat", "fr": "place"}.get(lang, "?") + f" {task.player}"

    assert addressed(per_seat)(None, state, Task("x", 0), "fr") == "Ann : place 0"
    assert addressed(addressed(per_seat)) is not None
    assert addressed(addressed(per_seat))(None, state, Task("x", 0)) == "Ann: seat 0"
