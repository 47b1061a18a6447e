"""The checks the kit makes on a game as it plays, one small function each, run from tables:
on each pending decision (:data:`DECISION_CHECKS`), after each step
(:data:`STEP_CHECKS`), every few decisions (:data:`PERIODIC_CHECKS`), and at the end
(:data:`END_CHECKS`). A check raises :class:`~.context.Failed` naming the check (one of
:data:`~.report.CHECKS`) it belongs to."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from taverna_rules.core.chance import Outcome, waits_for_chance
from taverna_rules.core.records import Action, Event
from taverna_rules.core.replay import fold
from taverna_rules.core.serialize import (
    action_from_json,
    action_to_json,
    decision_from_json,
    decision_to_json,
    event_from_json,
    event_to_dict,
    event_to_json,
    events_from_json,
    events_to_json,
    state_from_json,
    state_to_json,
)
from taverna_rules.core.views import redact_decision
from taverna_rules.errors import IllegalActionError
from taverna_rules.game import Game, replay
from taverna_rules.position import dump_position, load_position
from taverna_rules.tools.conformance.context import Checked, Failed, checking, differing_fields, viewer_name
from taverna_rules.tools.conformance.leaks import hidden_fields, no_secrets, revealed

__all__ = [
    "DECISION_CHECKS",
    "END_CHECKS",
    "PERIODIC_CHECKS",
    "POSITION_CHECKS",
    "SPOT_CHECKS",
    "STEP_CHECKS",
    "action_round_trip",
    "chance_outcomes",
    "undo",
]

#: Refusals are checked every this many decisions, and position round trips (slower: a
#: YAML document of the whole state is read) every ``POSITION_CHECKS``.
SPOT_CHECKS = 13
POSITION_CHECKS = 60

GameCheckFn = Callable[[Checked, Game], None]
StepCheckFn = Callable[[Checked, Game, Sequence[Event]], None]
SpotCheckFn = Callable[[Checked, Game, Action], None]


# ----------------------------------------------------------------------------- a decision
def decision_round_trip(checked: Checked, game: Game) -> None:
    """The pending decision, with its legal actions, comes back equal from its JSON."""
    decision = game.decision
    assert decision is not None
    with checking("round_trip", f"the JSON round trip of decision {decision.kind!r}"):
        back = decision_from_json(decision_to_json(decision), game=checked.module)
    if back != decision:
        raise Failed("round_trip", f"decision {decision.kind!r} does not come back equal from JSON")


def decision_views(checked: Checked, game: Game) -> None:
    """The pending decision, as every other seat and a spectator see it, names nothing
    hidden from them."""
    decision = game.decision
    assert decision is not None
    for viewer in checked.viewers:
        if viewer == decision.player:
            continue
        with checking("views", f"redacting decision {decision.kind!r}"):
            seen = json.loads(decision_to_json(redact_decision(decision, viewer)))
        no_secrets(checked.secrets(game.state, viewer), viewer, seen, f"decision {decision.kind!r}")


#: The checks of each pending decision, in order.
DECISION_CHECKS: tuple[GameCheckFn, ...] = (decision_round_trip, decision_views)


def action_round_trip(checked: Checked, action: Action) -> None:
    """The action about to be played comes back equal from its JSON."""
    with checking("round_trip", f"the JSON round trip of {action!r}"):
        back = action_from_json(action_to_json(action), game=checked.module)
    if back != action:
        raise Failed("round_trip", f"{action!r} comes back from JSON as {back!r}")


def chance_outcomes(checked: Checked, game: Game) -> tuple[Outcome, ...]:
    """The outcomes of the pending chance decision, checked: they are its actions, each
    likelier than 0, summing to exactly 1, no more than the module's bound."""
    decision = game.decision
    assert decision is not None
    with checking("chance", "listing the chance decision's outcomes"):
        outcomes = game.chance_outcomes()
    if not outcomes or tuple(o.action for o in outcomes) != decision.actions:
        raise Failed(
            "chance",
            f"the chance decision offers {len(decision.actions)} actions, {len(outcomes)} outcomes",
        )
    total = sum(o.probability for o in outcomes)
    if total != 1 or min(o.probability for o in outcomes) <= 0:
        raise Failed("chance", f"the outcomes' probabilities sum to {total}, each must be above 0")
    bound = checked.module.max_chance_outcomes
    most = bound(checked.rules, checked.players) if bound is not None else len(outcomes)
    if len(outcomes) > most:
        raise Failed("chance", f"a chance decision has {len(outcomes)} outcomes, over the module's {most}")
    return outcomes


