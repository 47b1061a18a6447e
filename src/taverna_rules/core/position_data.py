"""Reading a position document's plain data, for any game: every read checks the type it
expects and says where it looked (a document is untrusted text, and a wrong type is its
mistake, never a crash), players are named or numbered, and a state's steps are written
the next one first. A game's :class:`~taverna_rules.core.positions.PositionFormat` builds
its state's fields with these and checks them against the state's class with
:func:`check_type`."""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from taverna_rules._records import NO_DEFAULT, field_names, is_record, record_fields
from taverna_rules._shown import shown
from taverna_rules.content.problems import did_you_mean
from taverna_rules.core._replace import replace
from taverna_rules.core.arguments import MAX_NAME, check_chance
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.records import INT_BOUND, Action, Task

__all__ = [
    "INTEGER_SCHEMA",
    "NAME_SCHEMA",
    "SCALAR_SCHEMA",
    "STACK_SCHEMA",
    "buried_decisions",
    "check_keys",
    "check_stack",
    "check_type",
    "converter",
    "document_schema",
    "dump_stack",
    "left_out_defaults",
    "listed",
    "load_stack",
    "mapping",
    "players_schema",
    "read_state",
    "refusal",
    "seat_of",
    "unknown_fields",
]


# JSON Schema pieces of a position document (a game's ``PositionFormat.schema`` builds its
# document's schema with them).
#: An integer a document may hold.
INTEGER_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": -INT_BOUND + 1, "maximum": INT_BOUND - 1}
#: A rule option's value.
SCALAR_SCHEMA: dict[str, Any] = {"type": ["boolean", "integer", "string", "null"]}
#: A player named in a document.
NAME_SCHEMA: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
#: A document's ``stack`` (:func:`dump_stack`).
STACK_SCHEMA: dict[str, Any] = {
    "description": "the steps to come, the next one first",
    "type": "array",
    "items": {
        "anyOf": [
            {"type": "string"},
            {
                "type": "object",
                "properties": {
                    "kind": {"type": "string"},
                    "player": NAME_SCHEMA,
                    "ref": {"type": "string"},
                    "path": {"type": "array", "items": INTEGER_SCHEMA},
                    "args": {"type": "array", "items": SCALAR_SCHEMA},
                },
                "required": ["kind"],
                "additionalProperties": False,
            },
        ]
    },
}


#: A refusal names at most this many problems, each cut to about this many characters:
#: the first few say what is wrong, and a hostile document cannot make a long message.
MAX_PROBLEMS, MAX_PROBLEM = 3, 160


def refusal(problems: Sequence[str], head: str = "bad position: ") -> str:
    """The message of a position refused for ``problems``: the first few, each cut short."""
    shown_ = [p if len(p) <= MAX_PROBLEM else p[: MAX_PROBLEM - 3] + "..." for p in problems[:MAX_PROBLEMS]]
    more = len(problems) - MAX_PROBLEMS
    return head + "; ".join(shown_) + (f"; and {more} more" if more > 0 else "")


def unknown_fields(data: dict[str, Any], known: set[str]) -> str | None:
    """What is wrong with the fields of a document whose state has the fields ``known``."""
    unknown = sorted(map(str, set(data) - known - {"format"}))
    if not unknown:
        return None
    hint = did_you_mean(unknown[0], sorted(known))
    return f"unknown position field(s) {shown(unknown)}" + (
        f" ({hint})" if hint else f"; known: {sorted(known)}"
    )


def mapping(where: str, value: Any) -> dict[str, Any]:
    """``value``, which must be a mapping."""
    if not isinstance(value, dict):
        raise ValueError(f"{where} is a mapping, not {shown(value)}")
    return value


def listed(where: str, value: Any) -> list[Any]:
    """``value``, which must be a list."""
    if not isinstance(value, list):
        raise ValueError(f"{where} is a list, not {shown(value)}")
    return value


def check_keys(where: str, given: Any, allowed: set[str]) -> dict[str, Any]:
    """``given``, which must be a mapping with no key outside ``allowed``."""
    found = mapping(where, given)
    unknown = sorted(map(str, set(found) - allowed))
    if unknown:
        hint = did_you_mean(unknown[0], sorted(allowed))
        raise ValueError(f"{where}: unknown field(s) {shown(unknown)}" + (f" ({hint})" if hint else ""))
    return found


def seat_of(names: Sequence[str], who: Any, where: str) -> int:
    """A player given by seat number or by name."""
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(names):
        return who
    if isinstance(who, str) and who in names:
        return list(names).index(who)
    raise ValueError(f"{where}: unknown player {shown(who)} (players: {list(names)})")


