"""What a viewer must never see, read by the kit apart from the game's own reading: card
ids hidden from a viewer named in what the viewer is shown (:func:`no_secrets`), zone
fields left unredacted (:func:`hidden_fields`), and what a step revealed
(:func:`revealed`), which decides whether undo may be offered."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from taverna_rules._records import field_names
from taverna_rules.core.records import HIDDEN, ChoiceCommitted, ChoicesSealed, Event
from taverna_rules.core.serialize import event_to_dict, json_strings
from taverna_rules.core.views import STATE_ZONE
from taverna_rules.tools.conformance.context import Checked, Failed, viewer_name

__all__ = ["hidden_fields", "no_secrets", "revealed"]


def no_secrets(secrets: set[str], viewer: int | None, data: Any, what: str) -> None:
    """Fail ``views`` when the JSON-ready ``data`` (``what`` ``viewer`` is shown) names one
    of ``secrets``."""
    if not secrets:
        return
    leaked = sorted(secrets.intersection(json_strings(data)))
    if leaked:
        raise Failed("views", f"{what} as {viewer_name(viewer)} sees it names hidden cards {leaked}")


def hidden_fields(game: Checked, event: Event, viewer: int | None) -> None:
    """Each field of a zone that ``viewer`` may not see shows nothing but hidden marks
    (or, for a ``hidden`` zone, nothing at all)."""
    owner = getattr(event, "player", None)
    for field, name in type(event).ZONES.items():
        if name == STATE_ZONE:
            continue
        zone = game.module.visibility.zone(name)
        value = getattr(event, field)
        if zone.pairs and owner is None:
            # (seat, thing) pairs of several seats: each thing is its seat's to see.
            value = tuple(thing for seat, thing in value if not zone.sees(seat, viewer))
        elif zone.sees(owner, viewer):
            continue
        if _shows(value, hidden=zone.policy == "hidden"):
            raise Failed("views", f"{event.TYPE} as {viewer_name(viewer)} sees it is not redacted: {event!r}")


def _shows(value: Any, *, hidden: bool) -> bool:
    """Whether a redacted field's ``value`` shows something (of a ``hidden`` zone: anything
    but an empty value; else anything but hidden marks)."""
    if hidden:
        return value not in (0, "", (), None)
    # An empty slot ("": no card laid) shows nothing.
    return any(item not in (HIDDEN, None, "") for item in (value if isinstance(value, tuple) else (value,)))


def revealed(game: Checked, before: Any, after: Any, new: Sequence[Event], *, picked: bool) -> list[str]:
    """What the step from ``before`` to ``after`` (its events ``new``; ``picked``: the kit
    picked a chance outcome) revealed, read apart from the game's own reading (which
    compares the zones of the two states): a chance outcome (picked, or the draw counter
    moved), an event declaring ``REVEALS``, and for each viewer the events of the step as
    that viewer sees them naming a card hidden from them before, or a hidden choice of
    another seat (a thing of a zone that is not a text)."""
    shown = ["a chance outcome picked"] if picked else []
    drawn = getattr(before, "draws", 0), getattr(after, "draws", 0)
    if drawn[0] != drawn[1]:
        shown.append(f"a draw (draws {drawn[0]} -> {drawn[1]})")
    shown += [f"{event.TYPE} (REVEALS)" for event in new if type(event).REVEALS]
    for viewer in game.viewers:
        shown += _revealed_to(game, before, new, viewer)
    return shown


def _revealed_to(game: Checked, before: Any, new: Sequence[Event], viewer: int | None) -> list[str]:
    """What the events ``new`` as ``viewer`` sees them show of what ``before`` hid from them."""
    shown = []
    who = viewer_name(viewer)
    seen = game.module.visibility.redact_events(new, viewer)
    named = set(json_strings([event_to_dict(event) for event in seen]))
    cards = sorted(game.secrets(before, viewer) & named)
    if cards:
        shown.append(f"{cards} to {who}")
    choices = _hidden_records(game, before, viewer)
    # A seat's own commit names its own choice: it shows that seat nothing.
    others = [e for e in seen if not (isinstance(e, ChoiceCommitted) and e.player == viewer)]
    if choices and any(thing in choices for thing in _parts(others)):
        shown.append(f"a hidden choice to {who}")
    elif choices and any(isinstance(e, ChoicesSealed) for e in new):
        # Sealed choices stay face down, but the game acts on them at once (an attack's
        # spot shows whom it hits): what a hidden choice sets off shows part of it.
        shown.append(f"sealed choices acted on, to {who}")
    return shown


def _hidden_records(game: Checked, state: Any, viewer: int | None) -> list[Any]:
    """The things of ``state``'s zones that ``viewer`` may not see and that are neither
    texts nor numbers (committed choices): a number cannot be searched for (a seed of 3
    and 3 coins read the same)."""
    found: list[Any] = []
    for zone in game.module.visibility.zones:
        holders = enumerate(state.players) if zone.per_player else [(None, state)]
        for owner, holder in holders:
            found += [
                thing
                for thing in zone.values(getattr(holder, zone.field), owner, viewer)
                if thing is not None and not isinstance(thing, str | int | float)
            ]
    return found


def _parts(value: Any) -> Iterator[Any]:
    """``value`` and everything it holds (records, tuples), every level down."""
    todo = [value]
    while todo:
        item = todo.pop()
        yield item
        if isinstance(item, tuple | list):
            todo.extend(item)
        else:
            todo.extend(getattr(item, name) for name in field_names(type(item)))
