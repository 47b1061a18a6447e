"""The frame of the effect stack every game keeps: :class:`Task`, a plain record (its
methods written out by ``make records``), in a module of its own so that the compiled
build compiles it with the engine."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from taverna_rules._records import KEEP, Keep

__all__ = ["Task"]


class Task:
    """A frame of the effect stack: a step of the game still to resolve.

    ``kind`` names the step (``pick_card``, ``effect``...); ``ref`` and ``path`` point an
    ``effect`` task at a node of the content (``track:orc:2`` with child indexes);
    ``args`` carries what an earlier choice of the same effect decided (the customer a
    favour moves, say). Tasks are plain data, so a game paused inside a card can be
    serialized.
    """

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "args",
        "kind",
        "path",
        "player",
        "ref",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("kind", "str"),
        ("player", "int"),
        ("ref", "str"),
        ("path", "tuple[int, ...]"),
        ("args", "tuple[str, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {
        "player": -1,
        "ref": "",
        "path": (),
        "args": (),
    }
    kind: Final[str]
    player: Final[int]
    ref: Final[str]
    path: Final[tuple[int, ...]]
    args: Final[tuple[str, ...]]

    def __init__(
        self,
        kind: str,
        player: int = -1,
        ref: str = "",
        path: tuple[int, ...] = (),
        args: tuple[str, ...] = (),
    ) -> None:
        self.kind = kind
        self.player = player
        self.ref = ref
        self.path = path
        self.args = args

    def replace(
        self,
        *,
        kind: Keep | str = KEEP,
        player: Keep | int = KEEP,
        ref: Keep | str = KEEP,
        path: Keep | tuple[int, ...] = KEEP,
        args: Keep | tuple[str, ...] = KEEP,
    ) -> Task:
        """A copy with the fields given changed."""
        return Task(
            self.kind if kind is KEEP else kind,
            self.player if player is KEEP else player,
            self.ref if ref is KEEP else ref,
            self.path if path is KEEP else path,
            self.args if args is KEEP else args,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Task):
            return NotImplemented
        return (
            self.kind,
            self.player,
            self.ref,
            self.path,
            self.args,
        ) == (
            other.kind,
            other.player,
            other.ref,
            other.path,
            other.args,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.kind,
                self.player,
                self.ref,
                self.path,
                self.args,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"kind={self.kind!r}",
            f"player={self.player!r}",
            f"ref={self.ref!r}",
            f"path={self.path!r}",
            f"args={self.args!r}",
        )
        return "Task(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[Task], tuple[Any, ...]]:
        return Task, (
            self.kind,
            self.player,
            self.ref,
            self.path,
            self.args,
        )

    # end of record
