"""What a game waits for: :class:`Decision`, a plain record (its methods written out by
``make records``), in a module of its own so that the compiled build compiles it with the
engine that makes one at every decision."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from taverna_rules._records import KEEP, Keep
from taverna_rules.core.action import Action

__all__ = ["Decision"]


class Decision:
    """What the game waits for: who chooses, what kind of choice, and the legal actions."""

    # record: written by `make records` from __init__'s parameters; do not edit below
    __slots__ = (
        "actions",
        "kind",
        "player",
        "prompt",
    )
    __record_fields__: ClassVar[tuple[tuple[str, str], ...]] = (
        ("player", "int"),
        ("kind", "str"),
        ("prompt", "str"),
        ("actions", "tuple[Action, ...]"),
    )
    __record_defaults__: ClassVar[dict[str, Any]] = {}
    player: Final[int]
    kind: Final[str]
    prompt: Final[str]
    actions: Final[tuple[Action, ...]]

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        actions: tuple[Action, ...],
    ) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.actions = actions

    def replace(
        self,
        *,
        player: Keep | int = KEEP,
        kind: Keep | str = KEEP,
        prompt: Keep | str = KEEP,
        actions: Keep | tuple[Action, ...] = KEEP,
    ) -> Decision:
        """A copy with the fields given changed."""
        return Decision(
            self.player if player is KEEP else player,
            self.kind if kind is KEEP else kind,
            self.prompt if prompt is KEEP else prompt,
            self.actions if actions is KEEP else actions,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (
            self.player,
            self.kind,
            self.prompt,
            self.actions,
        ) == (
            other.player,
            other.kind,
            other.prompt,
            other.actions,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.player,
                self.kind,
                self.prompt,
                self.actions,
            )
        )

    def __repr__(self) -> str:
        shown = (
            f"player={self.player!r}",
            f"kind={self.kind!r}",
            f"prompt={self.prompt!r}",
            f"actions={self.actions!r}",
        )
        return "Decision(" + ", ".join(shown) + ")"

    def __reduce__(self) -> tuple[type[Decision], tuple[Any, ...]]:
        return Decision, (
            self.player,
            self.kind,
            self.prompt,
            self.actions,
        )

    # end of record

    def offers(self, action: object) -> bool:
        """Whether ``action`` is one of :attr:`actions`: the very object, or one equal to
        it. The legal actions hand out shared objects, so the one played is most often
        found by identity, without comparing it with the others."""
        actions = self.actions
        # ``in`` would call each earlier action's ``__eq__``: ids compare in C.
        return id(action) in map(id, actions) or action in actions
