"""A turn of Taverne: the Pilier's nine calls (l.113-184).

Everyone plays each call at once. Where the engine needs an order, it is the Pilier's
(the Pilier, then the players on his left, l.103): the open calls 2 and 3 are played one
player after another in that order, each seeing what the ones before did (reading A3 of
docs/rulings.rst), while the attacks of call 4 are laid face down by all at once and stay
face down until call 5 turns each up.

1. Start of the turn: players knocked out come back (Sit & Play, l.299-301).
2. Spend Butin: the top weapon of your pile, a pint (l.118-124); at Prestige 5 the
   Milice is called.
3. Set dodges aside, at most your Prestige (l.130-137).
4. Attack: one weapon face down on a spot (l.139-152).
5. The quarrels (:mod:`~taverna_rules.games.taverne.quarrels`).
6. Players still Sonné take the door (l.174-175).
7. The Milice arrives (:mod:`~taverna_rules.games.taverne.endgame`).
8. Crasses are served (none without Specialties).
9. A Butin for everyone standing; the Pilier passes left (l.183-184).
"""

from __future__ import annotations

from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne.actions import Attack, Buy, ChooseCharacter, Dodge, Pass, TakeSeat
from taverna_rules.games.taverne.flow import automatic, decision, simultaneous
from taverna_rules.games.taverne.ruleset import SLOTS, RuleSet
from taverna_rules.games.taverne.setup import deal, seat
from taverna_rules.games.taverne.state import GameState, value_of
from taverna_rules.games.taverne.table import big, next_pilier, prestige, target

__all__ = ["attacks", "dodge_limit", "purchases"]


def _announce(engine: Engine, call: int) -> None:
    engine.emit(ev.CallAnnounced(call))


def _each(state: GameState, kind: str) -> list[Task]:
    return [Task(kind, player) for player in state.present()]


# ----------------------------------------------------------------------------- call 1
@automatic("turn_start")
def _turn_start(engine: Engine, task: Task) -> None:
    """Call 1, "Début de tour !": players who were knocked out come back, if a Character
    is left for them (l.175, l.251, l.299-301)."""
    state: GameState = engine.state
    engine.emit(ev.TurnStarted(state.turn + 1, state.pilier))
    _announce(engine, 1)
    state = engine.state
    comers = [p for p in state.around() if not state.players[p].present]
    if state.turn == 1 or not comers or not (state.characters or state.under):
        engine.push(Task("call_2"))
        return
    present = ",".join(str(p) for p in state.present())
    engine.push(*(Task("come_back", p) for p in comers), Task("welcome", ref=present), Task("call_2"))


@automatic("come_back")
def _come_back(engine: Engine, task: Task) -> None:
    """A knocked-out player draws three Characters (what is left of the pile, l.251)."""
    rules: RuleSet = engine.rules
    if not (engine.state.characters or engine.state.under):
        return
    deal(engine, task.player, rules.constants.characters_dealt)
    engine.push(Task("keep_again", task.player), Task("take_seat", task.player))


@decision(
    "keep_again",
    lambda rules, state, task: tuple(ChooseCharacter(c) for c in state.players[task.player].offered),
    lambda rules, state, task: "you come back: keep one of the Characters dealt to you",
    takes=(ChooseCharacter,),
)
def _keep_again(engine: Engine, task: Task, action: ChooseCharacter) -> None:
    """A knocked-out player coming back keeps one of the Characters dealt to him; the
    others go under the pile (l.300, reading A14)."""
    offered = engine.state.players[task.player].offered
    returned = tuple(c for c in offered if c != action.character)
    engine.emit(ev.CharacterChosen(task.player, action.character, returned))


