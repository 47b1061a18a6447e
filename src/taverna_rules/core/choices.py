"""The choices every game offers in the same words: pick an option, pick a player, pass,
end the turn.

They are actions of the core, not of a game: a game registers the ones it offers in its
action table (``_action(EndTurn)``), where each keeps its class name as its wire name, and
says in its labels what each means in that game (Cavern Tavern's ``Pass`` is "done for the
round", Taverna's lets a response window go by). So ``game.apply(tr.EndTurn())`` reads the
same in every game that has turns to end.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from taverna_rules.core.records import Action

__all__ = ["ChooseOption", "ChoosePlayer", "EndTurn", "Pass"]


@attrs.frozen
class ChooseOption(Action):
    """Answer an effect's choice: the index of the option (0 = yes for an optional effect)."""

    TYPE: ClassVar[str] = "ChooseOption"
    option: int


@attrs.frozen
class ChoosePlayer(Action):
    """Choose a player, by seat: the one a rule or an effect asks you to name."""

    TYPE: ClassVar[str] = "ChoosePlayer"
    seat: int


@attrs.frozen
class Pass(Action):
    """Pass: let what the decision offers go by (each game's rules say what a pass gives up)."""

    TYPE: ClassVar[str] = "Pass"


@attrs.frozen
class EndTurn(Action):
    """End your turn: whatever the turn still offered is given up."""

    TYPE: ClassVar[str] = "EndTurn"
