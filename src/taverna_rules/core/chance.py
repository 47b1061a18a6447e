"""Chance: what a draw can give, and how likely each outcome is.

A game draws during play through :meth:`~taverna_rules.core.engine.Engine.draw` with a
:class:`Chance`: ``sample`` makes the draw's event from a generator, ``enumerate`` lists
every event it can give with its exact probability. A game is played in one of two
**chance modes**, chosen when it is set up and recorded in its log:

- ``"sampled"`` (the default): the engine draws with a generator keyed on the game's
  hidden seed; setup shuffles decks once, as at a real table.
- ``"explicit"``: nothing is drawn. Decks stay unordered, and each draw stops the game at
  a *chance decision* (player :data:`CHANCE`) whose actions are :class:`PickOutcome`,
  one for each outcome, with probabilities from
  :meth:`~taverna_rules.game.Game.chance_outcomes`. Search can branch on them, and an
  OpenSpiel game gets a chance node at each draw.

Both modes give the same distribution of events; a test holds every helper here to it by
counting, for small decks, every way a generator can fall.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Final, Literal

import attrs

from taverna_rules.core.contract import StateLike
from taverna_rules.core.records import Event, PickOutcome

__all__ = [
    "CHANCE",
    "CHANCE_MODES",
    "CHANCE_STEP",
    "Chance",
    "ChanceMode",
    "Outcome",
    "Odds",
    "PickOutcome",
    "arrangement",
    "card_from",
    "cards_from",
    "chance_mode",
    "dice",
    "faced_dice",
    "waits_for_chance",
]

#: The player of a chance decision (OpenSpiel's number for chance).
CHANCE = -1
#: The kind of the step a game waiting on chance has on top of its stack.
CHANCE_STEP = "chance"
#: How a game draws: ``"sampled"`` from its seed, or ``"explicit"`` chance decisions.
ChanceMode = Literal["sampled", "explicit"]
CHANCE_MODES: tuple[ChanceMode, ...] = ("sampled", "explicit")
#: Every distinct event a draw can give, with its probability (:meth:`Chance.outcomes`).
Odds = tuple[tuple[Event, Fraction], ...]


@attrs.frozen
class Outcome:
    """One outcome of a chance decision: the action that picks it, its exact probability
    and the event it gives (which may show a card that only one seat may see: outcomes
    come from the whole game, never from a view)."""

    action: PickOutcome
    probability: Fraction
    event: Event


class Chance:
    """A draw: ``sample(rng)`` makes its event (sampled mode); ``enumerate()`` lists
    ``(event, probability)`` for every way it can fall (explicit mode; equal events may
    repeat, :meth:`outcomes` merges them). Made for each draw: a plain immutable class."""

    __slots__ = ("enumerate", "sample")
    sample: Final[Callable[[random.Random], Event]]
    enumerate: Final[Callable[[], Iterable[tuple[Event, Fraction]]]]

    def __init__(
        self,
        sample: Callable[[random.Random], Event],
        enumerate: Callable[[], Iterable[tuple[Event, Fraction]]],
    ) -> None:
        self.sample = sample
        self.enumerate = enumerate

    def __repr__(self) -> str:
        return f"Chance(sample={self.sample!r}, enumerate={self.enumerate!r})"

    def outcomes(self) -> Odds:
        """Every distinct event with its probability, in the order first met."""
        merged: dict[Event, Fraction] = {}
        for event, probability in self.enumerate():
            merged[event] = merged.get(event, Fraction(0)) + probability
        return tuple((event, p) for event, p in merged.items() if p)


def chance_mode(state: StateLike) -> ChanceMode:
    """The chance mode of ``state`` (``"sampled"`` for a game that records none)."""
    mode: ChanceMode = getattr(state, "chance", "sampled")
    return mode


def waits_for_chance(holder: Any) -> bool:
    """True when a state (or the :class:`~taverna_rules.core.records.FlowAdvanced` that
    made it) waits on a chance decision: the top of its stack is a chance step."""
    stack: tuple[Any, ...] = getattr(holder, "stack", ())
    return bool(stack) and stack[-1].kind == CHANCE_STEP


def card_from(deck: Sequence[str], make: Callable[[str], Event]) -> Chance:
    """One card of ``deck``, each copy as likely (the deck is unordered: the same as its top
    card after a shuffle), as the event ``make`` makes of it."""
    # A sampled draw only samples: the counts are for the explicit mode's odds.
    return Chance(
        lambda rng: make(rng.choice(deck)),
        lambda: ((make(card), Fraction(n, len(deck))) for card, n in sorted(Counter(deck).items())),
    )


def cards_from(deck: Sequence[str], count: int, make: Callable[[tuple[str, ...]], Event]) -> Chance:
    """``count`` cards of ``deck`` at once, sorted (``count`` at most the deck's size):
    each set of positions as likely."""

    def every() -> Iterable[tuple[Event, Fraction]]:
        counts = Counter(deck)
        kinds = sorted(counts)
        total = math.comb(len(deck), count)
        for hand in itertools.combinations_with_replacement(kinds, count):
            ways = math.prod(math.comb(counts[card], n) for card, n in Counter(hand).items())
            if ways:
                yield make(hand), Fraction(ways, total)

    return Chance(lambda rng: make(tuple(sorted(rng.sample(deck, count)))), every)


def dice(count: int, make: Callable[[tuple[int, ...]], Event], sides: int = 6) -> Chance:
    """``count`` dice of ``sides`` faces rolled, sorted."""
    total = sides**count

    def every() -> Iterable[tuple[Event, Fraction]]:
        for faces in itertools.combinations_with_replacement(range(1, sides + 1), count):
            orders = math.factorial(count)
            for n in Counter(faces).values():
                orders //= math.factorial(n)
            yield make(faces), Fraction(orders, total)

    return Chance(lambda rng: make(tuple(sorted(rng.randint(1, sides) for _ in range(count)))), every)


def faced_dice(faces: Sequence[Any], count: int, make: Callable[[tuple[Any, ...]], Event]) -> Chance:
    """``count`` dice, each of the given ``faces`` (each face as likely; a face may repeat,
    as on a die with two blank sides), rolled and sorted: for a game's own dice, whose
    faces are numbers, symbols or tuples of symbols (a face showing two). The faces are
    hashable and sortable together; ``make`` gets the sorted faces rolled.

    Its odds are counted over the faces of each die (a multinomial): a roll showing
    ``n_1`` faces of one value, ``n_2`` of another, ... falls in ``count! / (n_1! n_2! ...)``
    orders, each of probability ``(c_1 / F) ** n_1 * (c_2 / F) ** n_2 * ...``, where
    ``c_i`` of the die's ``F`` faces show that value.

    >>> roll = faced_dice(("blank", "blank", "claw"), 2, lambda faces: faces)
    >>> for faces, probability in roll.outcomes():
    ...     print(faces, probability)
    ('blank', 'blank') 4/9
    ('blank', 'claw') 4/9
    ('claw', 'claw') 1/9
    """
    if not faces:
        raise ValueError("a die needs at least one face")
    if count < 0:
        raise ValueError(f"a roll of {count!r} dice")
    faces = tuple(faces)  # the die as given now, whatever becomes of the caller's list
    shares = Counter(faces)
    kinds = sorted(shares)
    sides = len(faces)

    def every() -> Iterable[tuple[Event, Fraction]]:
        for roll in itertools.combinations_with_replacement(kinds, count):
            orders = math.factorial(count)
            ways = 1
            for face, n in Counter(roll).items():
                orders //= math.factorial(n)
                ways *= shares[face] ** n
            yield make(roll), Fraction(orders * ways, sides**count)

    return Chance(lambda rng: make(tuple(sorted(rng.choice(faces) for _ in range(count)))), every)


def arrangement(items: Sequence[Any], count: int, make: Callable[[tuple[Any, ...]], Event]) -> Chance:
    """``count`` distinct ``items`` in a random order (``rng.sample``): who goes where."""
    total = math.perm(len(items), count)
    return Chance(
        lambda rng: make(tuple(rng.sample(list(items), count))),
        lambda: ((make(order), Fraction(1, total)) for order in itertools.permutations(items, count)),
    )