def _seats(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(TakeSeat(p) for p in sorted(state.present()) if p != task.player)


@automatic("take_seat")
def _take_seat(engine: Engine, task: Task) -> None:
    """The newcomer sits between two players of his choice (l.300); with nobody at the
    table, where he sat before."""
    if _seats(engine.rules, engine.state, task):
        engine.push(Task("choose_seat", task.player))
    else:
        _sit(engine, task.player, -1)


@decision(
    "choose_seat", _seats, lambda r, s, t: "sit down between two players: on whose left?", takes=(TakeSeat,)
)
def _choose_seat(engine: Engine, task: Task, action: TakeSeat) -> None:
    """The newcomer sits on the left of the player he names (l.300)."""
    _sit(engine, task.player, action.after)


def _sit(engine: Engine, player: int, after: int) -> None:
    """The newcomer's Comptoir: his Initial Butin and a bonus of the highest Prestige at
    the table (l.300)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    me = state.players[player]
    others = [prestige(rules, state, p) for p in state.present() if p != player]
    seat(engine, player, rules.character(me.character).butin + max(others, default=0), after)


@automatic("welcome")
def _welcome(engine: Engine, task: Task) -> None:
    """Every player present when newcomers arrive gains 1 Butin, however many they are
    (l.301)."""
    before = [int(p) for p in task.ref.split(",") if p]
    if any(p not in before for p in engine.state.present()):
        for player in before:
            _gain(engine, player, 1)


def _gain(engine: Engine, player: int, amount: int) -> None:
    """``player`` gains Butin, never above the ceiling (l.63)."""
    rules: RuleSet = engine.rules
    room = rules.constants.butin_max - engine.state.players[player].butin
    if min(amount, room) > 0:
        engine.emit(ev.ButinGained(player, min(amount, room)))


# ----------------------------------------------------------------------------- call 2
@automatic("call_2")
def _call_2(engine: Engine, task: Task) -> None:
    _announce(engine, 2)
    engine.push(*_each(engine.state, "spend"), Task("call_3"))


def purchases(rules: RuleSet, state: GameState, player: int) -> tuple[Action, ...]:
    """What ``player`` may buy now with one Butin (l.120-122): the top of his pile, a pint
    (not past the meter's last, where it would be lost, l.214)."""
    me = state.players[player]
    if me.butin < 1:
        return ()
    out: list[Action] = []
    if me.top:
        out.append(Buy("weapon"))
    if me.pints < rules.constants.pints:
        out.append(Buy("pint"))
    return tuple(out)


@automatic("spend")
def _spend(engine: Engine, task: Task) -> None:
    """A player with something to buy is asked; then, at Prestige 5, he calls the Milice
    (l.124; the engine calls it for him, reading A12)."""
    if purchases(engine.rules, engine.state, task.player):
        engine.push(Task("spending", task.player))
    else:
        _call_milice(engine, task.player)


def _call_milice(engine: Engine, player: int) -> None:
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    if prestige(rules, state, player) >= rules.constants.prestige_to_win and player not in state.milice:
        engine.emit(ev.MiliceCalled(player))


@decision(
    "spending",
    lambda rules, state, task: (*purchases(rules, state, task.player), Pass()),
    lambda rules, state, task: f"spend your Butin ({state.players[task.player].butin} left)",
    takes=(Buy, Pass),
)
def _spending(engine: Engine, task: Task, action: Action) -> None:
    """Call 2, in the Pilier's order: each Butin buys the top weapon of the pile or a pint
    (l.118-123); done, a player at Prestige 5 calls the Milice (l.124)."""
    state: GameState = engine.state
    me = state.players[task.player]
    if isinstance(action, Buy) and action.what == "weapon":
        engine.emit(ev.WeaponBought(task.player, me.top, me.pile[0] if me.pile else ""))
    elif isinstance(action, Buy):
        engine.emit(ev.PintBought(task.player))
    else:
        _call_milice(engine, task.player)
        return
    engine.push(Task("spend", task.player))


# ----------------------------------------------------------------------------- call 3
@automatic("call_3")
def _call_3(engine: Engine, task: Task) -> None:
    _announce(engine, 3)
    engine.push(*_each(engine.state, "dodges"), Task("call_4"))


def dodge_limit(rules: RuleSet, state: GameState, player: int) -> int:
    """How many dodges ``player`` may still set aside: his Prestige in all (l.131), keeping
    a weapon in hand for the compulsory attack (reading A4)."""
    me = state.players[player]
    allowed = min(prestige(rules, state, player), len(me.dodges) + len(me.hand) - 1)
    return max(0, allowed - len(me.dodges))


def _dodges(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    if not dodge_limit(rules, state, task.player):
        return (Pass(),)
    values = sorted({value_of(w) for w in state.players[task.player].hand})
    return (*(Dodge(v) for v in values), Pass())


@automatic("dodges")
def _dodges_step(engine: Engine, task: Task) -> None:
    if dodge_limit(engine.rules, engine.state, task.player):
        engine.push(Task("dodging", task.player))


@decision(
    "dodging",
    _dodges,
    lambda rules, state, task: f"set dodges aside ({dodge_limit(rules, state, task.player)} more at most)",
    takes=(Dodge, Pass),
)
def _dodging(engine: Engine, task: Task, action: Action) -> None:
    """Call 3, in the Pilier's order: weapons of the hand set aside face up, one dodge
    each, at most the player's Prestige (l.130-137)."""
    if isinstance(action, Dodge):
        hand = engine.state.players[task.player].hand
        engine.emit(ev.DodgeSet(task.player, next(w for w in hand if value_of(w) == action.weapon)))
        engine.push(Task("dodges", task.player))


# ----------------------------------------------------------------------------- call 4
@automatic("call_4")
def _call_4(engine: Engine, task: Task) -> None:
    _announce(engine, 4)
    engine.push(Task("attack"), Task("call_5"))


def attacks(rules: RuleSet, state: GameState, player: int) -> tuple[Attack, ...]:
    """Every attack ``player`` may lay: a weapon of his hand on a spot that reaches
    another player, any value in melee, odd values only at range (l.141-146, l.267)."""
    values = sorted({value_of(w) for w in state.players[player].hand})
    out = []
    for spot in SLOTS:
        if target(state, player, spot) < 0:
            continue
        ranged = spot.startswith("ranged")
        out += [Attack(spot, v) for v in values if not ranged or v % 2 == 1]
    return tuple(out)


def _attackers(rules: RuleSet, state: GameState, task: Task) -> tuple[int, ...]:
    return tuple(p for p in state.present() if attacks(rules, state, p))


@simultaneous(
    "attack",
    _attackers,
    lambda rules, state, task: attacks(rules, state, task.player),
    lambda rules, state, task: "attack! lay one weapon face down on a spot",
    takes=(Attack,),
    sealed=True,
)
def _attack(engine: Engine, task: Task, choices: tuple[tuple[int, Action], ...]) -> None:
    """Everyone lays his attack face down at once (l.140); the spot shows whom (l.141-146)."""
    laid = dict(choices)
    for player in engine.state.present():
        action = laid.get(player)
        if isinstance(action, Attack):
            defender = target(engine.state, player, action.spot)
            hand = engine.state.players[player].hand
            weapon = next(w for w in hand if value_of(w) == action.weapon)
            engine.emit(ev.AttackLaid(player, action.spot, defender, weapon))


# ----------------------------------------------------------------------------- calls 6-9
@automatic("call_6")
def _call_6(engine: Engine, task: Task) -> None:
    """Call 6, "Prenez la porte !": every player still Sonné is knocked out (l.174-175)."""
    _announce(engine, 6)
    state: GameState = engine.state
    for player in state.present():
        me = state.players[player]
        if me.energy < 1:
            engine.emit(ev.PlayerEliminated(player, me.character))
    engine.push(Task("call_7"))


@automatic("call_8")
def _call_8(engine: Engine, task: Task) -> None:
    """Call 8, "Servez vos Crasses !" (no Crasse is played without Specialties)."""
    _announce(engine, 8)
    engine.push(Task("call_9"))


@automatic("call_9")
def _call_9(engine: Engine, task: Task) -> None:
    """Call 9, "Empochez un Butin !": 1 Butin for every player with Energy; the player on
    the Pilier's left becomes the Pilier (l.183-184)."""
    _announce(engine, 9)
    state: GameState = engine.state
    for player in state.present():
        if state.players[player].energy > 0:
            _gain(engine, player, 1)
    engine.emit(ev.PilierPassed(next_pilier(engine.state)))
    engine.push(Task("turn_end"))


def returns(rules: RuleSet, state: GameState, player: int) -> ev.WeaponsReturned | None:
    """The weapons ``player`` had in play this turn going back (l.164-165)."""
    me = state.players[player]
    played = [*me.dodges, *(w for a, w in state.revealed if a == player)]
    if not played:
        return None
    under = tuple(w for w in played if big(rules, w))
    top = "" if me.top or not under else under[0]
    return ev.WeaponsReturned(
        player, tuple(w for w in played if not big(rules, w)), under[1:] if top else under, top
    )
