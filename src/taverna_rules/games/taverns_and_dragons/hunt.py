"""The dragon hunt (l.295-331): gems discarded for hunting dice (at the activation), a
window to change them (runes, heroes, the tavern power), then the attack: a damage marker
for each attack symbol on a matching uncovered symbol of the grid, compulsory while one is
left (the hunter chooses the row, B9), a row covered paying its reward, the last symbol
winning a trophy at random; the counter-attack's wounds (the shielded sbire ignores them,
B11; after a kill too, B10); the special attack if the dragon survives and a fury symbol
was rolled."""

from __future__ import annotations

from taverna_rules.core import symbol_grid
from taverna_rules.core.chance import card_from
from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Action, Task
from taverna_rules.games.taverns_and_dragons import events as ev
from taverna_rules.games.taverns_and_dragons import steps as step
from taverna_rules.games.taverns_and_dragons.actions import Damage, Strike
from taverna_rules.games.taverns_and_dragons.flow import FLOW, ask, automatic, decision
from taverna_rules.games.taverns_and_dragons.free import FREE
from taverna_rules.games.taverns_and_dragons.ruleset import RuleSet
from taverna_rules.games.taverns_and_dragons.state import GameState, face_symbols

__all__ = ["rolled"]


def rolled(state: GameState, role_of: dict[str, str], role: str) -> tuple[str, ...]:
    """The symbols of ``role`` the hunting dice show, in order."""
    return tuple(s for face in state.hunting for s in face_symbols(face) if role_of.get(s) == role)


@FREE.decision(
    FLOW,
    step.HUNT_WINDOW,
    lambda rules, state, task: (Strike(),),
    ask("change your hunting dice, or strike", "modifiez vos dés de chasse, ou attaquez"),
    takes=(Strike,),
)
def _window(engine: Engine, task: Task, action: Strike) -> None:
    """The hunting dice are rolled: runes, heroes and the tavern power may change them
    (l.299); ``Strike`` attacks with them, a Forge token held adding its marker (l.554)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    roles = {s.id: s.role for s in rules.symbols}
    strikes = rolled(state, roles, "attack")
    forge = state.players[task.player].forge
    if forge:
        engine.emit(ev.ForgeTokenUsed(task.player, forge))
        strikes = (*strikes, next(t.symbol for t in rules.forge if t.id == forge))
    engine.emit(ev.HuntStruck(strikes))
    engine.push(
        Task(step.STRIKE, task.player),
        Task(step.COUNTER_ATTACK, task.player),
        Task(step.SPECIAL_ATTACK, task.player),
        Task(step.HUNT_END, task.player),
    )


@automatic(step.STRIKE)
def _strike(engine: Engine, task: Task) -> None:
    """The next marker: on its one open row, or the hunter chooses among several; a symbol
    no uncovered cell matches is lost (l.303: compulsory only when possible)."""
    state: GameState = engine.state
    if not state.dragon or not state.strikes:
        if state.strikes:
            engine.emit(ev.HuntStruck(()))
        return
    symbol = state.strikes[0]
    rows = symbol_grid.open_rows(state.grid, symbol)
    if not rows:
        engine.emit(ev.HuntStruck(state.strikes[1:]))
        engine.push(task)
    elif len(rows) == 1:
        place(engine, task.player, symbol, rows[0])
        engine.push(task)
    else:
        engine.push(Task(step.PLACE_DAMAGE, task.player), task)


def _rows(rules: RuleSet, state: GameState, task: Task) -> tuple[Action, ...]:
    symbol = state.strikes[0]
    return tuple(Damage(symbol, row) for row in symbol_grid.open_rows(state.grid, symbol))


@decision(
    step.PLACE_DAMAGE,
    _rows,
    ask(
        "place the damage marker on a row of the dragon",
        "placez le marqueur de dégâts sur une ligne du dragon",
    ),
    takes=(Damage,),
)
def _place_damage(engine: Engine, task: Task, action: Damage) -> None:
    """A marker that fits several rows: the hunter chooses (``Damage(symbol, row)``, B9)."""
    place(engine, task.player, action.symbol, action.row)


def place(engine: Engine, seat: int, symbol: str, row: int) -> None:
    """A damage marker on ``row``: the row's reward when it is covered (l.307-313), a
    trophy when it is the dragon's last symbol (l.315)."""
    state: GameState = engine.state
    before = state.grid
    dragon = state.dragon
    engine.emit(ev.DamagePlaced(seat, symbol, row))
    after = engine.state.grid
    rewards = [Task(EFFECT, seat, f"dragon:{dragon}:row:{r}") for r in symbol_grid.completed(before, after)]
    if symbol_grid.cleared(after):
        engine.emit(ev.DragonSlain(seat, dragon))
        pile = engine.state.trophy_pile
        if pile:
            engine.draw(card_from(pile, lambda trophy: ev.TrophyWon(seat, trophy)))
    engine.push(*rewards)


@automatic(step.COUNTER_ATTACK)
def _counter(engine: Engine, task: Task) -> None:
    """A wound for each wound symbol (l.321-327), unless the sbire ignores it (l.325)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    sbire = state.sbire
    ignored = rules.sbire(sbire).ignores
    roles = {s.id: s.role for s in rules.symbols}
    wounds = [s for s in rolled(state, roles, "wound") if s != ignored]
    engine.push(*(Task(step.WOUND, task.player, args=(sbire,)) for _ in wounds))


@automatic(step.SPECIAL_ATTACK)
def _special(engine: Engine, task: Task) -> None:
    """The dragon, still in play, strikes back if a fury symbol was rolled (l.329-331)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    roles = {s.id: s.role for s in rules.symbols}
    if state.dragon and rolled(state, roles, "special"):
        engine.push(Task(EFFECT, task.player, f"dragon:{state.dragon}:special"))


@automatic(step.HUNT_END)
def _hunt_end(engine: Engine, task: Task) -> None:
    engine.emit(ev.HuntEnded(task.player))
