"""The arguments of a new game, checked the same way for every game: player names, the
seed, the first player and the rule options (each game's ``start`` calls these before
anything happens; a wrong type or value raises :class:`~taverna_rules.errors.OptionError`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from taverna_rules._shown import shown
from taverna_rules.content.problems import did_you_mean
from taverna_rules.core.chance import CHANCE_MODES
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.game_modules import GameModule, game_module
from taverna_rules.core.records import HIDDEN, INT_BOUND
from taverna_rules.errors import GameModuleError, OptionError

__all__ = [
    "check_chance",
    "check_rng",
    "rules_module",
    "INT_BOUND",
    "MAX_NAME",
    "check_first_player",
    "check_players",
    "check_seed",
    "int_in",
    "name_of",
    "name_problem",
    "resolve_options",
    "rule_options",
    "state_options",
    "sequence",
]

#: The longest player name, in characters.
MAX_NAME = 64


def int_in(value: object, low: int, high: int) -> int | None:
    """``value`` as a plain int when it is an int (not a bool) with ``low <= value < high``."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value < high:
        return int(value)
    return None


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a player, or ``None`` when it can.

    A name is a string of 1 to :data:`MAX_NAME` printable characters (letters, digits,
    punctuation, symbols, inner spaces), without spaces around it, and not ``"?"``, the
    mark of a hidden card in views. Every such name survives the JSON and YAML formats.
    """
    if not isinstance(name, str):
        return f"a player name is a string, not {shown(name)}"
    if not 1 <= len(name) <= MAX_NAME:
        return f"a player name has 1 to {MAX_NAME} characters, not {len(name)}: {shown(name)}"
    if not name.isprintable():
        return f"a player name has only printable characters (no control characters): {shown(name)}"
    if name.strip() != name:
        return f"a player name does not start or end with a space: {shown(name)}"
    if name == HIDDEN:
        return f"a player name is other than {HIDDEN!r}, the mark of a hidden card"
    return None


def _option_value(option: Any, value: object) -> object:
    """``value`` as option ``option`` takes it; :class:`OptionError` when it does not.

    Values are matched by type and value, never by a foreign ``__eq__``, and the stored
    value is the option's own (a choice is one of its choices).
    """
    if option.type == "bool" and isinstance(value, bool):
        return value
    number = int_in(value, 1 - INT_BOUND, INT_BOUND)
    if option.type == "int" and number is not None:
        return number
    if option.type == "choice":
        for choice in option.choices:
            if type(value) is str and value == choice:
                return choice
    wanted = {
        "bool": "true or false",
        "int": "an integer between -2**64 and 2**64",
        "choice": f"one of {list(option.choices)}",
    }[option.type]
    raise OptionError(f"option {option.id!r} takes {wanted}, not {shown(value)}")


def rule_options(rules: RuleSetLike) -> tuple[Any, ...]:
    """The rule options a rule set declares (:class:`~taverna_rules.content.model.RuleOption`):
    ``rules.options``, none for a rule set that has no such attribute (a game built in
    Python may have no options)."""
    return tuple(getattr(rules, "options", ()))


def state_options(state: StateLike) -> tuple[tuple[str, Any], ...]:
    """The rule options a game plays with, as ``(name, value)`` pairs: ``state.options``,
    none for a game whose state keeps no options."""
    return tuple(getattr(state, "options", ()))


def name_of(rules: RuleSetLike, ident: str, lang: str = "en") -> str:
    """A content id by its name in ``lang`` (``rules.name_of``), or the id itself for a
    rule set that names nothing."""
    naming = getattr(rules, "name_of", None)
    return ident if naming is None else str(naming(ident, lang))


def resolve_options(rules: RuleSetLike, options: object) -> tuple[tuple[str, Any], ...]:
    """Every rule option with its value: the defaults, overridden by ``options`` (a mapping
    of option names to values, or ``None``); :class:`OptionError` for anything else."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise OptionError(f"options is a mapping of option names to values, not {shown(options)}")
    bad_keys = [key for key in options if not isinstance(key, str)]
    if bad_keys:
        raise OptionError(f"option names are strings, not {shown(bad_keys[0])}")
    given = dict(options)
    values: dict[str, Any] = {}
    declared = rule_options(rules)
    for option in declared:
        value = given.pop(option.id, option.default)
        values[option.id] = _option_value(option, value)
    if given:
        known = [o.id for o in declared]
        hints = [did_you_mean(name, known) for name in sorted(given)]
        hint = "; ".join(h for h in hints if h) or f"known: {', '.join(known)}"
        raise OptionError(f"unknown rule option(s) {shown(sorted(given))} ({hint})")
    return tuple(sorted(values.items()))


