"""Call 5, "Videz vos querelles !" (l.154-165): every attack is settled.

Defenders settle theirs one after another in the Pilier's order, and each defender's
attacks in the order of their attackers. A defender attacked several times first splits
his dodges among them, at most 3 on one, before any is turned up (l.162-163); for each
attack he then names as many different values as it has dodges (l.155, reading A13), and
the card is turned up: a value named, the attack fails and the defender wins its Butin;
none, the defender loses Energy equal to its value and the attacker wins its Butin
(l.156-160). Putting fewer dodges than he may on his last attack never helps a defender,
so the engine puts what is left there (at most 3) without asking. Then the weapons in play
go back: small ones to hand, big ones under the pile (l.164-165).
"""

from __future__ import annotations

from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.actions import NameValue, SplitDodges
from taverna_rules.games.taverne.calls import returns
from taverna_rules.games.taverne.effects import gain
from taverna_rules.games.taverne.flow import automatic, decision, in_words
from taverna_rules.games.taverne.powers import fire, modifier
from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.state import GameState, value_of
from taverna_rules.games.taverne.table import weapon_butin

__all__ = ["attacks_on", "unsplit"]


def attacks_on(state: GameState, defender: int) -> tuple[int, ...]:
    """The attackers of ``defender`` this turn, in the Pilier's order."""
    attackers = {a for a, d, _ in state.attacks if d == defender}
    return tuple(p for p in state.around() if p in attackers)


def _split(state: GameState, attacker: int) -> int | None:
    for a, count in state.split:
        if a == attacker:
            return count
    return None


def unsplit(state: GameState, defender: int) -> tuple[tuple[int, ...], int]:
    """The attacks on ``defender`` whose dodges are not put yet, and the dodges left."""
    attackers = attacks_on(state, defender)
    used = sum(_split(state, a) or 0 for a in attackers)
    left = len(state.players[defender].dodges) - used
    return tuple(a for a in attackers if _split(state, a) is None), left


@automatic(step.CALL_5)
def _call_5(engine: Engine, task: Task) -> None:
    engine.emit(ev.CallAnnounced(5))
    engine.push(Task(step.SPELLS), Task(step.QUARRELS))


@automatic(step.QUARRELS)
def _quarrels(engine: Engine, task: Task) -> None:
    state: GameState = engine.state
    defenders = [Task(step.QUARREL, p) for p in state.present() if attacks_on(state, p)]
    engine.push(*defenders, Task(step.WEAPONS_BACK), Task(step.CALL_6))


def per_attack(rules: RuleSet, state: GameState, defender: int) -> int:
    """The most dodges ``defender`` may put on one attack (l.163, and his powers)."""
    return max(0, rules.constants.dodges_per_attack + modifier(rules, state, defender, "dodges_per_attack"))


@automatic(step.QUARREL)
def _quarrel(engine: Engine, task: Task) -> None:
    """The next thing ``task.player``'s quarrels need: a split, a value, or a card turned."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    defender = task.player
    waiting, left = unsplit(state, defender)
    again = Task(step.QUARREL, defender)
    if waiting and left > 0:
        if len(waiting) == 1:
            engine.emit(ev.DodgesSplit(defender, waiting[0], min(left, per_attack(rules, state, defender))))
            engine.push(again)
        else:
            engine.push(Task(step.SPLIT, defender, str(waiting[0])), again)
        return
    turned = {a for a, _ in state.revealed}
    for attacker in attacks_on(state, defender):
        if attacker in turned:
            continue
        named = [v for a, v in state.named if a == attacker]
        if len(named) < (_split(state, attacker) or 0):
            engine.push(Task(step.NAME, defender, str(attacker)), again)
            return
        engine.push(again)  # after the powers the card sets off
        _turn_up(engine, attacker, defender, named)
        return


def _turn_up(engine: Engine, attacker: int, defender: int, named: list[int]) -> None:
    """The attack turned up: dodged, the defender wins its Butin and a Crasse laid with it
    is discarded (l.156, l.181); a hit costs the defender its value in Energy (changed by
    his powers, never below nothing) and wins the attacker its Butin (changed by his);
    then the powers that act on a hit or a dodge."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    weapon = next(w for a, w in state.laid if a == attacker)
    dodged = value_of(weapon) in named
    engine.emit(ev.AttackRevealed(attacker, defender, value_of(weapon), dodged))
    if dodged:
        gain(engine, defender, "butin", weapon_butin(rules, state, weapon, attacker))
        for card in (c for a, c in state.crasses if a == attacker):
            engine.emit(ev.CrasseLost(attacker, card))
        engine.push(Task(step.POWERS, attacker, "attack_dodged"), Task(step.POWERS, defender, "dodged"))
        return
    damage = max(0, value_of(weapon) + modifier(rules, state, defender, "damage_taken"))
    gain(engine, defender, "energy", -damage)
    butin = max(
        0, weapon_butin(rules, state, weapon, defender) + modifier(rules, state, attacker, "attack_butin")
    )
    gain(engine, attacker, "butin", butin)
    engine.push(Task(step.POWERS, attacker, "attack_hits"), Task(step.POWERS, defender, "hit_taken"))


@automatic(step.POWERS)
def _powers(engine: Engine, task: Task) -> None:
    """The powers of ``task.player`` that act at ``task.ref`` (a hit, a dodge), if he is
    still at the table."""
    if engine.state.players[task.player].present:
        fire(engine, task.ref, task.player)


def _splits(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    _, left = unsplit(state, task.player)
    attacker = int(task.ref)
    return tuple(
        SplitDodges(attacker, n) for n in range(min(left, per_attack(rules, state, task.player)) + 1)
    )


def _split_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    _, left = unsplit(state, task.player)
    name = state.players[int(task.ref)].name
    return in_words(
        lang,
        f"how many of your {left} dodges against {name}'s attack?",
        f"combien de vos {left} esquives contre l'attaque de {name} ?",
    )


@decision(step.SPLIT, _splits, _split_prompt, takes=(SplitDodges,))
def _split_dodges(engine: Engine, task: Task, action: SplitDodges) -> None:
    """A defender attacked several times puts some of his dodges on one attack, at most 3,
    before any is turned up (l.162-163)."""
    engine.emit(ev.DodgesSplit(task.player, action.attacker, action.count))


def _values(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    attacker = int(task.ref)
    named = {v for a, v in state.named if a == attacker}
    return tuple(NameValue(attacker, w.value) for w in rules.weapons if w.value not in named)


def _name_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    attacker = int(task.ref)
    named = [v for a, v in state.named if a == attacker]
    left = (_split(state, attacker) or 0) - len(named)
    name = state.players[attacker].name
    return in_words(
        lang,
        f"name a value against {name}'s attack ({left} to name)",
        f"annoncez une valeur contre l'attaque de {name} ({left} à annoncer)",
    )


@decision(step.NAME, _values, _name_prompt, takes=(NameValue,))
def _name(engine: Engine, task: Task, action: NameValue) -> None:
    """A defender names a value against an attack, one for each of its dodges, each
    different (l.155)."""
    engine.emit(ev.ValueNamed(task.player, action.attacker, action.value))


@automatic(step.WEAPONS_BACK)
def _weapons_back(engine: Engine, task: Task) -> None:
    rules: RuleSet = engine.rules
    for player in engine.state.present():
        event = returns(rules, engine.state, player)
        if event is not None:
            engine.emit(event)
