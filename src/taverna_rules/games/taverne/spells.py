"""Spells (Sorts): cast at any moment, in any call (l.291-297). An engine needs its moments
discrete: a round of spells opens each call from the second to the ninth, in the Pilier's
order (l.293), each player present asked once (a reading of A19 in docs/rulings.rst,
with fewer rounds than it suggests). A player is asked when he may cast: not Sonné
(l.295), fewer spells this turn than his Prestige (l.296, and his powers), and Specialties
in hand. How many he holds is public (l.312), which he holds is not: whoever holds some is
asked, a Sort among them or not. A spell cast is laid down and goes under the pile as
its effect is applied (l.294: after it, at a table; the same but for a pile spent by the
spell itself). The formula ("CERCUEIL !") is the cast itself: an engine never forgets
it (l.292)."""

from __future__ import annotations

from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.actions import CastSpell, Pass
from taverna_rules.games.taverne.flow import ask, automatic, decision
from taverna_rules.games.taverne.powers import modifier
from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.state import GameState
from taverna_rules.games.taverne.table import prestige

__all__ = ["may_cast", "spell_limit"]


def spell_limit(rules: RuleSet, state: GameState, player: int) -> int:
    """How many spells ``player`` may cast a turn: his Prestige (l.296), changed by his
    powers."""
    return max(0, prestige(rules, state, player) + modifier(rules, state, player, "spells"))


def may_cast(rules: RuleSet, state: GameState, player: int) -> bool:
    """Whether ``player`` is asked in a round of spells (what anyone can see of him)."""
    me = state.players[player]
    return (
        me.present
        and me.energy > 0
        and bool(me.specialties)
        and me.spells < spell_limit(rules, state, player)
    )


@automatic(step.SPELLS)
def _spells(engine: Engine, task: Task) -> None:
    state: GameState = engine.state
    engine.push(*(Task(step.CAST, p) for p in state.present() if may_cast(engine.rules, state, p)))


def _castable(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    me = state.players[task.player]
    if not may_cast(rules, state, task.player):
        return (Pass(),)
    sorts = dict.fromkeys(c for c in me.specialties if rules.specialty(c).kind == "sort")
    return (*(CastSpell(card) for card in sorts), Pass())


@decision(
    step.CAST, _castable, ask("cast a spell, or pass", "lancez un Sort, ou passez"), takes=(CastSpell, Pass)
)
def _cast(engine: Engine, task: Task, action: Action) -> None:
    """A round of spells: cast a Sort of your hand (``CastSpell``) or pass."""
    if isinstance(action, CastSpell):
        engine.emit(ev.SpellCast(task.player, action.card))
        engine.push(Task(EFFECT, task.player, f"specialty:{action.card}"))
