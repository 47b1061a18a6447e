"""Who plays each seat of a hosted game, and the seats' secret tokens.

A hosted game keeps, in its store record's ``meta``, one entry per seat: the player's
name, who plays it (``"human"`` or a bot's name) and, for a human seat, the SHA-256 of
its token. The token itself is given once, to whoever creates the game; the store never
holds it, so a copy of the database lets no one play a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

__all__ = ["HUMAN", "SeatInfo", "find_seat", "new_token", "seats_from_meta", "seats_to_meta"]

#: Who plays a seat taken by a person.
HUMAN = "human"


@attrs.frozen
class SeatInfo:
    """A seat of a hosted game: its number, the player's name, who plays it (``"human"``
    or a bot's name) and the digest of its token (``""`` for a bot's seat)."""

    seat: int
    name: str
    player: str
    digest: str = attrs.field(default="", repr=False)

    @property
    def human(self) -> bool:
        return self.player == HUMAN

    def public(self) -> dict[str, Any]:
        """What anyone may know of the seat."""
        return {"seat": self.seat, "name": self.name, "player": self.player}


def new_token() -> tuple[str, str]:
    """A new secret token and its digest."""
    token = secrets.token_urlsafe(24)
    return token, _digest(token)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def find_seat(seats: Sequence[SeatInfo], token: str) -> SeatInfo | None:
    """The human seat whose token is ``token``, or ``None``."""
    digest = _digest(token)
    found = None
    for seat in seats:
        # Every seat is compared, in constant time, so timing tells nothing of which matched.
        if seat.digest and hmac.compare_digest(seat.digest, digest):
            found = seat
    return found


def seats_to_meta(seats: Sequence[SeatInfo]) -> list[dict[str, Any]]:
    return [{"seat": s.seat, "name": s.name, "player": s.player, "digest": s.digest} for s in seats]


def seats_from_meta(meta: Mapping[str, Any]) -> tuple[SeatInfo, ...]:
    """The seats kept in a record's meta (``()`` for a game the server did not create)."""
    seats = meta.get("seats")
    if not isinstance(seats, list):
        return ()
    return tuple(
        SeatInfo(int(s["seat"]), str(s["name"]), str(s["player"]), str(s.get("digest", "")))
        for s in seats
        if isinstance(s, dict)
    )