# ----------------------------------------------------------------------------- a step
def event_views(checked: Checked, game: Game, new: Sequence[Event]) -> None:
    """The step's events, as each seat and a spectator see them, name nothing hidden from
    them, and their zone fields are redacted."""
    for viewer in checked.viewers:
        with checking("views", "redacting the new events"):
            seen = checked.module.visibility.redact_events(new, viewer)
            data = [event_to_dict(event) for event in seen]
        secrets = checked.secrets(game.state, viewer)
        for event, item in zip(seen, data, strict=True):
            no_secrets(secrets, viewer, item, f"event {event.TYPE}")
            hidden_fields(checked, event, viewer)


def integrity(checked: Checked, game: Game, new: Sequence[Event]) -> None:
    """The state is consistent (the module's ``integrity``) and nothing was created or
    lost (the game's ledger), once the state is settled."""
    state = game.state
    if waits_for_chance(state):
        # The state before an action that is drawing (the setup's, at the start): the
        # action's events come once chance has drawn, and are checked then.
        return
    open_ledger(checked, game)
    with checking("integrity", "checking the state"):
        problems = checked.module.integrity(checked.rules, state)
        if checked.ledger is not None:
            problems += checked.ledger.check(state, new)
    if problems:
        raise Failed("integrity", "; ".join(problems))


def open_ledger(checked: Checked, game: Game) -> None:
    """The game's ledger, from its first settled state (in the explicit chance mode, the
    setup ends after its draws)."""
    if checked.kit is not None and checked.ledger is None:
        checked.ledger = checked.kit.ledger(checked.rules, game)
        if checked.ledger.opening:
            raise Failed("integrity", "; ".join(checked.ledger.opening))


#: The checks after each step (the setup's events, then each action's), in order.
STEP_CHECKS: tuple[StepCheckFn, ...] = (event_views, integrity)


def undo(
    checked: Checked, game: Game, new: Sequence[Event], before: Any, length: int, *, picked: bool
) -> None:
    """Undo is refused after a step that revealed something (by the kit's own reading,
    :func:`~.leaks.revealed`) and offered, and exact, after one that did not."""
    shown = revealed(checked, before, game.state, new, picked=picked)
    if game.can_undo() == bool(shown):
        wrong = "offered after a step that revealed" if shown else "refused after a step that revealed"
        raise Failed("undo", f"undo is {wrong} {'; '.join(shown) or 'nothing'}")
    if shown:
        return
    with checking("undo", "undoing the action on a copy"):
        back = game.copy()
        back.undo()
    if back.state != before or len(back.events) != length:
        raise Failed("undo", "undoing the action does not give back the state before it")


# ----------------------------------------------------------------------------- every few decisions
def refusals(checked: Checked, game: Game, action: Action) -> None:
    """``action`` played by a seat the decision does not ask, and an action legal earlier
    but not now, are refused with :class:`~taverna_rules.errors.IllegalActionError` and
    change nothing."""
    decision = game.decision
    assert decision is not None
    asked = {d.player for d in game.decisions}
    others = [seat for seat in range(checked.players) if seat not in asked]
    legal = set(decision.actions)
    stale = next((a for a in reversed(checked.seen) if a not in legal), None)
    tries = [(action, others[0])] if others else []
    tries += [(stale, decision.player)] if stale is not None else []
    for tried, seat in tries:
        _refused(game, tried, seat, decision.kind)


def _refused(game: Game, tried: Action, seat: int, kind: str) -> None:
    """``tried`` by ``seat`` is refused with an IllegalActionError and changes nothing."""
    before, length = game.state, len(game.events)
    try:
        game.apply(tried, player=seat)
    except IllegalActionError:
        pass
    except Exception as exc:
        raise Failed(
            "refusals", f"{tried!r} by seat {seat} raised {type(exc).__name__}, not IllegalActionError"
        ) from exc
    else:
        raise Failed("refusals", f"{tried!r} by seat {seat} is played in decision {kind!r}")
    if game.state is not before or len(game.events) != length:
        raise Failed("refusals", f"refusing {tried!r} changed the game")


