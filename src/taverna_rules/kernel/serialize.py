"""JSON for states, actions, events, decisions and results, through one cattrs converter.

Actions and events carry their stable type name (``"type"``) and events their version
(``"v"``); unknown types, missing fields and wrong shapes raise
:class:`~taverna_rules.errors.ReplayError` naming what was wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs
import cattrs

from taverna_rules.errors import ReplayError
from taverna_rules.kernel.actions import ACTION_TYPES, Action
from taverna_rules.kernel.engine import Decision
from taverna_rules.kernel.events import EVENT_TYPES, Event
from taverna_rules.kernel.state import GameState

__all__ = [
    "CONVERTER",
    "action_from_json",
    "action_to_json",
    "decision_from_json",
    "decision_to_json",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "events_to_json",
    "state_from_json",
    "state_to_json",
    "json_strings",
]

T = TypeVar("T")
CONVERTER = cattrs.Converter()
# Actions are flat records; a converter of their own keeps the base-class hook out of the way.
_ACTIONS = cattrs.Converter()
#: Upcasters: (type name, version) -> function turning that version's fields into the next.
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _tuple_any(value: Any, _: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((str(k), v) for k, v in value)


CONVERTER.register_structure_hook_func(lambda t: t == tuple[tuple[str, Any], ...], _tuple_any)
CONVERTER.register_structure_hook(Action, lambda v, _: _tagged(v, ACTION_TYPES, "action"))


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as a JSON-ready mapping with its ``type``."""
    return {"type": action.TYPE, **attrs.asdict(action)}


CONVERTER.register_unstructure_hook(Action, action_to_dict)


def _tagged(data: Any, table: dict[str, type[T]], what: str) -> T:
    if not isinstance(data, dict) or "type" not in data:
        raise ReplayError(f"an {what} is a mapping with a 'type', not {data!r}")
    name = data["type"]
    cls = table.get(name)
    if cls is None:
        raise ReplayError(f"unknown {what} type {name!r}")
    fields = {k: v for k, v in data.items() if k not in ("type", "v")}
    converter = _ACTIONS if issubclass(cls, Action) else CONVERTER
    try:
        return converter.structure(fields, cls)
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError) as exc:
        detail = (
            "; ".join(cattrs.transform_error(exc))
            if isinstance(exc, cattrs.BaseValidationError)
            else str(exc)
        )
        raise ReplayError(f"malformed {what} {name!r}: {detail}") from None


def action_to_json(action: Action) -> str:
    """``action`` as JSON text."""
    return json.dumps(action_to_dict(action), sort_keys=True)


def action_from_json(text: str | dict[str, Any]) -> Action:
    """The action of JSON text (or of an already decoded mapping)."""
    return _tagged(_decode(text), ACTION_TYPES, "action")


def event_to_dict(event: Event) -> dict[str, Any]:
    """An event as a JSON-ready mapping with its ``type`` and version ``v``."""
    return {"type": event.TYPE, "v": event.VERSION, **CONVERTER.unstructure(event, type(event))}


def event_from_dict(data: Any) -> Event:
    """The event of a decoded mapping, upcast from older versions."""
    if isinstance(data, dict) and "type" in data:
        cls = EVENT_TYPES.get(data["type"])
        version = data.get("v", 1)
        if cls is not None and isinstance(version, int):
            if version > cls.VERSION:
                raise ReplayError(
                    f"event {data['type']!r} version {version} is newer than this library's {cls.VERSION}"
                )
            while version < cls.VERSION:
                data = UPCASTERS[(data["type"], version)](data)
                version += 1
    return _tagged(data, EVENT_TYPES, "event")


def event_to_json(event: Event) -> str:
    """``event`` as JSON text."""
    return json.dumps(event_to_dict(event), sort_keys=True)


def event_from_json(text: str | dict[str, Any]) -> Event:
    """The event of JSON text."""
    return event_from_dict(_decode(text))


def events_to_json(events: Sequence[Event]) -> str:
    """A log as a JSON array."""
    return json.dumps([event_to_dict(e) for e in events], sort_keys=True)


def events_from_json(text: str) -> list[Event]:
    """A log from a JSON array; the error names the index of a bad event."""
    data = _decode(text)
    if not isinstance(data, list):
        raise ReplayError("an event log is a JSON array")
    out = []
    for index, item in enumerate(data):
        try:
            out.append(event_from_dict(item))
        except ReplayError as exc:
            raise ReplayError(f"event {index}: {exc}") from None
    return out


def state_to_json(state: GameState) -> str:
    """A state as JSON text."""
    return json.dumps(CONVERTER.unstructure(state), sort_keys=True)


def state_from_json(text: str | dict[str, Any]) -> GameState:
    """The state of JSON text."""
    try:
        return CONVERTER.structure(_decode(text), GameState)
    except cattrs.BaseValidationError as exc:
        raise ReplayError("malformed state: " + "; ".join(cattrs.transform_error(exc))) from None


def decision_to_json(decision: Decision) -> str:
    """A decision (player, kind, prompt, legal actions) as JSON text."""
    return json.dumps(CONVERTER.unstructure(decision), sort_keys=True)


def decision_from_json(text: str | dict[str, Any]) -> Decision:
    """The decision of JSON text."""
    data = _decode(text)
    try:
        return Decision(
            int(data["player"]),
            str(data["kind"]),
            str(data["prompt"]),
            tuple(action_from_json(a) for a in data["actions"]),
        )
    except (KeyError, TypeError) as exc:
        raise ReplayError(f"malformed decision: {exc!r}") from None


def _decode(text: str | dict[str, Any] | list[Any]) -> Any:
    if isinstance(text, str):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"not JSON: {exc}") from None
    return text


def json_strings(data: Any) -> Iterator[str]:
    """Every string of decoded JSON data, keys and leaves: what a leak check searches."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, item in data.items():
            yield str(key)
            yield from json_strings(item)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from json_strings(item)