def left_out_defaults(data: dict[str, Any]) -> dict[str, Any]:
    """A position document's data without the fields a later engine added that hold their
    default (the chance mode, when sampled): older documents stay as they were."""
    if data.get("chance") == "sampled":
        del data["chance"]
    return data


def dump_stack(stack: Sequence[Task], names: Sequence[str]) -> list[Any]:
    """A state's steps as a document writes them: the next one first, players by name,
    a step with nothing but its kind as that kind."""
    out: list[Any] = []
    for task in reversed(stack):
        step: dict[str, Any] = {"kind": task.kind}
        if task.player >= 0:
            step["player"] = names[task.player]
        if task.ref:
            step["ref"] = task.ref
        if task.path:
            step["path"] = list(task.path)
        if task.args:
            step["args"] = list(task.args)
        out.append(step if len(step) > 1 else task.kind)
    return out


def load_stack(raw: Any, names: Sequence[str]) -> list[dict[str, Any]]:
    """The plain data of a state's stack from a document's ``stack`` (see :func:`dump_stack`)."""
    out: list[dict[str, Any]] = []
    for step in reversed(listed("'stack'", raw)):
        if isinstance(step, str):
            out.append({"kind": step})
            continue
        fields = dict(check_keys("a stack step", step, {"kind", "player", "ref", "path", "args"}))
        if "player" in fields:
            fields["player"] = seat_of(names, fields["player"], f"step {shown(step.get('kind'))}")
        out.append(fields)
    return out


def check_type(value: Any, tp: Any, where: str) -> None:
    """Raise ``ValueError`` unless ``value`` (plain data) has the type ``tp`` of a state field:
    ints are ints (not bools) of at most 64 bits, strings strings, lists the tuples, and
    attrs classes mappings of their own fields."""
    if tp is Any:
        return
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                check_type(value, option, where)
                return
            except ValueError:
                continue
        raise ValueError(f"{where}: {shown(value)} is not {_describe(tp)}")
    if tp is Action:
        # Any action of the game (a sealed choice): its wire form, read by the converter.
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise ValueError(f"{where}: {shown(value)} is not an action (a mapping with its 'type')")
        return
    if is_record(tp):
        _check_fields(value, tp, where)
        return
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where}: {shown(value)} is not {_describe(tp)}")
        element = args[:-1] if args[-1:] == (Ellipsis,) else None
        if element is None and len(value) != len(args):
            raise ValueError(f"{where}: {shown(value)} is not {_describe(tp)}")
        for index, item in enumerate(value):
            check_type(item, element[0] if element else args[index], f"{where}[{index}]")
        return
    if not _is_a(value, tp):
        raise ValueError(f"{where}: {shown(value)} is not {_describe(tp)}")


def _is_a(value: Any, tp: Any) -> bool:
    if tp is type(None):
        return value is None
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool) and -INT_BOUND < value < INT_BOUND
    return isinstance(value, tp)


def _describe(tp: Any) -> str:
    if tp is type(None):
        return "null"
    if typing.get_origin(tp) is tuple:
        return "a list"
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return " or ".join(_describe(t) for t in typing.get_args(tp))
    return {int: "an integer", str: "a string", bool: "true or false"}.get(tp, f"a {tp.__name__} mapping")


def _check_fields(value: Any, cls: type, where: str) -> None:
    fields = {f.name: f for f in record_fields(cls)}
    given = check_keys(where, value, set(fields))
    for name, field in fields.items():
        if name in given:
            check_type(given[name], field.type, f"{where}.{name}")
        elif field.default is NO_DEFAULT:
            raise ValueError(f"{where}: missing field {name!r}")


