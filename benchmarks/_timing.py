"""Time budgets: run a step again and again until a budget is spent, in a few repeats."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from time import perf_counter

__all__ = ["Chunk", "Measurement", "median", "run_chunk", "run_chunks", "run_interleaved", "Step"]

Step = Callable[[], Mapping[str, float]]


@dataclass(frozen=True)
class Chunk:
    """One repeat: its wall time and the totals its steps reported."""

    seconds: float
    totals: Mapping[str, float]

    def total(self, key: str) -> float:
        """The sum of ``key`` over the steps of this repeat (0 when no step reported it)."""
        return self.totals.get(key, 0.0)

    def rate(self, key: str, per: str | None = None) -> float:
        """``key`` per second of this repeat, or per unit of ``per`` (e.g. seconds spent playing)."""
        denominator = self.seconds if per is None else self.total(per)
        return self.total(key) / denominator if denominator > 0 else 0.0


def run_chunk(seconds: float, step: Step) -> Chunk:
    """Run ``step`` until ``seconds`` are spent (at least once); sum what it reports."""
    totals: dict[str, float] = {}
    start = perf_counter()
    deadline = start + seconds
    while True:
        for key, value in step().items():
            totals[key] = totals.get(key, 0.0) + value
        now = perf_counter()
        if now >= deadline:
            break
    return Chunk(now - start, totals)


def run_chunks(budget: float, repeats: int, step: Step) -> list[Chunk]:
    """Split ``budget`` seconds into ``repeats`` repeats of ``step``, one after the other."""
    count = max(1, repeats)
    return [run_chunk(budget / count, step) for _ in range(count)]


@dataclass
class Measurement:
    """A named step and the repeats measured so far."""

    name: str
    step: Step
    chunks: list[Chunk] = field(default_factory=list)


def run_interleaved(
    measurements: Sequence[Measurement],
    budget: float,
    repeats: int,
    progress: Callable[[str], None] | None = None,
) -> None:
    """Give each measurement ``budget`` seconds in ``repeats`` repeats, taken round-robin.

    Round ``r`` runs repeat ``r`` of every measurement in turn, so a change in the
    machine's load during the run touches all of them alike, and the ratios between
    them (the goals) stay fair on a busy machine.
    """
    count = max(1, repeats)
    for round_ in range(count):
        if progress is not None:
            progress(f"round {round_ + 1} of {count}: " + ", ".join(m.name for m in measurements))
        for measurement in measurements:
            measurement.chunks.append(run_chunk(budget / count, measurement.step))


def median(values: Iterable[float]) -> float:
    """The median of ``values`` (0.0 when there are none)."""
    items = list(values)
    return statistics.median(items) if items else 0.0
