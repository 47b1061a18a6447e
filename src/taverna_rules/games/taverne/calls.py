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
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.actions import (
    Attack,
    Buy,
    ChooseCard,
    ChooseCharacter,
    Dodge,
    LeaveTable,
    Pass,
    PlayAtout,
    ReturnToTable,
    TakeBackAtout,
    TakeSeat,
)
from taverna_rules.games.taverne.boxes import in_play
from taverna_rules.games.taverne.effects import gain
from taverna_rules.games.taverne.flow import ask, automatic, decision, in_words, simultaneous
from taverna_rules.games.taverne.powers import fire, modifier
from taverna_rules.games.taverne.ruleset import SLOTS, RuleSet
from taverna_rules.games.taverne.setup import deal, draw_specialty, seat, specialties_left
from taverna_rules.games.taverne.state import GameState, value_of
from taverna_rules.games.taverne.table import big, next_pilier, prestige, target

__all__ = ["attacks", "dodge_limit", "purchases"]


def _announce(engine: Engine, call: int) -> None:
    engine.emit(ev.CallAnnounced(call))


def _each(state: GameState, kind: str) -> list[Task]:
    return [Task(kind, player) for player in state.present()]


# ----------------------------------------------------------------------------- call 1
@automatic(step.TURN_START)
def _turn_start(engine: Engine, task: Task) -> None:
    """Call 1, "Début de tour !": players who were knocked out come back, if a Character
    is left for them (l.175, l.251, l.299-301)."""
    state: GameState = engine.state
    engine.emit(ev.TurnStarted(state.turn + 1, state.pilier))
    _announce(engine, 1)
    state = engine.state
    comers = [p for p in state.around() if not state.players[p].character]
    away = (
        [Task(step.AWAY, p) for p in state.around() if state.players[p].character]
        if state.option("absences")
        else []
    )
    if state.turn == 1 or not comers or not (state.characters or state.under):
        engine.push(*away, Task(step.TURN_POWERS, ref="turn_start"), Task(step.CALL_2))
        return
    present = ",".join(str(p) for p in state.present())
    engine.push(
        *away,
        *(Task(step.COME_BACK, p) for p in comers),
        Task(step.WELCOME, ref=present),
        Task(step.TURN_POWERS, ref="turn_start"),
        Task(step.CALL_2),
    )


def _away_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return (ReturnToTable(), Pass()) if state.players[task.player].absent else (Pass(), LeaveTable())


def _away_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    if state.players[task.player].absent:
        return in_words(lang, "come back to the table?", "revenir à la table ?")
    return in_words(
        lang, "stay at the table, or leave for a while?", "rester à la table, ou la quitter un moment ?"
    )


@decision(
    step.AWAY,
    _away_choices,
    _away_prompt,
    takes=(LeaveTable, ReturnToTable, Pass),
)
def _away(engine: Engine, task: Task, action: Action) -> None:
    """With the rule option ``absences``, at the start of each turn: a player may leave the
    table for a while (``LeaveTable``) and comes back at the start of a later turn
    (``ReturnToTable``) exactly as he left (l.303-304); ``Pass`` stays as he is."""
    if isinstance(action, LeaveTable):
        engine.emit(ev.PlayerLeft(task.player))
    elif isinstance(action, ReturnToTable):
        engine.emit(ev.PlayerReturned(task.player))


@automatic(step.TURN_POWERS)
def _turn_powers(engine: Engine, task: Task) -> None:
    """The powers that act at the start (call 1) or end (call 9) of a turn, each player's in
    the Pilier's order (l.103)."""
    for player in reversed(engine.state.present()):
        # pushed last first: the Pilier's run first
        fire(engine, task.ref, player)