def check_stack(
    stack: Sequence[Task],
    known: Collection[str],
    carriers: Sequence[str],
    task_problem: Callable[[Task], str | None],
    *,
    may_wait: Collection[str] = (),
    over: bool = False,
) -> tuple[list[str], int | None]:
    """What is wrong with a state's ``stack`` of steps (untrusted in a position: a step that
    would fail later is refused now), and the index of the first of its ``carriers`` to
    run, the step that carries the game on to its end.

    Every step must be of a ``known`` kind and pass ``task_problem``; a stack with no
    carrier never ends; steps below the first carrier run after the game's end, so only
    kinds in ``may_wait`` may wait there. A game ``over`` (with a result) needs no carrier.
    """
    out = []
    for task in reversed(stack):  # the next step first, as a position lists them
        if task.kind not in known:
            names = sorted(known)
            hint = did_you_mean(task.kind, names)
            out.append(f"unknown step {task.kind!r} in the stack; " + (hint or f"known: {', '.join(names)}"))
            continue
        problem = task_problem(task)
        if problem:
            out.append(f"step {task.kind!r}: {problem}")
    if out or over or not stack:
        return out, None
    carrier = next((i for i in range(len(stack) - 1, -1, -1) if stack[i].kind in carriers), None)
    if carrier is None:
        return [
            f"no step of the stack carries the game on to its end: add one of {', '.join(carriers)}"
        ], None
    dead = [task.kind for task in stack[:carrier] if task.kind not in may_wait]
    if dead:
        out.append(f"steps {dead[::-1]} come after {stack[carrier].kind!r}, which ends the game")
    return out, carrier


def buried_decisions(rules: RuleSetLike, state: StateLike, decisions: Mapping[str, Any]) -> list[str]:
    """Why a decision step below the top of the stack of ``state`` will have no legal
    action, the state as it is: nothing but an effect that pushes the step fills what it
    offers (the items drawn, the opponents), so a position whose step waits for nothing
    stalls there. ``decisions`` are the game's decision kinds; the top is checked by
    running the steps (simultaneous decisions ask every seat, and are not checked)."""
    out = []
    for index, task in enumerate(state.stack[:-1]):
        kind = decisions.get(task.kind)
        if kind is None or kind.seats is not None:
            continue
        try:  # a decision sees the stack up to itself
            legal = kind.legal(rules, replace(state, stack=state.stack[: index + 1]), task)
        except Exception as exc:  # whatever fails in a hand-written state is its fault
            out.append(
                f"step {task.kind!r} of seat {task.player} fails: {type(exc).__name__}: {shown(str(exc))}"
            )
            continue
        if not legal:
            out.append(f"step {task.kind!r} of seat {task.player} will have no legal action")
    return out


def converter(game: str | None = None) -> Any:
    """The JSON converter, of ``game`` (which reads its actions) or of the default game
    (imported when used: it is made from the game modules, whose position formats use this
    module)."""
    from taverna_rules.core.serialize import CONVERTER
    from taverna_rules.core.serialize import converter as of_game

    return CONVERTER if game is None else of_game(game)


def read_state(
    rules: RuleSetLike, data: dict[str, Any], state_type: type, build: Callable[[Any, dict[str, Any]], Any]
) -> Any:
    """The state of type ``state_type`` that a document's ``data`` describes for ``rules``:
    its fields checked against the state's (a field it does not have, a document for other
    rules), built into the state's shape by ``build(rules, data)`` (which raises
    ``ValueError`` naming what is wrong), type-checked and structured.
    :class:`~taverna_rules.errors.PositionError` for anything wrong."""
    import cattrs

    from taverna_rules.errors import OptionError, PositionError

    unknown = unknown_fields(data, set(field_names(state_type)))
    if unknown:
        raise PositionError(unknown)
    given = data.get("rules")
    if given is not None and given != rules.fingerprint:
        raise PositionError(
            f"the position is for rules {str(given)[:12]}..., these are {rules.fingerprint[:12]}..."
        )
    try:
        if "chance" in data:
            check_chance(data["chance"])
        fields = build(rules, data)
        check_type(fields, state_type, "position")
        return converter(rules.game).structure(fields, state_type)
    except (ValueError, OptionError) as exc:
        raise PositionError(f"bad position: {exc}") from None
    except cattrs.BaseValidationError as exc:
        raise PositionError("bad position: " + "; ".join(cattrs.transform_error(exc))) from None


def players_schema(player: dict[str, Any]) -> dict[str, Any]:
    """The schema of a document's ``players``: a list of records of the properties
    ``player`` (each with its ``name``)."""
    item = {"type": "object", "properties": player, "required": ["name"], "additionalProperties": False}
    return {"type": "array", "items": item}


def document_schema(
    fmt: str, state_type: type, of: Callable[[Any], dict[str, Any]], friendly: dict[str, Any]
) -> dict[str, Any]:
    """The schema of a position document of format ``fmt``: each field of ``state_type`` by
    its type (``of(type)``), or as ``friendly`` writes it for people (players by name, ...)."""
    properties: dict[str, Any] = {"format": {"const": fmt}}
    for field in record_fields(state_type):
        properties[field.name] = friendly.get(field.name) or of(field.type)
    return {
        "type": "object",
        "properties": properties,
        "required": ["format", "players"],
        "additionalProperties": False,
    }
