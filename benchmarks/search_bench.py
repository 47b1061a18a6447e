"""What search needs: random playouts from mid-game states, and the memory a game takes.

A playout starts from a state half-way through a random game and plays random legal
actions to the end, the inner loop of Monte Carlo search. The memory figures say what
a bot holding many states pays: the bytes of one state and of one logged event, and
whether a long simulation keeps growing.
"""

from __future__ import annotations

import gc
import random
import sys
import tracemalloc
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import taverna_rules as tr

from ._timing import Chunk, Step, median
from .taverna_bench import play_random_game, seat_names

__all__ = [
    "MemoryFigures",
    "PlayoutFigures",
    "deep_size",
    "memory_figures",
    "mid_games",
    "playout_figures",
    "playouts_step",
]

#: Mid-game is this far into a random game, as a share of its decisions.
MID_GAME = 0.5


def mid_games(rules: Any, players: int, count: int, seed: int = 0) -> list[tr.Game]:
    """``count`` games stopped half-way: each replays the first half of the decisions of a
    finished random game (seeds ``seed``, ``seed + 1``, ...)."""
    out = []
    for index in range(count):
        finished = play_random_game(rules, players, seed + index)
        rng = random.Random(seed + index)
        game = tr.new_game(rules, seat_names(players), seed=seed + index)
        for _ in range(int(finished.decisions * MID_GAME)):
            game.apply(rng.choice(game.legal_actions()))
        out.append(game)
    return out


def playouts_step(starts: Sequence[tr.Game], seed: int = 0) -> Step:
    """A step that plays one random playout to the end from the next of ``starts``, on the
    rollout path (:meth:`taverna_rules.Game.playout`: no log, no prompts); the starts
    never change."""
    if not starts:
        raise ValueError("no mid-game states to play out from")
    counter = iter(range(sys.maxsize))
    rng = random.Random(seed)

    def step() -> dict[str, float]:
        playout = starts[next(counter) % len(starts)].playout()
        decisions = 0
        while not playout.over:
            playout.apply(rng.choice(playout.legal_actions()))
            decisions += 1
        return {"playouts": 1, "decisions": decisions}

    return step


@dataclass(frozen=True)
class PlayoutFigures:
    """Random playouts from mid-game states (rates are medians over the repeats)."""

    game: str
    players: int
    starts: int
    playouts: int
    playouts_per_second: float
    decisions_per_playout: float
    #: Decisions per second over the playouts (the median of the repeats' rates, as for
    #: chess's plies), the figure issue #28's playout goals compare.
    decisions_per_second: float


def playout_figures(game: str, players: int, starts: int, chunks: Sequence[Chunk]) -> PlayoutFigures:
    """Sum up the repeats of :func:`playouts_step`."""
    playouts = int(sum(c.total("playouts") for c in chunks))
    decisions = sum(c.total("decisions") for c in chunks)
    return PlayoutFigures(
        game=game,
        players=players,
        starts=starts,
        playouts=playouts,
        playouts_per_second=median(c.rate("playouts") for c in chunks),
        decisions_per_playout=decisions / playouts if playouts else 0.0,
        decisions_per_second=median(c.rate("decisions") for c in chunks),
    )


def deep_size(roots: Iterable[Any]) -> int:
    """The bytes of every object reachable from ``roots``, each counted once. Classes,
    functions and modules are not followed (they are shared by every state)."""
    seen: set[int] = set()
    stack = list(roots)
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        elif hasattr(type(obj), "__attrs_attrs__"):
            stack.extend(getattr(obj, field.name) for field in type(obj).__attrs_attrs__)
    return total


@dataclass(frozen=True)
class MemoryFigures:
    """Bytes per state and per event, and the growth over a long simulation."""

    game: str
    players: int
    #: One mid-game state, every object it reaches counted once.
    state_bytes: int
    #: A finished game's log, every object counted once, per event.
    event_bytes: float
    #: What a :class:`~taverna_rules.Game` replayed from a finished log allocates and keeps
    #: per decision (its undo states, which share what did not change; the events are the
    #: log's own).
    game_bytes_per_decision: float
    simulated: int
    #: Allocated memory blocks half-way through the simulation and at its end. The second
    #: half plays the seeds of the first again: the caches of the rules' tables (bounded)
    #: hold those cases already, so any growth is memory kept per game, a leak.
    blocks_early: int
    blocks_end: int

    @property
    def growth(self) -> float:
        """The share by which the allocated blocks grew over the second half."""
        return (self.blocks_end - self.blocks_early) / self.blocks_early if self.blocks_early else 0.0


def _blocks() -> int:
    gc.collect()
    return sys.getallocatedblocks()


def memory_figures(rules: Any, players: int, simulate: int, seed: int = 0) -> MemoryFigures:
    """Measure the memory of ``players``-player games of ``rules``: one state, one event,
    one finished game's history, and ``simulate`` random games played one after the
    other with nothing kept, the second half on the seeds of the first (the allocated
    blocks must not grow)."""
    start = mid_games(rules, players, 1, seed)[0]
    finished = play_random_game(rules, players, seed)
    gc.collect()
    tracemalloc.start()
    game = tr.replay(rules, finished.events)
    history, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    half = max(1, simulate // 2)
    early = 0
    for index in range(simulate):
        play_random_game(rules, players, seed + index % half)
        if index + 1 == half:
            early = _blocks()
    return MemoryFigures(
        game=rules.game,
        players=players,
        state_bytes=deep_size([start.state]),
        event_bytes=deep_size([finished.events]) / len(finished.events),
        game_bytes_per_decision=history / finished.decisions if game.over else 0.0,
        simulated=simulate,
        blocks_early=early,
        blocks_end=_blocks(),
    )
