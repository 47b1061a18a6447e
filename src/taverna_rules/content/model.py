"""The content model every game shares: names, rule options, packs, provenance.

A game's own definitions and its rule set are the game module's (Taverna's are in
:mod:`taverna_rules.games.taverna.ruleset`).
"""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = ["FORMAT_VERSION", "Names", "PackInfo", "Provenance", "RuleOption", "supported_players"]

#: Where content comes from: a rulebook, the printed components (an override pack written
#: from the cards), or our reconstruction.
Provenance = Literal["rulebook", "printed", "reconstructed"]
#: The content format this library reads (``format: 1`` in every content file).
FORMAT_VERSION = 1


@attrs.frozen
class Names:
    """A name in English and, for a game written in them (Taverna's content is, in the
    three languages of its rulebooks), French and Dutch; a game module in English only
    gives ``en`` alone."""

    en: str
    fr: str = ""
    nl: str = ""

    def get(self, lang: str = "en") -> str:
        """The name in ``lang`` (``en``, ``fr`` or ``nl``); English if unknown or not given."""
        return {"fr": self.fr, "nl": self.nl}.get(lang, "") or self.en


@attrs.frozen
class RuleOption:
    """A rule option: where the rulebooks differ or are silent."""

    id: str
    type: Literal["bool", "choice", "int"]
    default: bool | int | str
    reason: str
    choices: tuple[str, ...] = ()
    #: How players read the option, in each language (``None``: its id is shown).
    name: Names | None = None


@attrs.frozen
class PackInfo:
    """A loaded pack, from its manifest: what it is, its version and what it builds on."""

    id: str
    name: Names
    version: str
    extends: tuple[str, ...]
    format: int
    description: str = ""
    #: The player counts the pack supports (empty: every count the rules support).
    players: tuple[int, ...] = ()
    #: The manifest's file.
    source: str = attrs.field(default="", eq=False)


def supported_players(counts: tuple[int, ...], packs: tuple[PackInfo, ...]) -> tuple[int, ...]:
    """The player counts a rule set plays with: the game's ``counts`` that every pack
    declaring ``players`` supports."""
    supported = set(counts)
    for pack in packs:
        if pack.players:
            supported &= set(pack.players)
    return tuple(sorted(supported))
