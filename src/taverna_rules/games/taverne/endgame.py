"""How a game of Taverne ends (l.68-70, l.177-178, l.186-196, l.340-345).

- Call 7, the Milice: if it was called this turn, a player present with Prestige 5 and
  Energy wins; several, the most Butin; still tied, they share the victory, or with the
  rule option ``tie: pilier_order`` the first of them from the Pilier wins (reading A6).
  Called for nothing, the game goes on (l.190). Not called, every player at Prestige 5
  loses a pint (l.192, at call 7: reading A8).
- The end of a turn: the one player left with Energy wins (l.191, l.219). When nobody is
  left and no Character can be drawn for them, the game ends with no winner (A9).
- The rule option ``tournament``: after that many turns, the tournament's scoring ranks
  everyone: 10 points a Prestige point, 1 a Butin, 1 a Character of the player's in the
  KO pile (l.341-344, the literal reading A15).

A game won otherwise than by the tournament ranks its winners first and everyone else by
their tournament points after them: the rulebook names a winner, not a ranking. A game
that ends with no winner ranks everyone by those points.
"""

from __future__ import annotations

from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Result, Standing, Task
from taverna_rules.games.taverne import events as ev
from taverna_rules.games.taverne import steps as step
from taverna_rules.games.taverne.flow import automatic
from taverna_rules.games.taverne.ruleset import RuleSet
from taverna_rules.games.taverne.state import GameState
from taverna_rules.games.taverne.table import prestige

__all__ = ["milice_winners", "tournament_points"]


def milice_winners(rules: RuleSet, state: GameState) -> tuple[int, ...]:
    """Who wins when the Milice comes: the players present at Prestige 5 with Energy, the
    most Butin among them (l.178, l.189), in the Pilier's order."""
    five = [
        p
        for p in state.present()
        if prestige(rules, state, p) >= rules.constants.prestige_to_win and state.players[p].energy > 0
    ]
    if not five:
        return ()
    most = max(state.players[p].butin for p in five)
    best = tuple(p for p in five if state.players[p].butin == most)
    return best[:1] if state.option("tie") == "pilier_order" else best


def tournament_points(rules: RuleSet, state: GameState, player: int) -> tuple[tuple[str, int], ...]:
    """A player's tournament score by category (l.341-344): Prestige (10 a point), Butin
    and Characters knocked out."""
    me = state.players[player]
    if not me.character:
        return (("butin", 0), ("knocked_out", me.knocked_out), ("prestige", 0))
    return (
        ("butin", me.butin),
        ("knocked_out", me.knocked_out),
        ("prestige", 10 * prestige(rules, state, player)),
    )


def _ranked(
    state: GameState, first: tuple[int, ...], lines: dict[int, tuple[tuple[str, int], ...]]
) -> ev.GameEnded:
    """The standings: the players of ``first`` share the first rank; everyone else follows
    by total (their tournament points), equal totals sharing a rank."""
    totals = {p: sum(n for _, n in line) for p, line in lines.items()}
    rest = sorted((p for p in lines if p not in first), key=lambda p: (-totals[p], p))
    standings = [Standing(p, state.players[p].name, 1, totals[p], lines[p], len(first) > 1) for p in first]
    for p in rest:
        rank = len(first) + 1 + sum(1 for other in rest if totals[other] > totals[p])
        tied = sum(1 for other in rest if totals[other] == totals[p]) > 1
        standings.append(Standing(p, state.players[p].name, rank, totals[p], lines[p], tied))
    return ev.GameEnded(Result(tuple(standings)))


def _won(rules: RuleSet, state: GameState, winners: tuple[int, ...]) -> ev.GameEnded:
    """The result of a game won by ``winners``; the others ranked by their tournament
    points (the rulebook names a winner, not a ranking: this orders the rest by how far
    each got)."""
    return _ranked(state, winners, {p: tournament_points(rules, state, p) for p in range(len(state.players))})


def _tournament(rules: RuleSet, state: GameState) -> ev.GameEnded:
    return _ranked(state, (), {p: tournament_points(rules, state, p) for p in range(len(state.players))})


@automatic(step.CALL_7)
def _call_7(engine: Engine, task: Task) -> None:
    engine.emit(ev.CallAnnounced(7))
    engine.push(Task(step.SPELLS), Task(step.MILICE))


@automatic(step.MILICE)
def _milice(engine: Engine, task: Task) -> None:
    """Call 7, "Arrivée de la Milice !" (l.177-178, l.186-192)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    if state.milice:
        winners = milice_winners(rules, state)
        if winners:
            engine.emit(_won(rules, state, winners))
            return
    else:
        for player in state.present():
            if prestige(rules, state, player) >= rules.constants.prestige_to_win:
                engine.emit(ev.PintLost(player))
                engine.push(Task(step.ATOUTS_OVER, player))
    engine.push(Task(step.CALL_8))


@automatic(step.TURN_END)
def _turn_end(engine: Engine, task: Task) -> None:
    """The end of a turn: the last one standing, a tournament's last turn, or the next
    turn (l.191, l.219, l.340-345)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    # A player away keeps his Energy: he is still standing (l.304).
    standing = tuple(p for p in state.around() if state.players[p].character and state.players[p].energy > 0)
    if len(standing) == 1:
        engine.emit(_won(rules, state, standing))
        return
    if not standing and not (state.characters or state.under):
        engine.emit(_won(rules, state, ()))
        return
    turns = int(state.option("tournament", 0))
    if turns and state.turn >= turns:
        engine.emit(_tournament(rules, state))
        return
    engine.push(Task(step.TURN_START))
