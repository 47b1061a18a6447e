"""Lasting powers: a player's Character (l.253-257), his Atouts in play (l.277-279) and the
Crasse he suffers (l.281-284). Each may change numbers while it lasts (its ``modifies``)
and act at a moment of the turn (its ``when``): the game fires them at those moments,
each as an effect task of its holder, and an Atout that acts is *used* this turn (it may no
longer be taken back, l.279). The hard limits are kept by the ops themselves (l.60-63).
"""

from __future__ import annotations

from collections.abc import Iterator

from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Task
from taverna_rules.dsl.nodes import Node
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne.ruleset import Power, RuleSet
from taverna_rules.games.taverne.state import GameState

__all__ = ["fire", "modifier", "powers", "resolve_ref"]


def powers(rules: RuleSet, state: GameState, seat: int) -> Iterator[tuple[str, Power]]:
    """The lasting powers of ``seat``, with the ref of each: ``character:<id>``,
    ``specialty:<id>``."""
    me = state.players[seat]
    if not me.character:
        return
    yield f"character:{me.character}", rules.character(me.character).power
    for card in (*me.atouts, *me.suffers):
        yield f"specialty:{card}", rules.specialty(card).power


def modifier(rules: RuleSet, state: GameState, seat: int, name: str) -> int:
    """How much ``seat``'s lasting powers change the number ``name`` (of
    :data:`~taverna_rules.games.taverne.ruleset.MODIFIERS`)."""
    return sum(power.modifier(name) for _, power in powers(rules, state, seat))


def fire(engine: Engine, when: str, seat: int) -> None:
    """Set off ``seat``'s powers that act ``when``: each is said (``PowerUsed``) and its
    effect scheduled, in the order the player holds them (the player orders his effects,
    l.307: the engine takes them as held)."""
    state: GameState = engine.state
    tasks = []
    for ref, power in powers(engine.rules, state, seat):
        if power.when == when and power.effect is not None:
            engine.emit(ev.PowerUsed(seat, ref.partition(":")[2]))
            tasks.append(Task(EFFECT, seat, ref))
    engine.push(*tasks)


def resolve_ref(rules: RuleSet, ref: str) -> Node:
    """The effect a task's ref names: a Character's power or a Specialty's."""
    kind, _, ident = ref.partition(":")
    power = rules.character(ident).power if kind == "character" else rules.specialty(ident).power
    if power.effect is None:
        raise KeyError(f"no effect at {ref!r}")
    return power.effect
