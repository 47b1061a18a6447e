"""The rules registry: which rule set a stored game was played under.

A log records its rules fingerprint (the hash of the content it was played with). To load
it, a host needs that very rule set. The registry maps fingerprints to rule sets, knows
the current rules of each game (those new games are created with), and holds the
upcasters a host declares for logs written under rules it no longer has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from taverna_rules._shown import shown
from taverna_rules.core.game_modules import game_module, installed_games
from taverna_rules.errors import OptionError, RulesMismatchError
from taverna_rules.rules import load_rules

__all__ = ["RulesRegistry", "Upcast", "UpcastEvents", "rename_rules"]

#: Rewrites a stored log, as decoded JSON objects oldest first, into one the new rules
#: play (it may change any event); it returns the new list.
UpcastEvents = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]


def rename_rules(fingerprint: str) -> UpcastEvents:
    """The upcaster for a content change that plays the same (a name or a text edited): it
    only writes ``fingerprint`` into the log's opening, so the log verifies under the new
    rules. A change that does alter play needs an upcaster that alters the events too, or
    verified replay refuses the log at the first event that no longer follows."""

    def upcast(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not events:
            return events
        first = dict(events[0])
        if "rules" in first:
            first["rules"] = fingerprint
        state = first.get("state")
        if isinstance(state, dict) and "rules" in state:
            first["state"] = {**state, "rules": fingerprint}
        return [first, *events[1:]]

    return upcast


@attrs.frozen
class Upcast:
    """How a registry reads a log of rules it does not hold: the ``rules`` to play it
    under and the function that rewrites its ``events``."""

    rules: Any
    events: UpcastEvents


class RulesRegistry:
    """Rule sets by fingerprint, each game's current rules, and the declared upcasters.

    ``RulesRegistry.bundled()`` holds the bundled content of every installed game.
    :meth:`add` registers another rule set (a pack's); the first added for a game is its
    current rules unless :meth:`add` is told ``current=True``.
    """

    def __init__(self, rule_sets: Iterable[Any] = ()) -> None:
        self._rules: dict[str, Any] = {}
        self._current: dict[str, Any] = {}
        self._upcasts: dict[str, Upcast] = {}
        for rules in rule_sets:
            self.add(rules)

    @classmethod
    def bundled(cls) -> RulesRegistry:
        """A registry of the bundled content of every installed game that ships content
        (a game whose rules are built in Python has none to load: :meth:`add` its rules)."""
        return cls(
            load_rules(game=game) for game in installed_games() if game_module(game).content is not None
        )

    def add(self, rules: Any, *, current: bool = False) -> str:
        """Register ``rules`` (a rule set from :func:`~taverna_rules.load_rules`); return
        its fingerprint. ``current=True`` makes it the rules new games of its game get."""
        fingerprint = getattr(rules, "fingerprint", None)
        game = getattr(rules, "game", None)
        if not isinstance(fingerprint, str) or not isinstance(game, str):
            raise OptionError(f"a registry holds rule sets (from load_rules()), not {shown(rules)}")
        self._rules.setdefault(fingerprint, rules)
        if current or game not in self._current:
            self._current[game] = rules
        return fingerprint

    def upcast(self, logged: str, rules: Any, events: UpcastEvents | None = None) -> None:
        """Declare that logs played under the rules of fingerprint ``logged`` are read
        under ``rules`` (registered too), rewritten by ``events`` (default:
        :func:`rename_rules`, for content changes that play the same)."""
        self.add(rules)
        self._upcasts[logged] = Upcast(rules, events or rename_rules(rules.fingerprint))

    def __contains__(self, fingerprint: object) -> bool:
        return fingerprint in self._rules

    def __len__(self) -> int:
        return len(self._rules)

    @property
    def games(self) -> tuple[str, ...]:
        """The games the registry has current rules for."""
        return tuple(self._current)

    def current(self, game: str) -> Any:
        """The rules new games of ``game`` are created with."""
        try:
            return self._current[game]
        except KeyError:
            raise RulesMismatchError(
                f"the registry holds no rules for game {shown(game)}; it has: {', '.join(self._current)}"
            ) from None

    def get(self, fingerprint: str) -> Any:
        """The rule set of ``fingerprint``: :class:`~taverna_rules.errors.RulesMismatchError`
        when it is not registered."""
        rules = self._rules.get(fingerprint)
        if rules is None:
            raise RulesMismatchError(
                f"no rules of fingerprint {shown(fingerprint)} are registered", fingerprint
            )
        return rules

    def rules_for(
        self, fingerprint: str, game: str, what: str = "the log"
    ) -> tuple[Any, UpcastEvents | None]:
        """The rules to read a log of ``game`` played under ``fingerprint``, and the
        upcaster to apply first (``None``: read as it is). A log of rules the registry
        neither holds nor upcasts is refused, naming both fingerprints."""
        rules = self._rules.get(fingerprint)
        if rules is not None:
            return rules, None
        upcast = self._upcasts.get(fingerprint)
        if upcast is not None:
            return upcast.rules, upcast.events
        current = self._current.get(game)
        now = current.fingerprint if current is not None else ""
        has = (
            f"the registry's rules for {game!r} are {now}"
            if now
            else f"the registry has no rules for {game!r}"
        )
        raise RulesMismatchError(
            f"{what} was played under rules {fingerprint}, which this registry does not hold; {has}. "
            "Register those rules (RulesRegistry.add) or declare an upcaster (RulesRegistry.upcast)",
            fingerprint,
            now,
        )

    def fingerprints(self) -> Sequence[str]:
        """Every registered fingerprint, in the order added."""
        return tuple(self._rules)
