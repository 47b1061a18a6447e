"""One file that reproduces a stored game: its record and its whole log, as JSON.

``taverna export GAME`` writes it for a bug report; ``taverna replay FILE`` (with
``--find-divergence``) reads it back on another machine and engine. The host's ``meta``
is left out: a server keeps seat tokens there.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules._version import VERSION
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.records import Event
from taverna_rules.core.serialize import MAX_TEXT, event_to_dict, events_from_json, read_json
from taverna_rules.errors import ReplayError
from taverna_rules.store.records import StoredGame

__all__ = ["EXPORT_FORMAT", "ExportedGame", "export_game", "from_document", "read_export"]

#: The ``format`` field of an export file, and its version.
EXPORT_FORMAT = "taverna_rules.export"
EXPORT_VERSION = 1
#: The largest export file read (the longest games' logs are well under a megabyte): the
#: JSON reader's own bound.
MAX_BYTES = MAX_TEXT


@attrs.frozen
class ExportedGame:
    """A game read from an export file (or from a bare log): its game module's id, the
    rules fingerprint, packs and engine it was played with (``""``/``()`` when the file
    does not say), and its events."""

    game: str
    rules: str
    packs: tuple[tuple[str, str], ...]
    engine: str
    events: tuple[Event, ...]
    id: str = ""


def export_game(record: StoredGame, events: Sequence[Event]) -> dict[str, Any]:
    """The export document of a stored game: everything but the host's ``meta``."""
    module = game_module(record.game)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_by": VERSION,
        "game": {
            "id": record.id,
            "game": record.game,
            "rules": record.rules,
            "packs": [list(p) for p in record.packs],
            "options": [list(o) for o in record.options],
            "players": list(record.players),
            "engine": record.engine,
            "version": record.version,
            "over": record.over,
            "created": record.created,
        },
        "events": [event_to_dict(event, game=module) for event in events],
    }


def read_export(path: str | Path) -> ExportedGame:
    """Read an export file, or a bare log (a JSON list of events, as
    :func:`~taverna_rules.core.serialize.events_to_json` writes); :class:`ReplayError`
    naming the file for anything else."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ReplayError(f"{path}: larger than {MAX_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"{path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ReplayError(f"{path}: not UTF-8 text ({shown(str(exc))})") from None
    try:
        data = read_json(text)  # the one bounded reader: size, nesting, duplicate keys, NaN
    except ReplayError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    return from_document(data, str(path))


def from_document(data: Any, path: str) -> ExportedGame:
    """The game of an export document (or a bare list of events) already decoded from
    JSON; errors name ``path``, where it came from."""
    if isinstance(data, list):
        return _from_events(path, data, {})
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ReplayError(f"{path}: neither a {EXPORT_FORMAT} file nor a JSON list of events")
    if data.get("version") != EXPORT_VERSION:
        raise ReplayError(
            f"{path}: export version {shown(data.get('version'))}; this engine reads {EXPORT_VERSION}"
        )
    record, events = data.get("game"), data.get("events")
    if not isinstance(record, dict) or not isinstance(events, list):
        raise ReplayError(f"{path}: an export holds a 'game' object and an 'events' list")
    return _from_events(path, events, record)


def _from_events(path: str, events: list[Any], record: dict[str, Any]) -> ExportedGame:
    if not events or not isinstance(events[0], dict):
        raise ReplayError(f"{path}: the log is empty or does not start with an event")
    first = events[0]
    game = record.get("game", first.get("game", ""))
    if not isinstance(game, str) or not game:
        kind = first.get("type", "")
        game = kind.split(".", 1)[0] if isinstance(kind, str) and "." in kind else "taverna"
    try:
        decoded = events_from_json(events, game=game_module(game))
    except ReplayError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    opening = decoded[0]
    packs = getattr(opening, "packs", ())
    return ExportedGame(
        game=game,
        rules=str(record.get("rules", getattr(opening, "rules", ""))),
        packs=tuple((str(p), str(v)) for p, v in packs),
        engine=str(record.get("engine", getattr(opening, "engine", ""))),
        events=tuple(decoded),
        id=str(record.get("id", "")),
    )
