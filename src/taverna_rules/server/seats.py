"""Who plays each seat of a hosted game, and the seats' secret tokens.

A hosted game keeps, in its store record's ``meta``, one entry per seat: the player's
name, who plays it (``"human"`` or a bot's name) and, for a human seat, the SHA-256 of
its token. The token itself is given once, to whoever creates the game; the store never
holds it, so a copy of the database lets no one play a seat.

A token travels only in the ``Authorization`` header. Where a header cannot be set (a
browser's ``EventSource``), the seat asks for a *stream ticket*: good for one game's
stream only, for :data:`TICKET_SECONDS`, and signed with the seat's token digest, so any
server process on the same store checks it without keeping anything.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

__all__ = [
    "HUMAN",
    "TICKET_SECONDS",
    "SeatInfo",
    "check_ticket",
    "find_seat",
    "new_token",
    "seats_from_meta",
    "seats_to_meta",
    "stream_ticket",
]

#: Who plays a seat taken by a person.
HUMAN = "human"
#: How long a stream ticket is good for, in seconds (a page asks for a new one to reconnect).
TICKET_SECONDS = 60


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


def _ticket_mac(seat: SeatInfo, game_id: str, expires: int) -> str:
    message = f"stream\n{game_id}\n{seat.seat}\n{expires}".encode()
    mac = hmac.new(seat.digest.encode("ascii"), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")


def stream_ticket(seat: SeatInfo, game_id: str, now: float) -> str:
    """A ticket for the stream of ``game_id`` as ``seat``, good for :data:`TICKET_SECONDS`
    from ``now``: ``SEAT.EXPIRES.MAC``."""
    expires = int(now) + TICKET_SECONDS
    return f"{seat.seat}.{expires}.{_ticket_mac(seat, game_id, expires)}"


def check_ticket(seats: Sequence[SeatInfo], game_id: str, ticket: str, now: float) -> int | None:
    """The seat a stream ticket of ``game_id`` was given to, or ``None`` for one that is
    malformed, expired, or not this game's."""
    parts = ticket.split(".") if ticket.isascii() else []
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts[:2]) or len(parts[0]) > 3:
        return None
    seat, expires = int(parts[0]), int(parts[1])
    if seat >= len(seats) or not seats[seat].digest or not now <= expires <= now + TICKET_SECONDS + 1:
        return None
    if not hmac.compare_digest(_ticket_mac(seats[seat], game_id, expires), parts[2]):
        return None
    return seat


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
