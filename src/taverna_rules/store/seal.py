"""The hash chain that seals each stored game: its record, every event row and its snapshot.

A game's chain starts from its record (``origin``: id, game, rules fingerprint, packs,
options, players, engine, creation time) and links each event row's text, as stored, to
the hash before it: ``h[i] = H(h[i-1] || text[i])``. Each row keeps its hash, the record
keeps the head (the hash of its last row), and a snapshot keeps the chain's hash at its
version and a digest of that hash with the state's text. A verified load recomputes the
chain from the rows, so a row, a record or a snapshot edited after it was written no
longer matches.

``H`` is SHA-256; with a store key it is HMAC-SHA-256 under that key, so that only a
writer holding the key can make a chain that matches (without one, anyone with write
access to the database can rewrite a whole chain consistently).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable

from taverna_rules._shown import shown
from taverna_rules.errors import OptionError
from taverna_rules.store.records import StoredGame

__all__ = ["SEAL_FORMAT", "Seal"]

#: What the origin of every chain names, so a chain of another format never matches.
SEAL_FORMAT = "taverna_rules.store.chain/1"
#: What the key check hashes: a store records it to tell a wrong key at once.
_KEY_CHECK = b"taverna_rules store key check"


def _bytes(text: str) -> bytes:
    # A row read from a damaged file may hold undecodable bytes (kept as surrogates):
    # they still hash, to something no written row has.
    return text.encode("utf-8", "surrogatepass")


class Seal:
    """The hash function of one store: SHA-256, or HMAC-SHA-256 under ``key``."""

    def __init__(self, key: bytes | str | None = None) -> None:
        if isinstance(key, str):
            key = key.encode("utf-8")
        if key is not None and (not isinstance(key, bytes) or not key):
            raise OptionError(f"a store key is non-empty bytes or text, not {shown(key)}")
        self._key = key

    @property
    def keyed(self) -> bool:
        """Whether the chain is made under a key."""
        return self._key is not None

    def _hash(self, data: bytes) -> str:
        if self._key is None:
            return hashlib.sha256(data).hexdigest()
        return hmac.new(self._key, data, hashlib.sha256).hexdigest()

    def check(self) -> str:
        """What the store records of its seal: ``"sha256"``, or ``"hmac-sha256:"`` and a
        hash of the key (it tells a wrong key without revealing it)."""
        return "sha256" if self._key is None else f"hmac-sha256:{self._hash(_KEY_CHECK)}"

    def origin(self, record: StoredGame) -> str:
        """The hash the chain of ``record``'s game starts from."""
        fields = {
            "format": SEAL_FORMAT,
            "id": record.id,
            "game": record.game,
            "rules": record.rules,
            "packs": record.packs,
            "options": record.options,
            "players": record.players,
            "engine": record.engine,
            "created": record.created,
        }
        return self._hash(_bytes(json.dumps(fields, sort_keys=True, separators=(",", ":"))))

    def link(self, previous: str, text: str) -> str:
        """The hash of the event row ``text`` after the hash ``previous``."""
        return self._hash(_bytes(f"{previous}\n{text}"))

    def chain(self, previous: str, texts: Iterable[str]) -> list[str]:
        """The hash of each row of ``texts``, linked from ``previous``."""
        out = []
        for text in texts:
            previous = self.link(previous, text)
            out.append(previous)
        return out

    def snapshot(self, chain: str, state: str) -> str:
        """The digest of the snapshot ``state`` (its text) taken where the chain is at ``chain``."""
        return self._hash(_bytes(f"snapshot\n{chain}\n{state}"))
