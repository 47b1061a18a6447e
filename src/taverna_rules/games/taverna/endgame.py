"""The end of the game: exchanges, royal scoring, people scoring and the result.

Rulebook, "End of game". The royal scoring order is fixed once, before anyone scores:
highest on the chosen people's track first, ties broken on the next track to the right
(cyclically), then by seat order from the first player.
"""

from __future__ import annotations

import datetime as dt

from taverna_rules.core.effects import EFFECT
from taverna_rules.core.engine import Engine
from taverna_rules.core.prompts import asked
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import ChooseRoyalScoring
from taverna_rules.games.taverna.calendar import days_until
from taverna_rules.games.taverna.flow import automatic, decision
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState, Result, Standing, Task
from taverna_rules.games.taverna.tracks import seat_order

__all__ = ["compute_result", "royal_order"]


def royal_order(state: GameState, people: str) -> tuple[int, ...]:
    """Players from highest to lowest on ``people``'s track, ties broken to the right."""
    start = state.peoples.index(people)
    cycle = [(start + i) % len(state.peoples) for i in range(len(state.peoples))]
    seats = seat_order(state.first_player, len(state.players))
    return tuple(
        sorted(
            seats,
            key=lambda p: (tuple(-state.players[p].tracks[t] for t in cycle), seats.index(p)),
        )
    )


@automatic("end_game")
def _end_game(engine: Engine, task: Task) -> None:
    state = engine.state
    for index, player in enumerate(state.players):
        if player.hand:
            engine.emit(ev.SpellsExchanged(index, player.hand))
            engine.emit(ev.CoinsGained(index, len(player.hand), "spells exchanged"))
        if player.privileges:
            engine.emit(ev.PrivilegesExchanged(index, player.privileges))
            engine.emit(ev.VPScored(index, player.privileges, "privileges"))
    engine.push(Task("royal_scoring"))


@automatic("royal_scoring")
def _royal_scoring(engine: Engine, task: Task) -> None:
    state = engine.state
    assert state.king is not None, "no King's people was chosen"
    picks = engine.rules.constants.royal_picks_for(len(state.players))
    # With 2 players each chooses twice: in the King's track order, then the Queen's.
    tracks = ([state.king, state.queen or state.king] * picks)[:picks]
    order = [p for people in tracks for p in royal_order(state, people)]
    engine.push(*(Task("choose_royal", p) for p in order), Task("people_scoring"), Task("finish"))


def _royal_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[ChooseRoyalScoring, ...]:
    used = {scoring for scoring, _ in state.royal_used}
    return tuple(ChooseRoyalScoring(s.id) for s in rules.royal_scorings if s.id not in used)


def _royal_refusal(rules: RuleSet, state: GameState, task: Task, action: ChooseRoyalScoring) -> str:
    taken = dict(state.royal_used)
    if action.scoring in taken:
        return f"{action.scoring!r} was already chosen by {state.players[taken[action.scoring]].name}"
    return f"there is no royal scoring {action.scoring!r}"


@decision(
    "choose_royal",
    _royal_choices,
    asked(
        Text(
            en="choose a royal scoring opportunity",
            fr="choisissez un décompte royal",
            nl="kies een koninklijke telling",
        )
    ),
    _royal_refusal,
    (ChooseRoyalScoring,),
)
def _choose_royal(engine: Engine, task: Task, action: ChooseRoyalScoring) -> None:
    """At the end of the game, each player in turn chooses a royal scoring opportunity
    that nobody has chosen yet: ``ChooseRoyalScoring``."""
    engine.emit(ev.RoyalScoringChosen(task.player, action.scoring))
    engine.push(Task(EFFECT, task.player, f"royal:{action.scoring}"))


@automatic("people_scoring")
def _people_scoring(engine: Engine, task: Task) -> None:
    vp = engine.rules.constants.track_vp
    for index, player in enumerate(engine.state.players):
        for position in player.tracks:
            engine.emit(ev.VPScored(index, vp[position], "people"))


def compute_result(state: GameState) -> Result:
    """Standings by total VP. Tied players share their rank, unless birthdays (and the day
    of play) are known: then the next birthday to come wins the tie (ruling #9, docs/rulings.rst)."""
    today = dt.date.fromisoformat(state.played_on) if state.played_on else None
    known = today is not None and all(p.birthday for p in state.players)

    def key(i: int) -> tuple[int, int]:
        player = state.players[i]
        soon = days_until(player.birthday, today) if known and player.birthday and today else 0
        return (-player.total_vp, soon)

    order = sorted(range(len(state.players)), key=lambda i: (*key(i), i))
    standings = []
    for i in order:
        same = [j for j in order if key(j) == key(i)]
        standings.append(
            Standing(
                i,
                state.players[i].name,
                rank=order.index(same[0]) + 1,
                total=state.players[i].total_vp,
                breakdown=state.players[i].vp,
                tied=len(same) > 1,
            )
        )
    return Result(tuple(standings))


@automatic("finish")
def _finish(engine: Engine, task: Task) -> None:
    engine.emit(ev.GameEnded(compute_result(engine.state)))