@automatic(step.COME_BACK)
def _come_back(engine: Engine, task: Task) -> None:
    """A knocked-out player draws three Characters (what is left of the pile, l.251); with
    Double Taverne, of the box he chooses again."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    if not (state.characters or state.under):
        return
    if len(in_play(rules, state)) > 1:
        engine.push(Task(step.ORIGIN, task.player, ref=step.KEEP_AGAIN), Task(step.TAKE_SEAT, task.player))
        return
    deal(engine, task.player, rules.constants.characters_dealt)
    engine.push(Task(step.KEEP_AGAIN, task.player), Task(step.TAKE_SEAT, task.player))


@decision(
    step.KEEP_AGAIN,
    lambda rules, state, task: tuple(ChooseCharacter(c) for c in state.players[task.player].offered),
    ask(
        "you come back: keep one of the Characters dealt to you",
        "vous revenez : gardez un des Personnages qui vous sont distribués",
    ),
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


@automatic(step.TAKE_SEAT)
def _take_seat(engine: Engine, task: Task) -> None:
    """The newcomer sits between two players of his choice (l.300); with nobody at the
    table, where he sat before."""
    if _seats(engine.rules, engine.state, task):
        engine.push(Task(step.CHOOSE_SEAT, task.player))
    else:
        _sit(engine, task.player, -1)


@decision(
    step.CHOOSE_SEAT,
    _seats,
    ask(
        "sit down between two players: on whose left?",
        "asseyez-vous entre deux joueurs : à la gauche de qui ?",
    ),
    takes=(TakeSeat,),
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


@automatic(step.WELCOME)
def _welcome(engine: Engine, task: Task) -> None:
    """Every player present when newcomers arrive gains 1 Butin, however many they are
    (l.301)."""
    before = [int(p) for p in task.ref.split(",") if p]
    if any(p not in before for p in engine.state.present()):
        for player in before:
            gain(engine, player, "butin", 1)


# ----------------------------------------------------------------------------- call 2
def _call(engine: Engine, call: int, *steps: Task) -> None:
    """The Pilier announces ``call``; a round of spells opens it (reading A19), then its
    ``steps``."""
    _announce(engine, call)
    engine.push(Task(step.SPELLS), *steps)


@automatic(step.CALL_2)
def _call_2(engine: Engine, task: Task) -> None:
    _call(engine, 2, *_each(engine.state, step.SPEND), Task(step.CALL_3))


def purchases(rules: RuleSet, state: GameState, player: int) -> tuple[Action, ...]:
    """What ``player`` may do now in call 2: buy with one Butin the top of his pile, a pint
    (not past the meter's last, where it would be lost, l.214) or the top Specialty
    (l.120-122); put an Atout of his hand into play, up to his Prestige in play (l.277-278);
    take back an Atout in play not used this turn (l.279)."""
    me = state.players[player]
    out: list[Action] = []
    if me.butin >= 1:
        if me.top:
            out.append(Buy("weapon"))
        if me.pints < rules.constants.pints:
            out.append(Buy("pint"))
        if specialties_left(rules, state, player):
            out.append(Buy("specialty"))
    if len(me.atouts) < prestige(rules, state, player):
        out += [PlayAtout(c) for c in dict.fromkeys(me.specialties) if rules.specialty(c).kind == "atout"]
    out += [TakeBackAtout(c) for c in me.atouts if c not in me.used]
    return tuple(out)


def _asked_to_spend(state: GameState, player: int) -> bool:
    """Whether ``player`` is asked in call 2: he has Butin, Specialties in hand (how many is
    public, l.312; which, not: asking only those with an Atout would tell) or Atouts in
    play."""
    me = state.players[player]
    return me.butin > 0 or bool(me.specialties) or bool(me.atouts)


@automatic(step.SPEND)
def _spend(engine: Engine, task: Task) -> None:
    """A player with something to spend or play is asked; then, at Prestige 5, he calls the
    Milice (l.124; the engine calls it for him, reading A12)."""
    if _asked_to_spend(engine.state, task.player):
        engine.push(Task(step.SPENDING, task.player))
    else:
        _call_milice(engine, task.player)


def _call_milice(engine: Engine, player: int) -> None:
    """At Prestige 5 a player calls the Milice; the first to call it this turn discards the
    Crasse he suffers (l.124, l.217, l.284)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    if prestige(rules, state, player) >= rules.constants.prestige_to_win and player not in state.milice:
        first = not state.milice
        engine.emit(ev.MiliceCalled(player))
        if first:
            for card in state.players[player].suffers:
                engine.emit(ev.SpecialtyDiscarded(player, card))


def _spending_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    left = state.players[task.player].butin
    return in_words(lang, f"spend your Butin ({left} left)", f"dépensez vos Butins (il en reste {left})")


@decision(
    step.SPENDING,
    lambda rules, state, task: (*purchases(rules, state, task.player), Pass()),
    _spending_prompt,
    takes=(Buy, PlayAtout, TakeBackAtout, Pass),
)
def _spending(engine: Engine, task: Task, action: Action) -> None:
    """Call 2, in the Pilier's order: each Butin buys the top weapon of the pile, a pint or
    the top Specialty (l.118-123); Atouts go into play or back to hand (l.277-279); done, a
    player at Prestige 5 calls the Milice (l.124)."""
    state: GameState = engine.state
    me = state.players[task.player]
    if isinstance(action, Buy) and action.what == "weapon":
        engine.emit(ev.WeaponBought(task.player, me.top, me.pile[0] if me.pile else ""))
    elif isinstance(action, Buy) and action.what == "pint":
        engine.emit(ev.PintBought(task.player))
    elif isinstance(action, Buy):
        draw_specialty(engine, task.player, bought=True)
    elif isinstance(action, PlayAtout):
        engine.emit(ev.AtoutPlayed(task.player, action.card))
    elif isinstance(action, TakeBackAtout):
        engine.emit(ev.AtoutTakenBack(task.player, action.card, me.atouts.index(action.card)))
    else:
        _call_milice(engine, task.player)
        return
    engine.push(Task(step.SPEND, task.player))


# ----------------------------------------------------------------------------- call 3
@automatic(step.CALL_3)
def _call_3(engine: Engine, task: Task) -> None:
    _call(engine, 3, *_each(engine.state, step.DODGES), Task(step.CALL_4))


def dodge_limit(rules: RuleSet, state: GameState, player: int) -> int:
    """How many dodges ``player`` may still set aside: his Prestige in all (l.131), keeping
    a weapon in hand for the compulsory attack (reading A4)."""
    me = state.players[player]
    if len(state.present()) < 2:
        return 0  # alone at the table (the others away): nobody attacks, nothing to dodge
    most = prestige(rules, state, player) + modifier(rules, state, player, "dodges")
    allowed = min(most, len(me.dodges) + len(me.hand) - 1)
    return max(0, allowed - len(me.dodges))


def _dodges(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    if not dodge_limit(rules, state, task.player):
        return (Pass(),)
    values = sorted({value_of(w) for w in state.players[task.player].hand})
    return (*(Dodge(v) for v in values), Pass())


@automatic(step.DODGES)
def _dodges_step(engine: Engine, task: Task) -> None:
    if dodge_limit(engine.rules, engine.state, task.player):
        engine.push(Task(step.DODGING, task.player))


def _dodging_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    more = dodge_limit(rules, state, task.player)
    return in_words(
        lang, f"set dodges aside ({more} more at most)", f"préparez vos esquives ({more} de plus au plus)"
    )


@decision(
    step.DODGING,
    _dodges,
    _dodging_prompt,
    takes=(Dodge, Pass),
)
def _dodging(engine: Engine, task: Task, action: Action) -> None:
    """Call 3, in the Pilier's order: weapons of the hand set aside face up, one dodge
    each, at most the player's Prestige (l.130-137)."""
    if isinstance(action, Dodge):
        hand = engine.state.players[task.player].hand
        engine.emit(ev.DodgeSet(task.player, next(w for w in hand if value_of(w) == action.weapon)))
        engine.push(Task(step.DODGES, task.player))


# ----------------------------------------------------------------------------- call 4
@automatic(step.CALL_4)
def _call_4(engine: Engine, task: Task) -> None:
    _call(engine, 4, Task(step.ATTACK), Task(step.CALL_5))


def attacks(rules: RuleSet, state: GameState, player: int) -> tuple[Attack, ...]:
    """Every attack ``player`` may lay: a weapon of his hand on a spot that reaches
    another player, any value in melee, odd values only at range (l.141-146, l.267)."""
    me = state.players[player]
    values = sorted({value_of(w) for w in me.hand})
    crasses = ["", *dict.fromkeys(c for c in me.specialties if rules.specialty(c).kind == "crasse")]
    out = []
    for spot in SLOTS:
        if target(state, player, spot) < 0:
            continue
        ranged = spot.startswith("ranged")
        out += [Attack(spot, v, c) for v in values if not ranged or v % 2 == 1 for c in crasses]
    return tuple(out)


def _attackers(rules: RuleSet, state: GameState, task: Task) -> tuple[int, ...]:
    return tuple(p for p in state.present() if attacks(rules, state, p))


@simultaneous(
    step.ATTACK,
    _attackers,
    lambda rules, state, task: attacks(rules, state, task.player),
    ask(
        "attack! lay one weapon face down on a spot",
        "attaquez ! posez une arme face cachée sur un emplacement",
    ),
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
            engine.emit(ev.AttackLaid(player, action.spot, defender, weapon, action.crasse))


# ----------------------------------------------------------------------------- calls 6-9
@automatic(step.CALL_6)
def _call_6(engine: Engine, task: Task) -> None:
    """Call 6, "Prenez la porte !": every player still Sonné is knocked out (l.174-175),
    once the spells of the call have had their chance (a spell may give Energy back)."""
    _call(engine, 6, Task(step.DOOR), Task(step.CALL_7))


@automatic(step.DOOR)
def _door(engine: Engine, task: Task) -> None:
    state: GameState = engine.state
    for player in state.present():
        me = state.players[player]
        if me.energy < 1:
            engine.emit(ev.PlayerEliminated(player, me.character, me.specialties, (*me.atouts, *me.suffers)))


@automatic(step.CALL_8)
def _call_8(engine: Engine, task: Task) -> None:
    """Call 8, "Servez vos Crasses !": each Crasse laid with an attack that hit goes face up
    to its victim, if he is still present, and lasts from now (l.180-182, l.282); a player
    with two keeps the one he chooses (l.283)."""
    _call(engine, 8, Task(step.SERVE_CRASSES), Task(step.CALL_9))


@automatic(step.SERVE_CRASSES)
def _serve_crasses(engine: Engine, task: Task) -> None:
    state: GameState = engine.state
    laid = dict(state.crasses)
    victims = []
    for attacker in state.around():
        card = laid.get(attacker)
        if card is None or attacker not in state.hits:
            continue
        victim = next(d for a, d, _ in state.attacks if a == attacker)
        if engine.state.players[victim].present:
            engine.emit(ev.CrasseServed(victim, attacker, card))
            victims.append(victim)
        else:
            engine.emit(ev.CrasseLost(attacker, card))
    engine.push(
        *(
            Task(step.KEEP_CRASSE, v)
            for v in dict.fromkeys(victims)
            if len(engine.state.players[v].suffers) > 1
        )
    )


def _kept(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    return tuple(ChooseCard(card) for card in state.players[task.player].suffers)


@decision(
    step.KEEP_CRASSE,
    _kept,
    ask("you suffer two Crasses: keep one", "vous subissez deux Crasses : gardez-en une"),
    takes=(ChooseCard,),
)
def _keep_crasse(engine: Engine, task: Task, action: ChooseCard) -> None:
    """A player never suffers more than one Crasse: he keeps the one he chooses and
    discards the others (l.283): ``ChooseCard``."""
    for card in engine.state.players[task.player].suffers:
        if card != action.card:
            engine.emit(ev.SpecialtyDiscarded(task.player, card))


@automatic(step.CALL_9)
def _call_9(engine: Engine, task: Task) -> None:
    """Call 9, "Empochez un Butin !": 1 Butin for every player with Energy, the powers of
    the end of the turn, then the player on the Pilier's left becomes the Pilier
    (l.183-184)."""
    _call(
        engine,
        9,
        Task(step.POCKET),
        Task(step.TURN_POWERS, ref="turn_end"),
        Task(step.PASS_PILIER),
        Task(step.TURN_END),
    )


@automatic(step.POCKET)
def _pocket(engine: Engine, task: Task) -> None:
    state: GameState = engine.state
    for player in state.present():
        if state.players[player].energy > 0:
            gain(engine, player, "butin", 1)


@automatic(step.PASS_PILIER)
def _pass_pilier(engine: Engine, task: Task) -> None:
    engine.emit(ev.PilierPassed(next_pilier(engine.state)))


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
