"""Taverne's effect ops at run time: one executor per primitive op of its vocabulary
(:mod:`taverna_rules.games.taverne.vocabulary`), whom ``for_each`` falls on, the decisions
the ops ask for, what ``{count: ...}`` counts, whether an effect would do something, and
the core's :class:`~taverna_rules.core.effects.EffectRuntime` that walks the control ops.

Every op keeps the hard limits (l.60-63): Butin 0 to 9, pints 1 to 11, Energy 0 (Sonné)
to 30. Effects touch only players present (l.303-304).
"""

from __future__ import annotations

from collections.abc import Callable

from taverna_rules.core._registry import Registry
from taverna_rules.core.effects import (
    APPLICABILITY_OF_CONTROLS,
    EffectRuntime,
    Executor,
    control_applies,
)
from taverna_rules.core.engine import Engine
from taverna_rules.core.for_each import ForEach
from taverna_rules.core.records import Action, Task
from taverna_rules.dsl.evaluate import Evaluator
from taverna_rules.dsl.nodes import Count, Node, Table
from taverna_rules.dsl.ops import MAX_REPEAT
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.actions import ChooseCard
from taverna_rules.games.taverne.flow import FLOW, ask, automatic, decision
from taverna_rules.games.taverne.powers import resolve_ref
from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.setup import draw_specialty, specialties_left
from taverna_rules.games.taverne.state import GameState
from taverna_rules.games.taverne.table import prestige
from taverna_rules.games.taverne.vocabulary import VOCABULARY

__all__ = ["COUNTERS", "EVALUATOR", "EXECUTORS", "RUNTIME", "applicable", "gain", "targets"]

#: What ``{count: ...}`` counts, for a player.
COUNTERS: dict[str, Callable[[GameState, int], int]] = {
    "pints": lambda s, p: s.players[p].pints,
    "butin": lambda s, p: s.players[p].butin,
    "energy": lambda s, p: s.players[p].energy,
    "atouts": lambda s, p: len(s.players[p].atouts),
    "specialties": lambda s, p: len(s.players[p].specialties),
    "dodges": lambda s, p: len(s.players[p].dodges),
    "opponents": lambda s, p: sum(1 for q in s.present() if q != p),
    "knocked_out": lambda s, p: s.players[p].knocked_out,
}
#: Prestige reads the rules' pint bands: a count of the rules (reconstructed bands, l.216).
EVALUATOR = Evaluator(COUNTERS, rules_counters={"prestige": prestige})
EXECUTORS: Registry[Executor] = Registry("op executor")
_executor = EXECUTORS.register


def _amount(rules: RuleSet, state: GameState, player: int, node: Node, name: str = "amount") -> int:
    value = node.arg(name, 1)
    assert isinstance(value, int | Count | Table), f"{node.op}.{name}"
    return max(0, EVALUATOR.evaluate(value, state, player, rules))


# ----------------------------------------------------------------------------- the numbers
def gain(engine: Engine, player: int, what: str, amount: int) -> None:
    """``player`` gains (``amount`` > 0) or loses (< 0) Butin, Energy or pints, within the
    hard limits (l.60-63): the event says what changed, nothing when nothing does."""
    rules: RuleSet = engine.rules
    me = engine.state.players[player]
    c = rules.constants
    if what == "butin":
        change = max(-me.butin, min(amount, c.butin_max - me.butin))
        if change > 0:
            engine.emit(ev.ButinGained(player, change))
        elif change < 0:
            engine.emit(ev.ButinLost(player, -change))
    elif what == "energy":
        change = max(-me.energy, min(amount, c.energy - me.energy))
        if change > 0:
            engine.emit(ev.EnergyGained(player, change))
        elif change < 0:
            engine.emit(ev.EnergyLost(player, -change))
    else:
        change = max(1 - me.pints, min(amount, c.pints - me.pints))
        for _ in range(abs(change)):
            engine.emit(ev.PintGained(player) if change > 0 else ev.PintLost(player))
        if change < 0:
            engine.push(Task(step.ATOUTS_OVER, player))


def _signed(op: str, sign: int, what: str) -> None:
    def run(engine: Engine, task: Task, node: Node) -> None:
        amount = _amount(engine.rules, engine.state, task.player, node)
        gain(engine, task.player, what, sign * amount)

    EXECUTORS.add(op, run)


for _op, _sign, _what in (
    ("gain_butin", 1, "butin"),
    ("lose_butin", -1, "butin"),
    ("gain_energy", 1, "energy"),
    ("lose_energy", -1, "energy"),
    ("gain_pints", 1, "pints"),
    ("lose_pints", -1, "pints"),
):
    _signed(_op, _sign, _what)


@_executor("draw_specialties")
def _draw(engine: Engine, task: Task, node: Node) -> None:
    for _ in range(_amount(engine.rules, engine.state, task.player, node, "count")):
        draw_specialty(engine, task.player, bought=False)


@_executor("take_weapon")
def _take_weapon(engine: Engine, task: Task, node: Node) -> None:
    me = engine.state.players[task.player]
    if me.top:
        engine.emit(ev.WeaponTaken(task.player, me.top, me.pile[0] if me.pile else ""))


