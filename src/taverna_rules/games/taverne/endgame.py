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

A game that ends otherwise than by the tournament ranks its winners first and everyone
else second: the rulebook names a winner, not a ranking.
"""

from __future__ import annotations

from taverna_rules.core.engine import Engine
from taverna_rules.core.records import Result, Standing, Task
from taverna_rules.games.taverne import events as ev
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
    if not me.present:
        return (("butin", 0), ("knocked_out", me.knocked_out), ("prestige", 0))
    return (
        ("butin", me.butin),
        ("knocked_out", me.knocked_out),
        ("prestige", 10 * prestige(rules, state, player)),
    )


def _standing(
    state: GameState, player: int, rank: int, line: tuple[tuple[str, int], ...], tied: bool
) -> Standing:
    return Standing(player, state.players[player].name, rank, sum(n for _, n in line), line, tied)


def _won(rules: RuleSet, state: GameState, winners: tuple[int, ...]) -> ev.GameEnded:
    """The result of a game won by ``winners``: they share the first rank, everyone else
    the second; each standing shows the player's Comptoir."""
    rest = tuple(p for p in range(len(state.players)) if p not in winners)

    def line(player: int) -> tuple[tuple[str, int], ...]:
        me = state.players[player]
        return (
            ("butin", me.butin),
            ("energy", me.energy),
            ("prestige", prestige(rules, state, player) if me.present else 0),
        )

    def standing(player: int, rank: int, group: tuple[int, ...]) -> Standing:
        return Standing(
            player, state.players[player].name, rank, 1 if rank == 1 else 0, line(player), len(group) > 1
        )

    standings = [standing(p, 1, winners) for p in winners]
    standings += [standing(p, len(winners) + 1 if winners else 1, rest) for p in rest]
    return ev.GameEnded(Result(tuple(standings)))


def _tournament(rules: RuleSet, state: GameState) -> ev.GameEnded:
    lines = {p: tournament_points(rules, state, p) for p in range(len(state.players))}
    totals = {p: sum(n for _, n in line) for p, line in lines.items()}
    order = sorted(totals, key=lambda p: (-totals[p], p))
    standings = []
    for p in order:
        rank = 1 + sum(1 for other in totals.values() if other > totals[p])
        tied = list(totals.values()).count(totals[p]) > 1
        standings.append(_standing(state, p, rank, lines[p], tied))
    return ev.GameEnded(Result(tuple(standings)))


@automatic("call_7")
def _call_7(engine: Engine, task: Task) -> None:
    """Call 7, "Arrivée de la Milice !" (l.177-178, l.186-192)."""
    rules: RuleSet = engine.rules
    engine.emit(ev.CallAnnounced(7))
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
    engine.push(Task("call_8"))


@automatic("turn_end")
def _turn_end(engine: Engine, task: Task) -> None:
    """The end of a turn: the last one standing, a tournament's last turn, or the next
    turn (l.191, l.219, l.340-345)."""
    rules: RuleSet = engine.rules
    state: GameState = engine.state
    standing = tuple(p for p in state.present() if state.players[p].energy > 0)
    if len(standing) == 1:
        engine.emit(_won(rules, state, standing))
        return
    if not standing and not state.characters:
        engine.emit(_won(rules, state, ()))
        return
    turns = int(state.option("tournament", 0))
    if turns and state.turn >= turns:
        engine.emit(_tournament(rules, state))
        return
    engine.push(Task("turn_start"))