def check_chance(mode: object) -> str:
    """The chance mode, checked: ``"sampled"`` or ``"explicit"``
    (:mod:`taverna_rules.core.chance`)."""
    for known in CHANCE_MODES:
        if type(mode) is str and mode == known:
            return known
    raise OptionError(f"chance is one of {list(CHANCE_MODES)}, not {shown(mode)}")


def sequence(value: object, what: str) -> Sequence[object]:
    """``value`` when it is a list, tuple or other sequence that is not a string;
    :class:`OptionError` naming ``what`` otherwise."""
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Sequence):
        raise OptionError(f"{what} is a list, not {shown(value)}")
    return value


def check_players(counts: Sequence[int], players: object) -> tuple[str, ...]:
    """The player names, checked: a list of distinct names (:func:`name_problem`), as
    many as one of ``counts`` (the player counts the rules seat)."""
    seq = sequence(players, "players (a list of names, in seat order)")
    if len(seq) not in counts:
        contiguous = list(counts) == list(range(counts[0], counts[-1] + 1))
        shown_counts = f"{counts[0]} to {counts[-1]}" if contiguous else ", ".join(map(str, counts))
        raise OptionError(f"these rules play with {shown_counts} players, not {len(seq)}")
    names = tuple(seq)
    for name in names:
        problem = name_problem(name)
        if problem:
            raise OptionError(problem)
    if len(set(names)) != len(names):
        raise OptionError(f"player names must be distinct: {shown(list(names))}")
    return tuple(str(name) for name in names)


def check_seed(seed: object) -> int:
    """The seed, checked: an integer strictly between -2**64 and 2**64."""
    value = int_in(seed, 1 - INT_BOUND, INT_BOUND)
    if value is None:
        raise OptionError(f"the seed is an integer between -2**64 and 2**64, not {shown(seed)}")
    return value


def check_first_player(first_player: object, count: int) -> int | None:
    """The first player's seat (or None when not given), checked against ``count`` seats."""
    if first_player is None:
        return None
    seat = int_in(first_player, 0, count)
    if seat is None:
        raise OptionError(f"first_player is a seat number from 0 to {count - 1}, not {shown(first_player)}")
    return seat


def check_rng(rng: object, what: str = "rng") -> random.Random:
    """``rng``, checked: a :class:`random.Random` (a NumPy generator is not one: its
    draws would differ), :class:`OptionError` naming ``what`` otherwise."""
    if not isinstance(rng, random.Random):
        raise OptionError(f"{what} is a random.Random (random.Random(seed)), not {shown(rng)}")
    return rng


def rules_module(rules: object, error: type[Exception] = OptionError) -> GameModule:
    """The game module of ``rules``; ``error`` for anything but a rule set of an
    installed game (a game's id, a path, a game)."""
    ident = getattr(rules, "game", None) if not isinstance(rules, str) else None
    try:
        module = game_module(ident) if isinstance(ident, str) else None
    except GameModuleError:
        module = None
    if module is None or not isinstance(rules, module.rules_type):
        hint = f" (load_rules({rules!r}) loads a game by id)" if isinstance(rules, str) else ""
        raise error(f"rules is a RuleSet (from load_rules()), not {shown(rules)}{hint}")
    return module
