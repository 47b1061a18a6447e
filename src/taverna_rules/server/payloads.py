"""What the server sends a seat: always that seat's view, never the whole game.

Every payload is built from :meth:`Game.view <taverna_rules.Game.view>`,
:meth:`~taverna_rules.Game.decision_for` and :meth:`~taverna_rules.Game.events_for` of the
seat asking (``None``: a spectator), so the visibility model decides what leaves the
server: another hand, a deck's order, a committed choice and the seed never do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from taverna_rules.core.arguments import name_of
from taverna_rules.core.records import Action, Event, Result
from taverna_rules.core.serialize import (
    decision_to_json,
    event_to_dict,
    json_strings,
    state_to_json,
)
from taverna_rules.game import Game
from taverna_rules.narration import describe_event

__all__ = ["action_label", "event_lines", "result_payload", "view_payload", "waiting_for"]

#: What a narration may raise on a log it was not written for (a pack's new events):
#: the line falls back to the event's name rather than failing the request.
_UNNARRATED = (KeyError, ValueError, IndexError, TypeError, AttributeError)


def _words(name: str) -> str:
    """``PickCard`` as ``Pick card``."""
    spaced = re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()
    return spaced[:1].upper() + spaced[1:]


def action_label(game: Game, action: Action) -> str:
    """A button's label for ``action``: :meth:`Game.describe <taverna_rules.Game.describe>`
    (names, not ids; tables and spaces numbered as printed)."""
    return game.describe(action)


def result_payload(result: Result | None) -> dict[str, Any] | None:
    """The final standings (public once the game is over)."""
    if result is None:
        return None
    return {
        "standings": [
            {
                "player": s.player,
                "name": s.name,
                "rank": s.rank,
                "total": s.total,
                "tied": s.tied,
                "breakdown": [[category, vp] for category, vp in s.breakdown],
            }
            for s in result.standings
        ],
        "winners": list(result.winners),
    }


def view_payload(game_id: str, game: Game, seat: int | None, version: int) -> dict[str, Any]:
    """The game as ``seat`` sees it now (``None``: a spectator)."""
    state = json.loads(state_to_json(game.view(seat)))
    decision = game.decision_for(seat)
    actions: Sequence[Action] = decision.actions if decision is not None else ()
    return {
        "id": game_id,
        "game": game.rules.game,
        "title": game.module.name.en,
        "drawing": f"/games/{game.rules.game}/board.js" if game.module.drawing is not None else None,
        "version": version,
        "seat": seat,
        "over": game.over,
        "state": state,
        "decision": json.loads(decision_to_json(decision)) if decision is not None else None,
        "labels": [action_label(game, action) for action in actions],
        "board": game.board(seat),
        "waiting_for": waiting_for(game),
        "names": _names(game.rules, state),
        "result": result_payload(game.result),
    }


def waiting_for(game: Game) -> list[int]:
    """The seats the game waits for now, in order (none once over)."""
    return sorted({decision.player for decision in game.decisions})


def _names(rules: Any, state: Any) -> dict[str, str]:
    names = {}
    for text in set(json_strings(state)):
        name = name_of(rules, text)
        if name != text:
            names[text] = str(name)
    return names


def event_lines(
    game: Game, seat: int | None, since: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The seat's view of the events from number ``since`` on, and the narration's lines
    for them (each with the number of its event)."""
    module = game.module
    log = game.events_for(seat)
    state = None
    lines = []
    for index, event in enumerate(log):
        state = module.evolve(state, event)
        if index >= since:
            text = _line(game.rules, state, event)
            if text:
                lines.append({"version": index + 1, "text": text.strip("\n")})
    events = [event_to_dict(event, game=module) for event in log[since:]]
    return events, lines


def _line(rules: Any, state: Any, event: Event) -> str | None:
    # The lines of Game.narration, one by one: a line a narration cannot write (an event
    # of a pack it was not written for) falls back to the event's name.
    try:
        return describe_event(rules, state, event)
    except _UNNARRATED:
        return _words(type(event).__name__)
