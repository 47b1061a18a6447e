"""The action codec (issue #12): every action a rule set can offer, numbered stably."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules.core import action_space as codec
from taverna_rules.games import taverna

GAMES = ("taverna", "cavern_tavern", "taverne")
SEATS = {"taverna": (2, 3, 4, 5), "cavern_tavern": (2, 3, 4, 5), "taverne": (3, 4, 5, 5)}
#: The numbering of the bundled content: a change is a change of every trained model's
#: output layer, so it is reviewed here (the count and a hash of the actions in order).
GOLDEN = {
    "taverna": (345, "cbecec639949de5b"),
    "cavern_tavern": (2172, "96d280ccbd30ae79"),
    "taverne": (1139, "ce24ccd14e0c054b"),
}


def _digest(space: tr.ActionSpace) -> str:
    return hashlib.sha256("\n".join(map(repr, space.actions)).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_numbering_depends_on_the_content_only(game_id: str) -> None:
    rules = tr.load_rules(game_id)
    first = tr.action_space(rules)
    codec._SPACES.clear()
    again = tr.action_space(rules)
    assert again is not first and again.actions == first.actions
    assert rules.action_space is again
    assert (first.size, _digest(first)) == GOLDEN[game_id]
    assert len(set(first.actions)) == first.size


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1), seats=st.integers(0, 3))
def test_every_legal_action_of_random_play_has_a_number_that_decodes_to_it(
    game_id: str, seed: int, seats: int
) -> None:
    """Each decision's legal actions encode; decoding their numbers against the game
    gives back each distinct choice (copies of a card are one), and the mask marks them."""
    rules = tr.load_rules(game_id)
    space = rules.action_space
    players = SEATS[game_id][seats]
    game = tr.new_game(rules, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        numbers = space.legal_indices(game)
        decoded = [space.decode(n, game) for n in numbers]
        assert all(a in legal for a in decoded)
        assert {space.encode(a) for a in legal} == set(numbers)
        mask = space.legal_mask(game)
        assert len(mask) == space.size and [i for i, m in enumerate(mask) if m] == sorted(numbers)
        game.apply(rng.choice(decoded))


def test_copies_of_a_spell_are_one_action() -> None:
    """Copies of a card are the same choice (the engine offers one of them)."""
    space = tr.load_rules().action_space
    assert space.encode(taverna.CastSpell("charm#1")) == space.encode(taverna.CastSpell("charm#3"))
    assert space.decode(space.encode(taverna.CastSpell("charm#2"))) == taverna.CastSpell("charm")
    assert space.encode(taverna.SellSpell("charm#1")) != space.encode(taverna.CastSpell("charm#1"))


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (-1, "out of range"),
        (345, "out of range"),
        (10**100, "out of range"),
        (True, "out of range"),
        ("3", "out of range"),
    ],
)
def test_numbers_out_of_range_are_refused(number: object, message: str) -> None:
    space = tr.load_rules().action_space
    with pytest.raises(tr.IllegalActionError, match=message):
        space.decode(number)  # type: ignore[arg-type]


def test_what_is_no_action_of_the_rules_is_refused() -> None:
    space = tr.load_rules().action_space
    with pytest.raises(tr.IllegalActionError, match="not among the actions these Taverna rules"):
        space.encode(taverna.CastSpell("fireball"))
    with pytest.raises(tr.IllegalActionError, match="is not an action"):
        space.encode(object())  # type: ignore[arg-type]
    with pytest.raises(tr.IllegalActionError, match="is not an action"):
        space.encode(taverna.BuyDeed("tankard", "0"))  # type: ignore[arg-type]


def test_a_number_the_decision_does_not_offer_is_refused_with_the_game() -> None:
    rules = tr.load_rules()
    game = tr.new_game(rules, ["Ann", "Bob"], seed=3)
    space = rules.action_space
    offered = set(space.legal_indices(game))
    other = next(n for n in range(space.size) if n not in offered)
    with pytest.raises(tr.IllegalActionError, match="is not legal now"):
        space.decode(other, game)
    assert space.decode(other) == space.actions[other]


def test_a_playout_is_decoded_against_like_a_game() -> None:
    rules = tr.load_rules("cavern_tavern")
    game = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=4)
    playout = game.playout()
    space = rules.action_space
    assert space.legal_indices(playout) == space.legal_indices(game)


def test_numbers_from_numpy_decode_as_ints() -> None:
    """Learning frameworks hand back NumPy integers; a bool is still not a number."""
    numpy = pytest.importorskip("numpy")
    space = tr.action_space(tr.load_rules())
    assert space.decode(numpy.int64(3)) == space.decode(3)
    assert space.decode(numpy.int32(0)) == space.decode(0)
    with pytest.raises(tr.IllegalActionError, match="out of range"):
        space.decode(numpy.bool_(True))


def test_a_chance_decision_has_no_numbered_actions() -> None:
    """At a chance decision (explicit chance mode) no player acts: the mask is empty, and a
    chance outcome has no number of the codec (frameworks index outcomes themselves)."""
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], chance="explicit")
    space = tr.action_space(game.rules)
    assert game.decision is not None and game.decision.player == tr.CHANCE
    assert space.legal_indices(game) == () and not any(space.legal_mask(game))
    with pytest.raises(tr.IllegalActionError, match="no number"):
        space.encode(tr.PickOutcome(0))