def position_round_trip(checked: Checked, game: Game) -> None:
    """For a game with position documents: the state comes back equal from its YAML and
    JSON documents, and a game resumed from it waits for the same decision."""
    if checked.module.positions is None:
        return
    for fmt in ("yaml", "json"):
        with checking("positions", f"the {fmt} position round trip"):
            loaded = load_position(checked.rules, dump_position(game.state, fmt))
        if loaded != game.state:
            raise Failed(
                "positions",
                f"the state comes back from its {fmt} position different in "
                f"{differing_fields(game.state, loaded)}",
            )
    if game.over:
        return
    with checking("positions", "resuming a game from the position"):
        resumed = Game.from_position(checked.rules, loaded)
    if resumed.decision != game.decision:
        raise Failed("positions", "a game resumed from the position waits for another decision")


def _position_spot(checked: Checked, game: Game, action: Action) -> None:
    position_round_trip(checked, game)


#: ``(every, check)``: the checks made before the action of every ``every``-th decision
#: (the first included), in order.
PERIODIC_CHECKS: tuple[tuple[int, SpotCheckFn], ...] = (
    (SPOT_CHECKS, refusals),
    (POSITION_CHECKS, _position_spot),
)


# ----------------------------------------------------------------------------- the end
def ended_with_result(checked: Checked, game: Game) -> None:
    """The game stopped with a result and no pending decision."""
    if game.state.result is None or game.decision is not None:
        raise Failed("play", "the game stopped without a result")


def log_folds(checked: Checked, game: Game) -> None:
    """Folding the log gives exactly the live final state."""
    with checking("replay", "folding the log"):
        folded = fold(checked.module, list(game.events))
    if folded != game.state:
        raise Failed(
            "replay", f"folding the log differs from the live state in {differing_fields(game.state, folded)}"
        )


def verified_replay(checked: Checked, game: Game) -> None:
    """Replaying the log with verification gives exactly the live final state."""
    with checking("replay", "replaying the log with verification"):
        replayed = replay(checked.rules, list(game.events)).state
    if replayed != game.state:
        raise Failed(
            "replay",
            f"the verified replay differs from the live state in {differing_fields(game.state, replayed)}",
        )


def state_round_trip(checked: Checked, game: Game) -> None:
    """The final state comes back equal from its JSON."""
    state = game.state
    with checking("round_trip", "the JSON round trip of the final state"):
        back = state_from_json(state_to_json(state), game=checked.module)
    if back != state:
        raise Failed(
            "round_trip", f"the final state comes back from JSON different in {differing_fields(state, back)}"
        )


def events_round_trip(checked: Checked, game: Game) -> None:
    """Every event of the log comes back equal from its JSON."""
    for index, event in enumerate(game.events):
        with checking("round_trip", f"the JSON round trip of event {index} ({event.TYPE})"):
            back = event_from_json(event_to_json(event), game=checked.module)
        if back != event:
            raise Failed("round_trip", f"event {index} ({event.TYPE}) comes back from JSON as {back!r}")


def log_round_trip(checked: Checked, game: Game) -> None:
    """The whole log comes back equal from its JSON."""
    log = list(game.events)
    with checking("round_trip", "the JSON round trip of the log"):
        back = events_from_json(events_to_json(log), game=checked.module)
    if back != log:
        raise Failed("round_trip", "the log does not come back equal from JSON")


def final_views(checked: Checked, game: Game) -> None:
    """Each seat's and a spectator's final view hides the seed, equals the fold of their
    log, and names nothing hidden from them."""
    state, log, visibility = game.state, list(game.events), checked.module.visibility
    for viewer in checked.viewers:
        who = viewer_name(viewer)
        with checking("views", f"the view of {who}"):
            view = visibility.redact_state(state, viewer)
            seen = fold(checked.module, visibility.redact_events(log, viewer))
            data = json.loads(state_to_json(view))
        if getattr(view, "seed", 0) != 0:
            raise Failed("views", f"the view of {who} shows the seed")
        if seen != view:
            raise Failed(
                "views", f"folding the log of {who} differs from their view in {differing_fields(view, seen)}"
            )
        no_secrets(checked.secrets(state, viewer), viewer, data, "the final view")


#: The checks of a game that ended, in order.
END_CHECKS: tuple[GameCheckFn, ...] = (
    ended_with_result,
    position_round_trip,
    log_folds,
    verified_replay,
    state_round_trip,
    events_round_trip,
    log_round_trip,
    final_views,
)
