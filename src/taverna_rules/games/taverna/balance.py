"""Taverna's balance measures (the ``balance`` report of its game module): for each kind of spell,
how often a player holding it could cast it, how often it was cast, and how the casters'
final score compares with the table's average.

A spell that no one can cast is dead; one whose casters always win by far dominates. The
figures measure the reconstructed deck; they are evidence for tuning it, not proof of
balance. ``python -m taverna_rules.tools.balance`` plays the games and prints them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import attrs

from taverna_rules.core.records import Decision, Event
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import CastSpell
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState

__all__ = ["SpellBalance", "SpellFigures"]

#: The decisions of a turn where a spell may be cast: its casting windows.
_WINDOWS = ("place_customer", "turn_actions")


@attrs.frozen
class SpellFigures:
    """How one kind of spell fared over a set of games."""

    spell: str
    #: Players who held it, summed over the games.
    held: int
    #: The share of its holders' casting windows where it could be cast.
    castable: float
    #: Times it was cast.
    cast: int
    #: Its casters' mean final score less the table's mean (``None`` when never cast).
    score_gap: float | None


class SpellBalance:
    """Measures each kind of spell (curses aside) over the games it watches."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.held: Counter[str] = Counter()
        self.windows: Counter[str] = Counter()
        self.castable: Counter[str] = Counter()
        self.cast: Counter[str] = Counter()
        self.gaps: defaultdict[str, list[float]] = defaultdict(list)

    def decision(self, state: GameState, decision: Decision) -> None:
        """Count a casting window for each kind of spell in the decider's hand, and whether
        the decision offers to cast it."""
        if decision.kind not in _WINDOWS:
            return
        hand = {self.rules.spell(card).id for card in state.players[decision.player].hand}
        offered = {self.rules.spell(a.spell).id for a in decision.actions if isinstance(a, CastSpell)}
        for kind in hand:
            self.windows[kind] += 1
            self.castable[kind] += kind in offered

    def finished(self, state: GameState, events: Sequence[Event], totals: Mapping[int, int]) -> None:
        """Count who held and who cast each kind of spell, and the casters' score gap."""
        mean = sum(totals.values()) / len(totals)
        casters: defaultdict[str, set[int]] = defaultdict(set)
        holders: defaultdict[str, set[int]] = defaultdict(set)
        for event in events:
            if isinstance(event, ev.SpellDrawn):
                holders[self.rules.spell(event.spell).id].add(event.player)
            elif isinstance(event, ev.SpellCast):
                kind = self.rules.spell(event.spell).id
                self.cast[kind] += 1
                casters[kind].add(event.player)
        for kind, seats in holders.items():
            self.held[kind] += len(seats)
        for kind, seats in casters.items():
            self.gaps[kind].extend(totals[seat] - mean for seat in seats)

    def figures(self) -> list[SpellFigures]:
        """One record per kind of spell, in content order."""
        return [self._figures(spell.id) for spell in self.rules.spells if not spell.curse]

    def _figures(self, spell: str) -> SpellFigures:
        windows, gaps = self.windows[spell], self.gaps[spell]
        return SpellFigures(
            spell,
            self.held[spell],
            round(self.castable[spell] / windows, 2) if windows else 0.0,
            self.cast[spell],
            round(sum(gaps) / len(gaps), 2) if gaps else None,
        )

    def table(self) -> str:
        """The figures, one line per spell."""
        lines = [f"{'spell':<16}{'held':>6}{'castable':>10}{'cast':>6}{'caster vs table (VP)':>22}"]
        for f in self.figures():
            gap = "n/a" if f.score_gap is None else f"{f.score_gap:+.2f}"
            lines.append(f"{f.spell:<16}{f.held:>6}{f.castable:>10.2f}{f.cast:>6}{gap:>22}")
        return "\n".join(lines)
