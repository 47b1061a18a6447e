"""The yardstick: random python-chess playouts on the same machine, in the same run."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import chess

from ._timing import Chunk, Step, median, run_chunks

__all__ = ["MAX_PLIES", "ChessFigures", "bench_chess", "chess_figures", "chess_step", "random_playout"]

#: A random game stops here if it has not ended by itself.
MAX_PLIES = 500


def random_playout(rng: random.Random, max_plies: int = MAX_PLIES) -> int:
    """Play random legal moves from the start position; return the number of plies.

    The game stops at checkmate, stalemate, insufficient material, the 75-move rule or
    fivefold repetition (``is_game_over(claim_draw=False)``), or after ``max_plies``.
    """
    board = chess.Board()
    plies = 0
    while plies < max_plies and not board.is_game_over(claim_draw=False):
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return plies


@dataclass(frozen=True)
class ChessFigures:
    """Random chess playouts (rates are medians over the repeats)."""

    version: str
    games: int
    plies: int
    capped: int
    seconds: float
    plies_per_second: float
    games_per_second: float
    plies_per_game: float


def chess_step(seed: int = 0) -> Step:
    """A step that plays the next random game; game ``i`` uses ``random.Random(seed + i)``."""
    counter = iter(range(seed, sys.maxsize))

    def step() -> dict[str, float]:
        plies = random_playout(random.Random(next(counter)))
        return {"games": 1, "plies": plies, "capped": int(plies >= MAX_PLIES)}

    return step


def chess_figures(chunks: Sequence[Chunk]) -> ChessFigures:
    """Sum up the repeats of :func:`chess_step`."""
    games = int(sum(c.total("games") for c in chunks))
    plies = int(sum(c.total("plies") for c in chunks))
    return ChessFigures(
        version=str(chess.__version__),
        games=games,
        plies=plies,
        capped=int(sum(c.total("capped") for c in chunks)),
        seconds=sum(c.seconds for c in chunks),
        plies_per_second=median(c.rate("plies") for c in chunks),
        games_per_second=median(c.rate("games") for c in chunks),
        plies_per_game=plies / games if games else 0.0,
    )


def bench_chess(budget: float, repeats: int, seed: int = 0) -> ChessFigures:
    """Play random chess games for ``budget`` seconds, in ``repeats`` repeats."""
    return chess_figures(run_chunks(budget, repeats, chess_step(seed)))