@_executor("discard_crasse")
def _discard_crasse(engine: Engine, task: Task, node: Node) -> None:
    for card in engine.state.players[task.player].suffers:
        engine.emit(ev.SpecialtyDiscarded(task.player, card))


@_executor("discard_atout")
def _discard_atout(engine: Engine, task: Task, node: Node) -> None:
    atouts = engine.state.players[task.player].atouts
    if len(atouts) == 1:
        engine.emit(ev.SpecialtyDiscarded(task.player, atouts[0]))
    elif atouts:
        engine.push(Task(step.DISCARD_ATOUT, task.player, task.ref, task.path))


def _atouts(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(ChooseCard(card) for card in state.players[task.player].atouts)


@decision(
    step.DISCARD_ATOUT,
    _atouts,
    ask("discard one of your Atouts in play", "défaussez un de vos Atouts en jeu"),
    takes=(ChooseCard,),
)
def _choose_atout(engine: Engine, task: Task, action: ChooseCard) -> None:
    """An effect discards one of your Atouts in play, of your choice: ``ChooseCard``."""
    engine.emit(ev.SpecialtyDiscarded(task.player, action.card))


@automatic(step.ATOUTS_OVER)
def _atouts_over(engine: Engine, task: Task) -> None:
    """A player whose Prestige fell below his Atouts in play discards those of his choice
    down to it at once (l.278 "en aucun cas", reading A10)."""
    rules: RuleSet = engine.rules
    me = engine.state.players[task.player]
    if len(me.atouts) > prestige(rules, engine.state, task.player):
        engine.push(Task(step.SHED_ATOUT, task.player), Task(step.ATOUTS_OVER, task.player))


@decision(
    step.SHED_ATOUT,
    _atouts,
    ask(
        "too many Atouts for your Prestige: discard one",
        "trop d'Atouts pour votre Prestige : défaussez-en un",
    ),
    takes=(ChooseCard,),
)
def _shed_atout(engine: Engine, task: Task, action: ChooseCard) -> None:
    """More Atouts in play than Prestige: the player discards one of his choice
    (``ChooseCard``), until they are no more than his Prestige."""
    engine.emit(ev.SpecialtyDiscarded(task.player, action.card))


# ----------------------------------------------------------------------------- for_each
def targets(state: GameState, player: int, players: str) -> tuple[int, ...]:
    """Whom a ``for_each`` of ``players`` falls on for ``player``: players present only."""
    present = state.present()
    if player not in present:
        return ()
    others = list(present[present.index(player) + 1 :] + present[: present.index(player)])
    if players in ("opponents", "chosen_opponent"):
        return tuple(others)
    if players == "all":
        return (player, *others)
    if players == "neighbours":
        return tuple(dict.fromkeys(p for p in (others[:1] + others[-1:]) if p != player))
    # quarrel: the other player of the last attack turned up, if it involves the player
    if not state.revealed:
        return ()
    attacker = state.revealed[-1][0]
    defender = next((d for a, d, _ in state.attacks if a == attacker), -1)
    other = defender if attacker == player else attacker if defender == player else -1
    return (other,) if other in present else ()


# ----------------------------------------------------------------------------- applicability
def applicable(rules: RuleSet, state: GameState, player: int, node: Node) -> bool:
    """Whether resolving ``node`` for ``player`` would change anything now."""
    op = node.op
    if op in APPLICABILITY_OF_CONTROLS:
        return control_applies(
            node,
            lambda child: applicable(rules, state, player, child),
            lambda cond: EVALUATOR.holds(cond, state, player, rules),
            lambda repeat: EVALUATOR.bounded(repeat, "times", state, player, MAX_REPEAT, rules),
        )
    if op == "for_each":
        return bool(FOR_EACH.takers(rules, state, player, node))
    me = state.players[player]
    c = rules.constants
    if op in ("gain_butin", "lose_butin", "gain_energy", "lose_energy", "gain_pints", "lose_pints"):
        if _amount(rules, state, player, node) == 0:
            return False
        level = {
            "butin": (me.butin, 0, c.butin_max),
            "energy": (me.energy, 0, c.energy),
            "pints": (me.pints, 1, c.pints),
        }
        value, low, high = level[op.partition("_")[2]]
        return value < high if op.startswith("gain") else value > low
    if op == "draw_specialties":
        return specialties_left(rules, state, player)
    if op == "take_weapon":
        return bool(me.top)
    if op == "discard_crasse":
        return bool(me.suffers)
    if op == "discard_atout":
        return bool(me.atouts)
    return True


def _words(rules: RuleSet, node: Node, lang: str) -> str:
    return VOCABULARY.render(node, lang)


#: Whom a ``for_each`` falls on, and the chosen player's decision.
FOR_EACH = ForEach(targets, applicable, resolve_ref, step.CHOOSE_PLAYER)


FOR_EACH.register(
    FLOW,
    ask("choose a player", "choisissez un joueur"),
    """``for_each: {players: chosen_opponent}``: the player picks one player present (any,
    in range or not, l.149), who then acts as "you" in the effect: ``ChoosePlayer``.""",
)


RUNTIME = EffectRuntime(
    EXECUTORS, EVALUATOR, resolve_ref, _words, controls={"for_each": FOR_EACH.control}, applicable=applicable
)
RUNTIME.install(FLOW)
