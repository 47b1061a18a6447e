"""The dignitaries (rulebook, turn step 4): which may act, and how an activation runs.

A dignitary in the tavern where the customer was just seated may be activated; with
Influence (a lyre on both the card and that tavern) any dignitary may; discarding two
privilege tokens opens one more activation, anywhere; never the same dignitary twice in a
turn. An activation pays a level's cost, sends the figure to another tavern (at most two
dignitaries there), then resolves the level's effect from the content; the Notary and
the Gob'Trotter act in the tavern of arrival. Only levels that can be paid and whose
effect applies (somewhere the figure can go) are offered.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from taverna_rules.core.action import shared
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.words import say
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import ActivateDignitary, SendDignitary
from taverna_rules.games.taverna.applicable import applicable
from taverna_rules.games.taverna.flow import decision
from taverna_rules.games.taverna.ruleset import Dignitary, RuleSet
from taverna_rules.games.taverna.state import GameState, Task
from taverna_rules.games.taverna.tracks import tavern_symbols

__all__ = [
    "DignitaryWindow",
    "activate",
    "activation_actions",
    "activation_refusal",
    "destinations",
    "dignitary_window",
]

PRIVILEGES_FOR_EXTRA = 2
MAX_PER_TAVERN = 2


@attrs.frozen
class DignitaryWindow:
    """The dignitaries the active player may activate now, and how."""

    #: Activatable as the turn's activation: where the customer sits, or anywhere with Influence.
    regular: tuple[str, ...]
    #: Activatable by discarding two privilege tokens (an extra activation).
    with_privileges: tuple[str, ...]
    influence: bool


def dignitary_window(rules: RuleSet, state: GameState, regular_used: bool) -> DignitaryWindow:
    """The window of the turn in progress; ``regular_used``: the turn's activation is spent.

    The turn's own activation waits for the customer to be seated (it depends on the
    tavern); the one extra activation, paid with two privilege tokens, may come at any
    time during the turn.
    """
    turn = state.turn
    if turn is None:
        return DignitaryWindow((), (), False)
    seated = turn.tavern is not None
    influence = (
        seated and "lyre" in turn.symbols and "lyre" in tavern_symbols(rules, state, turn.tavern or "")
    )
    placed = [(d, t.id) for t in state.taverns for d in t.dignitaries]
    fresh = [(d, where) for d, where in placed if d not in turn.dignitaries_used]
    regular: tuple[str, ...] = ()
    if seated and not regular_used:
        regular = tuple(d for d, where in fresh if influence or where == turn.tavern)
    player = state.players[turn.player]
    may_extra = player.privileges >= PRIVILEGES_FOR_EXTRA and not turn.extra_activation_used
    extra = tuple(d for d, _ in fresh) if may_extra else ()
    return DignitaryWindow(regular, extra, influence)


def _location(state: GameState, dignitary: str) -> str:
    return next(t.id for t in state.taverns if dignitary in t.dignitaries)


def _destinations(
    rules: RuleSet, state: GameState, player: int, spec: Dignitary, level: int, open_taverns: list[str]
) -> Iterator[str]:
    """The taverns of ``open_taverns`` (other than the figure's own, with room) where the
    level's effect applies once its cost is paid."""
    step = spec.levels[level]
    coins = state.players[player].coins - step.cost
    if spec.acts_in == "arrival":
        for tavern in open_taverns:
            if applicable(rules, state, player, step.effect, coins=coins, arrival=tavern):
                yield tavern
    elif applicable(rules, state, player, step.effect, coins=coins, arrival=None):
        # The effect does not depend on where the figure goes: check it once.
        yield from open_taverns


def _open_taverns(state: GameState) -> dict[str, list[str]]:
    """For each dignitary on the board, the taverns it may be sent to."""
    room = [t.id for t in state.taverns if len(t.dignitaries) < MAX_PER_TAVERN]
    return {d: [t for t in room if t != here.id] for here in state.taverns for d in here.dignitaries}


def destinations(
    rules: RuleSet, state: GameState, player: int, dignitary: str, level: int
) -> tuple[str, ...]:
    """Taverns the dignitary may be sent to, where the level's effect then applies."""
    spec = rules.dignitary(dignitary)
    return tuple(_destinations(rules, state, player, spec, level, _open_taverns(state)[dignitary]))


def activation_actions(rules: RuleSet, state: GameState, player: int) -> tuple[ActivateDignitary, ...]:
    """Every activation the player can make now, level by level."""
    turn = state.turn
    if turn is None or turn.player != player:
        return ()
    # Most of a turn offers neither activation: say so before looking at the board.
    regular = turn.tavern is not None and not turn.regular_activation_used
    extra = state.players[player].privileges >= PRIVILEGES_FOR_EXTRA and not turn.extra_activation_used
    if not (regular or extra):
        return ()
    window = dignitary_window(rules, state, turn.regular_activation_used)
    offers = [(d, False) for d in window.regular]
    offers += [(d, True) for d in window.with_privileges if d not in window.regular]
    if not offers:
        return ()
    coins = state.players[player].coins
    open_taverns = _open_taverns(state)
    out = []
    for dignitary, extra in offers:
        spec = rules.dignitary(dignitary)
        targets = open_taverns[dignitary]
        for level, step in enumerate(spec.levels):
            if step.cost <= coins and next(_destinations(rules, state, player, spec, level, targets), None):
                out.append(shared(ActivateDignitary, dignitary, level, extra))
    return tuple(out)


def activation_refusal(rules: RuleSet, state: GameState, player: int, action: ActivateDignitary) -> str:
    """Why an activation is not offered."""
    turn = state.turn
    known = [d.id for d in rules.dignitaries]
    if action.dignitary not in known:
        return f"there is no dignitary {action.dignitary!r} (dignitaries: {', '.join(known)})"
    if turn is not None and action.dignitary in turn.dignitaries_used:
        return f"the {action.dignitary} has already acted this turn"
    levels = rules.dignitary(action.dignitary).levels
    if not 0 <= action.level < len(levels):
        return f"the {action.dignitary} has levels 0 to {len(levels) - 1}"
    window = dignitary_window(rules, state, turn.regular_activation_used if turn else True)
    if action.extra and action.dignitary not in window.with_privileges:
        return f"one extra activation a turn, for {PRIVILEGES_FOR_EXTRA} privilege tokens"
    if action.extra and action.dignitary in window.regular:
        return "the turn's own activation reaches it: activate it without privilege tokens"
    if not action.extra and action.dignitary not in window.regular:
        return (
            f"the {action.dignitary} is not where your customer sits (Influence or "
            f"{PRIVILEGES_FOR_EXTRA} privilege tokens reach it), or your activation is spent"
        )
    cost = levels[action.level].cost
    if cost > state.players[player].coins:
        return f"it costs {cost} coins and you have {state.players[player].coins}"
    return "its effect would not apply in any tavern the figure can be sent to"


def activate(engine: Engine, task: Task, action: ActivateDignitary) -> None:
    """Start an activation: privileges for an extra one, then the choice of destination."""
    if action.extra:
        engine.emit(ev.PrivilegesDiscarded(task.player, PRIVILEGES_FOR_EXTRA))
    engine.emit(ev.DignitaryActivated(task.player, action.dignitary, action.level, action.extra))
    ref = f"dignitary:{action.dignitary}:{action.level}"
    engine.push(Task("send_dignitary", task.player, ref), task)


def _ref(task: Task) -> tuple[str, int]:
    _, dignitary, level = task.ref.split(":")
    return dignitary, int(level)


def _send_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[SendDignitary, ...]:
    dignitary, level = _ref(task)
    return tuple(SendDignitary(t) for t in destinations(rules, state, task.player, dignitary, level))


_SEND = Text(
    en="send the {dignitary} to another tavern (it costs {cost} {cost:coin|coins})",
    fr="envoyez {dignitary} dans une autre taverne (cela coûte {cost} {cost:sou|sous})",
    nl="stuur de {dignitary} naar een andere taverne (dat kost {cost} {cost:munt|munten})",
)


def _send_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    dignitary, level = _ref(task)
    cost = rules.dignitary(dignitary).levels[level].cost
    return say(_SEND, lang, dignitary=rules.name_of(dignitary, lang), cost=cost)


def _send_refusal(rules: RuleSet, state: GameState, task: Task, action: SendDignitary) -> str:
    dignitary, _ = _ref(task)
    if action.tavern == _location(state, dignitary):
        return "the figure must leave its tavern"
    if action.tavern in {t.id for t in state.taverns} and len(state.tavern(action.tavern).dignitaries) >= 2:
        return f"{action.tavern!r} already holds {MAX_PER_TAVERN} dignitaries"
    return "the effect would not apply there"


@decision("send_dignitary", _send_choices, _send_prompt, _send_refusal, (SendDignitary,))
def _send(engine: Engine, task: Task, action: SendDignitary) -> None:
    """After activating a dignitary, send it to another tavern (at most two dignitaries a
    tavern): ``SendDignitary``. Then its level's cost is paid and its effect resolves."""
    dignitary, level = _ref(task)
    cost = engine.rules.dignitary(dignitary).levels[level].cost
    if cost:
        engine.emit(ev.CoinsPaid(task.player, cost, task.ref))
    engine.emit(ev.DignitaryMoved(task.player, dignitary, _location(engine.state, dignitary), action.tavern))
    engine.push(Task(EFFECT, task.player, task.ref))
