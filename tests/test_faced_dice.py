"""Dice with faces of a game's own (:func:`taverna_rules.core.chance.faced_dice`): the
explicit mode's odds against counting every way the dice can fall, face by face.

1. for faces that repeat (numbers, symbols, tuples of symbols), each sorted roll's
   probability is the number of face sequences giving it over ``faces ** count``;
2. the probabilities sum to 1, and a sampled roll is one of those listed;
3. on the faces 1 to 6 it is :func:`~taverna_rules.core.chance.dice`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taverna_rules.core import Event
from taverna_rules.core.chance import Chance, dice, faced_dice


@attrs.frozen
class Rolled(Event):
    """What a test roll gives: the faces, sorted."""

    TYPE: ClassVar[str] = "Rolled"
    faces: tuple[Any, ...]


def counted(faces: Sequence[Any], count: int) -> dict[Event, Fraction]:
    """Every sequence of faces the dice can show (each face of each die as likely), sorted
    and tallied: the probability of each roll."""
    ways = Counter(Rolled(tuple(sorted(roll))) for roll in itertools.product(faces, repeat=count))
    return {event: Fraction(n, len(faces) ** count) for event, n in ways.items()}


def check(chance: Chance, faces: Sequence[Any], count: int) -> None:
    outcomes = chance.outcomes()
    assert len(outcomes) == len(list(chance.enumerate())), "each roll is listed once"
    assert dict(outcomes) == counted(faces, count)
    assert sum(p for _, p in outcomes) == 1
    rng = random.Random(count)
    for _ in range(30):
        assert chance.sample(rng) in dict(outcomes)


@settings(max_examples=100, deadline=None)
@given(faces=st.lists(st.integers(0, 3), min_size=1, max_size=6), count=st.integers(0, 3))
def test_repeated_number_faces_match_counting(faces: list[int], count: int) -> None:
    check(faced_dice(faces, count, Rolled), faces, count)


SYMBOL_FACES = st.sampled_from(["claw", "fire", "eye", "blank"])


@settings(max_examples=100, deadline=None)
@given(faces=st.lists(SYMBOL_FACES, min_size=1, max_size=6), count=st.integers(0, 3))
def test_symbol_faces_match_counting(faces: list[str], count: int) -> None:
    check(faced_dice(faces, count, Rolled), faces, count)


@settings(max_examples=60, deadline=None)
@given(
    faces=st.lists(
        st.lists(SYMBOL_FACES, max_size=2).map(lambda f: tuple(sorted(f))), min_size=1, max_size=5
    ),
    count=st.integers(1, 3),
)
def test_faces_of_several_symbols_match_counting(faces: list[tuple[str, ...]], count: int) -> None:
    """A face may show several symbols (a tuple), or none (the empty tuple)."""
    check(faced_dice(faces, count, Rolled), faces, count)


def test_a_die_with_two_blanks() -> None:
    chance = faced_dice((1, 1, 2, 3), 2, Rolled)
    assert chance.outcomes() == (
        (Rolled((1, 1)), Fraction(4, 16)),
        (Rolled((1, 2)), Fraction(4, 16)),
        (Rolled((1, 3)), Fraction(4, 16)),
        (Rolled((2, 2)), Fraction(1, 16)),
        (Rolled((2, 3)), Fraction(2, 16)),
        (Rolled((3, 3)), Fraction(1, 16)),
    )


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_on_the_faces_1_to_6_it_is_dice(count: int) -> None:
    assert faced_dice(range(1, 7), count, Rolled).outcomes() == dice(count, Rolled).outcomes()


def test_sampled_rolls_fall_as_counted() -> None:
    """Many sampled rolls of two dice of faces (a, a, b): each roll about as often as its
    probability (4/9, 4/9, 1/9), well within chance."""
    chance = faced_dice(("a", "a", "b"), 2, Rolled)
    rng = random.Random(7)
    seen = Counter(chance.sample(rng) for _ in range(9000))
    for event, probability in chance.outcomes():
        assert abs(seen[event] / 9000 - probability) < 0.03


def test_a_roll_needs_faces_and_a_count() -> None:
    with pytest.raises(ValueError, match="at least one face"):
        faced_dice((), 1, Rolled)
    with pytest.raises(ValueError, match="a roll of -1 dice"):
        faced_dice((1, 2), -1, Rolled)
