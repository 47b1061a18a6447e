"""What a store records of each game, and its limits on what it accepts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.errors import OptionError

__all__ = ["GAME_ID", "StoredGame", "check_game_id"]

#: A game id: 1 to 64 letters, digits, ``-`` and ``_`` (safe in a URL and a file name).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def check_game_id(game_id: object) -> str:
    """``game_id`` when it is a valid id; :class:`~taverna_rules.errors.OptionError` if not."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise OptionError(f"a game id is 1 to 64 letters, digits, '-' or '_', not {shown(game_id)}")
    return game_id


@attrs.frozen
class StoredGame:
    """A game's record in a store: who, what and under which rules, without its log.

    ``rules`` is the rules fingerprint the log was played under, ``packs`` the content
    packs loaded (id and version) and ``engine`` the taverna_rules version that created
    it; ``version`` counts the events stored. ``meta`` is the host's own data, stored as
    given (a server keeps its seats there); it may hold secrets, so never send it as is.

    ``head`` is the hash that seals the log up to ``version`` (it changes with every
    append, so it also tells a reader whether the log moved). ``broken`` is ``""`` for a
    record that reads; :meth:`~taverna_rules.store.EventStore.list` also lists a record
    row that does not read (so a lobby still shows the game) with ``broken`` saying why and
    the fields that did not read left empty, and ``record()`` and ``load()`` refuse it with
    :class:`~taverna_rules.errors.StoreError`.
    """

    id: str
    game: str
    rules: str
    packs: tuple[tuple[str, str], ...]
    options: tuple[tuple[str, Any], ...]
    players: tuple[str, ...]
    engine: str
    version: int
    over: bool
    archived: bool
    created: str
    updated: str
    meta: Mapping[str, Any] = attrs.field(factory=dict)
    head: str = ""
    broken: str = ""
