"""French as French writes it: a name put in a sentence contracts with the words before it
(à + le → au, de + les → des, le or de before a vowel → l', d'). Games played in French are searched,
every narrated line (for every seat and a spectator), every label of every legal action,
every prompt and the boards, for an article left as it was put."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import taverna_rules as tr
from taverna_rules.core.words import french_articles

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
FEY = Path(__file__).resolve().parent.parent / "examples" / "packs" / "fey_court"
#: An article that French contracts, as a sentence would show it uncontracted.
UNCONTRACTED = re.compile(
    r"\b(à le|à les|de le|de les) |\b(le|la|de) [aeiouàâéèêëîïôû]|\bdu (reine|la|les?) ", re.IGNORECASE
)


def _french_texts(source: str | Path, players: int, seed: int) -> list[str]:
    """Every French text of a random game: labels and prompts as it goes, then every
    reader's narration and board."""
    game = tr.new_game(tr.load_rules(source), NAMES[:players], seed=seed)
    rng = random.Random(seed)
    texts = []
    while not game.over:
        texts += [game.describe(action, "fr") for action in game.legal_actions()]
        texts += [game.prompt(decision, "fr") for decision in game.decisions]
        game.apply(rng.choice(game.legal_actions()))
    for reader in (None, *range(players)):
        texts += [*game.narrate(reader, lang="fr"), game.board(reader, lang="fr")]
    return texts


@pytest.mark.parametrize(("source", "players", "seed"), [("taverna", 2, 1), ("taverna", 4, 7), (FEY, 3, 2)])
def test_a_game_in_french_contracts_its_articles(source: str | Path, players: int, seed: int) -> None:
    texts = _french_texts(source, players, seed)
    assert len(texts) > 500
    wrong = sorted({line for text in texts for line in text.splitlines() if UNCONTRACTED.search(line)})
    assert not wrong, wrong[:10]
    # The names that start with their article were put in sentences, and read contracted.
    assert any("au Grimoire Ouvert" in text for text in texts)


def test_the_queen_and_the_king_read_with_their_articles() -> None:
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=1)
    game.apply(game.legal_actions()[0])
    assert game.describe(game.legal_actions()[0], "fr").startswith("Le peuple de la Reine : ")
    assert game.narrate(lang="fr")[-1].startswith("Le peuple du Roy : ")


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        ("Installer le client à Le Grimoire Ouvert", "Installer le client au Grimoire Ouvert"),
        ("L'acte de Le Grimoire Ouvert", "L'acte du Grimoire Ouvert"),
        ("Un client de les Nains, à les Elfes", "Un client des Nains, aux Elfes"),
        ("À le Roy", "Au Roy"),
        ("Le peuple de le Roy et de la Reine", "Le peuple du Roy et de la Reine"),
        ("Activer le Archimage, la Ambassadrice", "Activer l'Archimage, l'Ambassadrice"),
        ("Le Écuyer", "L'Écuyer"),
        ("Tour de Ann, à le Archimage", "Tour d'Ann, à l'Archimage"),
        ("à La Grande Salle, la Malédiction, le héros", "à La Grande Salle, la Malédiction, le héros"),
        ("Bob prend les jetons de la table", "Bob prend les jetons de la table"),
    ],
)
def test_french_articles_contract_as_french_writes_them(sentence: str, read: str) -> None:
    assert french_articles(sentence) == read
