"""The free actions of one's turn (l.254, l.357-380, l.488), offered inside every
decision of it (placing a die, an activation, a hunt's window) through the core's
:class:`~taverna_rules.core.free_actions.FreeActions`: recruiting a hero of the market,
using a ready hero's ability (exhausting it), a hero's once-a-game bonus (one of one's gems
on it), a rune to reroll an available action die or, in a hunt, a hunting die, and the
tavern power (the module)."""

from __future__ import annotations

from taverna_rules.core.chance import faced_dice
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.free_actions import FreeAction, FreeActions
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons.actions import (
    Recruit,
    Reroll,
    RerollHunting,
    UseAbility,
    UseBonus,
    UsePower,
)
from taverna_rules.games.taverns_and_dragons.effects import applicable, hero_usable
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.setup import refill_market
from taverna_rules.games.taverns_and_dragons.state import GameState

__all__ = ["FREE", "face_of"]


def face_of(symbols: tuple[str, ...]) -> str:
    """A hunting die's face as a state writes it: ``("sword", "wound")`` -> ``"sword+wound"``."""
    return "+".join(symbols)


# ----------------------------------------------------------------------------- recruit
def _recruits(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    gold = state.players[seat].gold
    return tuple(Recruit(h) for h in state.market if rules.hero(h).cost <= gold)


def _recruit_refusal(rules: RuleSet, state: GameState, seat: int, action: Recruit) -> str:
    if action.hero not in state.market:
        return f"{action.hero!r} is not in the market"
    return f"it costs {rules.hero(action.hero).cost} gold, you have {state.players[seat].gold}"


def _recruit(engine: Engine, task: Task, action: Recruit) -> None:
    rules: RuleSet = engine.rules
    engine.emit(ev.HeroRecruited(task.player, action.hero, rules.hero(action.hero).cost))
    refill_market(engine)


# ----------------------------------------------------------------------------- abilities
def _abilities(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    me = state.players[seat]
    return tuple(
        UseAbility(h) for h in me.heroes if h not in me.exhausted and hero_usable(rules, state, seat, h)
    )


def _ability_refusal(rules: RuleSet, state: GameState, seat: int, action: UseAbility) -> str:
    me = state.players[seat]
    if action.hero not in me.heroes:
        return f"{action.hero!r} is not one of your heroes"
    if action.hero in me.exhausted:
        return "that hero is exhausted until the next readying (l.367)"
    when = rules.hero(action.hero).when
    if when == "sbire" and not state.focus:
        return "its ability needs a sbire activated this turn (l.365)"
    if when == "hunt" and not state.hunting:
        return "its ability is for a hunt, once the hunting dice are rolled"
    if when == "sbire":
        return f"its ability would do nothing now for your {rules.sbire(state.focus).name.en}"
    return "its ability would do nothing now"


def _ability(engine: Engine, task: Task, action: UseAbility) -> None:
    engine.emit(ev.AbilityUsed(task.player, action.hero))
    engine.push(Task(EFFECT, task.player, f"hero:{action.hero}:ability"))


# ----------------------------------------------------------------------------- bonuses
def _claimed(state: GameState) -> frozenset[str]:
    """The heroes whose bonus holds a gem: claimed for the rest of the game, whoever holds
    the card now (l.380; the gem stays on it through a Panthéon swap, B18)."""
    return frozenset(h for p in state.players for h in p.bonuses)


def _bonuses(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    me = state.players[seat]
    if not me.energy:
        return ()
    claimed = _claimed(state)
    return tuple(
        UseBonus(h)
        for h in me.heroes
        if h not in claimed and applicable(rules, state, seat, rules.hero(h).bonus)
    )


def _bonus_refusal(rules: RuleSet, state: GameState, seat: int, action: UseBonus) -> str:
    me = state.players[seat]
    if action.hero not in me.heroes:
        return f"{action.hero!r} is not one of your heroes"
    if action.hero in _claimed(state):
        return "its bonus is used: a gem lies on it for the rest of the game (l.373)"
    if not me.energy:
        return "a bonus takes one of your energy gems (l.373)"
    return "its bonus would do nothing now"


def _bonus(engine: Engine, task: Task, action: UseBonus) -> None:
    engine.emit(ev.BonusUsed(task.player, action.hero))
    engine.push(Task(EFFECT, task.player, f"hero:{action.hero}:bonus"))


# ----------------------------------------------------------------------------- runes
def _rerolls(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    me = state.players[seat]
    return tuple(Reroll(d) for d in sorted(set(me.dice))) if me.runes else ()


def _reroll_refusal(rules: RuleSet, state: GameState, seat: int, action: Reroll) -> str:
    me = state.players[seat]
    if not me.runes:
        return "you have no rune to discard (l.254)"
    return f"you have no available die showing {action.die} (available: {list(me.dice)})"


def _reroll(engine: Engine, task: Task, action: Reroll) -> None:
    rules: RuleSet = engine.rules
    engine.emit(ev.RuneSpent(task.player))
    engine.draw(
        faced_dice(rules.action_die, 1, lambda dice: ev.DieRerolled(task.player, action.die, dice[0]))
    )


def _hunting_rerolls(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    if not state.players[seat].runes or not state.hunting or state.active != seat:
        return ()
    return tuple(RerollHunting(face) for face in sorted(set(state.hunting)))


def _hunting_refusal(rules: RuleSet, state: GameState, seat: int, action: RerollHunting) -> str:
    if not state.players[seat].runes:
        return "you have no rune to discard (l.254)"
    if not state.hunting:
        return "no hunting die is rolled now"
    return f"no hunting die shows {action.face!r} (rolled: {list(state.hunting)})"


def _reroll_hunting(engine: Engine, task: Task, action: RerollHunting) -> None:
    rules: RuleSet = engine.rules
    engine.emit(ev.RuneSpent(task.player))
    engine.draw(
        faced_dice(rules.hunting_die, 1, lambda faces: ev.HuntingDieRerolled(action.face, face_of(faces[0])))
    )


# ----------------------------------------------------------------------------- the power
def _powers(rules: RuleSet, state: GameState, seat: int) -> tuple[Action, ...]:
    me = state.players[seat]
    if not state.option("tavern_powers") or not me.power:
        return ()
    track = rules.tavern(me.tavern).power
    return tuple(
        UsePower(space)
        for space in range(1, min(me.power, len(track)) + 1)
        if applicable(rules, state, seat, track[space - 1])
    )


def _power_refusal(rules: RuleSet, state: GameState, seat: int, action: UsePower) -> str:
    if not state.option("tavern_powers"):
        return "the tavern powers are a module this game does not play"
    return f"your power marker is on space {state.players[seat].power}: take a space from 1 to it"


def _power(engine: Engine, task: Task, action: UsePower) -> None:
    state: GameState = engine.state
    tavern = state.players[task.player].tavern
    engine.emit(ev.PowerUsed(task.player, action.space))
    engine.push(Task(EFFECT, task.player, f"tavern:{tavern}:{action.space - 1}"))


def _own_turn(rules: RuleSet, state: GameState, task: Task) -> bool:
    return task.player == state.turn


#: The free actions of one's turn, offered in its decisions.
FREE = FreeActions(
    FreeAction(Recruit, _recruits, _recruit_refusal, _recruit),
    FreeAction(UseAbility, _abilities, _ability_refusal, _ability),
    FreeAction(UseBonus, _bonuses, _bonus_refusal, _bonus),
    FreeAction(Reroll, _rerolls, _reroll_refusal, _reroll),
    FreeAction(RerollHunting, _hunting_rerolls, _hunting_refusal, _reroll_hunting),
    FreeAction(UsePower, _powers, _power_refusal, _power),
    window=_own_turn,
)
