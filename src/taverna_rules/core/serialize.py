"""JSON for states, actions, events, decisions and results, through one strict cattrs
converter per game.

Actions and events carry their stable type name (``"type"``) and events their version
(``"v"``); the names are the game's own (its module's tables), so every reader takes the
``game`` whose names it reads (``"taverna"`` when none is given); a name may be written
qualified by its game (``"taverna.PickCard"``), and a reader refuses another game's by
name. Reading is strict,
since the text may come from anyone: an unknown type or version, an unknown or missing
field, a value of another JSON type (``true`` or ``1.0`` for an integer, ``5`` for a
text), a duplicated key, ``NaN``, text over :data:`MAX_TEXT` characters or nesting over
:data:`MAX_DEPTH` levels raise :class:`~taverna_rules.errors.ReplayError` naming what was
wrong, and nothing else escapes. The JSON Schemas of these objects are
:mod:`taverna_rules.wire_schemas`'s.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
import cattrs
import cattrs.v
from cattrs.gen import make_dict_structure_fn

from taverna_rules._records import NO_DEFAULT, field_names, record_fields
from taverna_rules._shown import shown
from taverna_rules.core.contract import StateLike
from taverna_rules.core.game_modules import DEFAULT_GAME, GameModule, game_module
from taverna_rules.core.records import INT_BOUND, Action, Decision, Event
from taverna_rules.errors import ReplayError

__all__ = [
    "CONVERTER",
    "converter",
    "action_from_json",
    "action_to_json",
    "decision_from_json",
    "decision_to_json",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "events_to_json",
    "state_from_json",
    "state_to_json",
    "json_strings",
    "read_json",
]

T = TypeVar("T")

#: The longest JSON text a reader accepts (a whole game's log is about 200 kB).
MAX_TEXT = 16 * 1024 * 1024
#: The deepest nesting of arrays and objects a reader accepts (a state nests about 6).
MAX_DEPTH = 32


class _WrongValue(ValueError):
    """A value of the wrong type, with a message that shows it."""


def _in_bounds(number: Any) -> bool:
    return bool(-INT_BOUND < number < INT_BOUND)


def _strict_converter(module: GameModule) -> cattrs.Converter:
    """A converter that reads only what it would write: exact JSON types (a bool is not
    an int, a float is not an int, a number is not a string), no unknown or missing
    field, lists where tuples are written, and an action only of the types ``actions``.
    Writing is cattrs' own, so output is unchanged."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    actions = module.actions

    def exact(kind: type, words: str) -> Callable[[Any, Any], Any]:
        def read(value: Any, _: Any) -> Any:
            if type(value) is kind and (kind is not int or _in_bounds(value)):
                return value
            raise _WrongValue(f"expected {words}, not {shown(value)}")

        return read

    converter.register_structure_hook(str, exact(str, "a string"))
    converter.register_structure_hook(int, exact(int, "an integer"))
    converter.register_structure_hook(bool, exact(bool, "true or false"))

    def is_tuple(tp: Any) -> bool:
        return typing.get_origin(tp) is tuple

    def read_tuple(value: Any, tp: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise _WrongValue(f"expected a list, not {shown(value)}")
        args = typing.get_args(tp)
        if args[-1:] == (Ellipsis,):
            return tuple(converter.structure(item, args[0]) for item in value)
        if len(value) != len(args):
            raise _WrongValue(f"expected a list of {len(args)}, not {shown(value)}")
        return tuple(converter.structure(item, arg) for item, arg in zip(value, args, strict=True))

    converter.register_structure_hook_func(is_tuple, read_tuple)

    def read_set(value: Any, tp: Any) -> frozenset[Any]:
        if not isinstance(value, list):
            raise _WrongValue(f"expected a list, not {shown(value)}")
        items = [converter.structure(item, typing.get_args(tp)[0]) for item in value]
        found = frozenset(items)
        if len(found) != len(items):
            raise _WrongValue(f"expected a list naming each value once (a set), not {shown(value)}")
        return found

    def is_set(tp: Any) -> bool:
        origin: Any = typing.get_origin(tp)
        return origin is frozenset

    converter.register_structure_hook_func(is_set, read_set)

    def read_scalar(value: Any, _: Any) -> Any:
        # An option's value: true/false, a whole number or a text.
        if value is None or type(value) in (bool, str) or (type(value) is int and _in_bounds(value)):
            return value
        raise _WrongValue(f"expected true, false, a number or a text, not {shown(value)}")

    converter.register_structure_hook_func(lambda tp: tp is Any, read_scalar)

    def record_reader(cls: type) -> Callable[[Any, Any], Any]:
        fields: Callable[[Any, Any], Any] = make_dict_structure_fn(
            cls, converter, _cattrs_forbid_extra_keys=True
        )

        def read(value: Any, tp: Any) -> Any:
            if not isinstance(value, dict):
                raise _WrongValue(f"expected an object, not {shown(value)}")
            return fields(value, tp)

        return read

    converter.register_structure_hook_factory(attrs.has, record_reader)

    def plain_reader(cls: type) -> Callable[[Any, Any], Any]:
        # A plain record (its fields written out, see taverna_rules._records), read as
        # strictly as an attrs one: each field of its type, none missing, none unknown,
        # every problem reported with the field's name.
        fields = record_fields(cls)
        names = {f.name for f in fields}

        def read(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise _WrongValue(f"expected an object, not {shown(value)}")
            given, errors = {}, []
            for field in fields:
                if field.name not in value:
                    if field.default is NO_DEFAULT:
                        errors.append(_noted(KeyError(field.name), cls, field.name, field.type))
                    continue
                try:
                    given[field.name] = converter.structure(value[field.name], field.type)
                except Exception as exc:  # gathered, as cattrs gathers them
                    errors.append(_noted(exc, cls, field.name, field.type))
            extra = set(value) - names
            if extra:
                errors.append(cattrs.ForbiddenExtraKeysError("", cls, extra))
            if errors:
                raise cattrs.ClassValidationError(f"While structuring {cls.__name__}", errors, cls)
            return cls(**given)

        return read

    def plain_writer(cls: type) -> Callable[[Any], Any]:
        names = field_names(cls)
        return lambda record: {name: converter.unstructure(getattr(record, name)) for name in names}

    def is_plain(tp: Any) -> bool:
        return isinstance(tp, type) and hasattr(tp, "__record_fields__")

    converter.register_structure_hook_factory(is_plain, plain_reader)
    converter.register_unstructure_hook_factory(is_plain, plain_writer)

    def read_action(value: Any, _: Any) -> Action:
        action: Action = _tagged(converter, _local(value, module, "an action"), actions, "action")
        return action

    # Only the base class is a tagged union: its subclasses are plain records.
    converter.register_structure_hook_func(lambda tp: tp is Action, read_action)
    converter.register_unstructure_hook(Action, action_to_dict)
    return converter


def _noted(exc: Exception, cls: type, name: str, tp: Any) -> Exception:
    """``exc`` noted with the field it was raised for, the way cattrs notes its own."""
    words = f"Structuring class {cls.__qualname__} @ attribute {name}"
    note = cattrs.AttributeValidationNote(words, name, tp)
    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
    return exc


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as a JSON-ready mapping with its ``type``: a tuple field as a list, a set
    field as a sorted list (the same text in every process)."""
    return {
        "type": action.TYPE,
        **{f.name: _wire(getattr(action, f.name)) for f in attrs.fields(type(action))},
    }


def _wire(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [_wire(item) for item in value]
    return value


_CONVERTERS: dict[str, cattrs.Converter] = {}


def converter(game: str | GameModule = DEFAULT_GAME) -> cattrs.Converter:
    """The strict converter of ``game`` (an id or a module), made once a process."""
    module = game if isinstance(game, GameModule) else game_module(game)
    made = _CONVERTERS.get(module.id)
    if made is None:
        made = _CONVERTERS[module.id] = _strict_converter(module)
    return made


if TYPE_CHECKING:
    #: The converter of Taverna, the game of the calls that name none.
    CONVERTER: cattrs.Converter
else:

    def __getattr__(name: str) -> Any:
        # Made on first use, not on import: the engine imports this module, and making a
        # converter loads the default game, which imports the engine.
        if name == "CONVERTER":
            return converter()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _module(game: str | GameModule) -> GameModule:
    return game if isinstance(game, GameModule) else game_module(game)


def _local(data: Any, module: GameModule, what: str) -> Any:
    """``data`` with its type name as the game's tables know it: a name may be qualified
    by its game (``taverna.PickCard``), and one of another game is refused by name."""
    name = data.get("type") if isinstance(data, dict) else None
    if type(name) is not str or "." not in name:
        return data
    game, _, bare = name.partition(".")
    if game != module.id:
        raise ReplayError(f"{shown(name)} is {what} of the game {shown(game)}, not of {module.id!r}")
    return {**data, "type": bare}


def _tagged(
    conv: cattrs.Converter,
    data: Any,
    table: Mapping[str, type[T]],
    what: str,
    meta: tuple[str, ...] = ("type",),
) -> T:
    if not isinstance(data, dict) or "type" not in data:
        raise ReplayError(f"an {what} is an object with a 'type', not {shown(data)}")
    name = data["type"]
    cls = table.get(name) if type(name) is str else None
    if cls is None:
        raise ReplayError(f"unknown {what} type {shown(name)}")
    fields = {k: v for k, v in data.items() if k not in meta}
    try:
        return conv.structure(fields, cls)
    except (cattrs.BaseValidationError, _WrongValue) as exc:
        raise ReplayError(f"malformed {what} {name!r}: {_problems(exc)}") from None


def _problems(exc: Exception) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(exc, format_exception=_format))
    return str(exc)


def _format(exc: BaseException, tp: type | None) -> str:
    if isinstance(exc, _WrongValue | ReplayError):  # our own words (a nested action's too)
        return str(exc)
    return cattrs.v.format_exception(exc, tp)


def _qualified(data: dict[str, Any], cls: type, game: str | GameModule | None, what: str) -> dict[str, Any]:
    """``data`` with its type qualified by ``game`` (unchanged without one); an object of a
    type the game does not have is refused."""
    if game is None:
        return data
    module = _module(game)
    table: Mapping[str, type] = module.actions if what == "action" else module.events
    if table.get(data["type"]) is not cls:
        raise ReplayError(f"{cls.__name__} is no {what} of the game {module.id!r}")
    return {**data, "type": f"{module.id}.{data['type']}"}


def action_to_json(action: Action, *, game: str | GameModule | None = None) -> str:
    """``action`` as JSON text; with ``game``, its type qualified by the game's id."""
    return json.dumps(_qualified(action_to_dict(action), type(action), game, "action"), sort_keys=True)


def action_from_json(text: str | dict[str, Any], *, game: str | GameModule = DEFAULT_GAME) -> Action:
    """The action of ``game`` in JSON text (or in an already decoded mapping)."""
    module = _module(game)
    data = _local(_decode(text), module, "an action")
    action: Action = _tagged(converter(module), data, module.actions, "action")
    return action


def event_to_dict(event: Event, *, game: str | GameModule | None = None) -> dict[str, Any]:
    """An event as a JSON-ready mapping with its ``type`` and version ``v``; with
    ``game``, its type qualified by the game's id (``taverna.CoinsGained``)."""
    data = {"type": event.TYPE, "v": event.VERSION, **converter().unstructure(event, type(event))}
    return _qualified(data, type(event), game, "event")


def event_from_dict(data: Any, *, game: str | GameModule = DEFAULT_GAME) -> Event:
    """The event of ``game`` in a decoded mapping, upcast from older versions."""
    module = _module(game)
    table = module.events
    data = _local(data, module, "an event")
    if isinstance(data, dict) and type(data.get("type")) is str and data["type"] in table:
        name = data["type"]
        cls = table[name]
        version = data.get("v", 1)
        if type(version) is not int or not 1 <= version <= cls.VERSION:
            raise ReplayError(
                f"event {name!r} has version {shown(version)}: this library reads versions 1 to {cls.VERSION}"
            )
        while version < cls.VERSION:
            upcast = module.upcasters.get((name, version))
            if upcast is None:
                raise ReplayError(f"event {name!r} version {version} can no longer be read (no upcaster)")
            data = upcast(data)
            version += 1
    event: Event = _tagged(converter(module), data, table, "event", ("type", "v"))
    return event


def event_to_json(event: Event, *, game: str | GameModule | None = None) -> str:
    """``event`` as JSON text; with ``game``, its type qualified by the game's id."""
    return json.dumps(event_to_dict(event, game=game), sort_keys=True)


def event_from_json(text: str | dict[str, Any], *, game: str | GameModule = DEFAULT_GAME) -> Event:
    """The event of ``game`` in JSON text."""
    return event_from_dict(_decode(text), game=game)


def events_to_json(events: Sequence[Event], *, game: str | GameModule | None = None) -> str:
    """A log as a JSON array; with ``game``, each type qualified by the game's id."""
    return json.dumps([event_to_dict(e, game=game) for e in events], sort_keys=True)


def events_from_json(text: str | list[Any], *, game: str | GameModule = DEFAULT_GAME) -> list[Event]:
    """A log of ``game`` from a JSON array (text, or already decoded); the error names the
    index of a bad event."""
    data = _decode(text)
    if not isinstance(data, list):
        raise ReplayError("an event log is a JSON array")
    out = []
    for index, item in enumerate(data):
        try:
            out.append(event_from_dict(item, game=game))
        except ReplayError as exc:
            raise ReplayError(f"event {index}: {exc}") from None
    return out


def state_to_json(state: StateLike) -> str:
    """A state as JSON text."""
    return json.dumps(converter().unstructure(state), sort_keys=True)


def state_from_json(text: str | dict[str, Any], *, game: str | GameModule = DEFAULT_GAME) -> Any:
    """The state of ``game`` in JSON text."""
    module = _module(game)
    try:
        return converter(module).structure(_decode(text), module.state_type)
    except (cattrs.BaseValidationError, _WrongValue) as exc:
        raise ReplayError(f"malformed state: {_problems(exc)}") from None


def decision_to_json(decision: Decision) -> str:
    """A decision (player, kind, prompt, legal actions) as JSON text."""
    return json.dumps(converter().unstructure(decision), sort_keys=True)


def decision_from_json(text: str | dict[str, Any], *, game: str | GameModule = DEFAULT_GAME) -> Decision:
    """The decision of ``game`` in JSON text."""
    try:
        return converter(game).structure(_decode(text), Decision)
    except (cattrs.BaseValidationError, _WrongValue) as exc:
        raise ReplayError(f"malformed decision: {_problems(exc)}") from None


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NESTING = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """How deeply ``text`` nests arrays and objects (brackets inside strings left out),
    counted before decoding: the decoder recurses once a level."""
    depth = deepest = 0
    for bracket in _NESTING.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:  # json.loads would keep the last one silently
            raise ReplayError(f"the key {shown(key)} is written twice in one object")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise ReplayError(f"{name} is not a JSON number")


def read_json(text: str) -> Any:
    """Decoded JSON text from a stranger: bounded in size (:data:`MAX_TEXT`) and depth
    (:data:`MAX_DEPTH`), no duplicate keys, no ``NaN``;
    :class:`~taverna_rules.errors.ReplayError` for anything else."""
    return _decode(text)


def _decode(text: object) -> Any:
    """Decoded JSON from text (bounded in size and depth), or an already decoded object."""
    if isinstance(text, dict | list):
        return text
    if not isinstance(text, str):
        raise ReplayError(f"expected JSON text or a decoded object, not {shown(text)}")
    if len(text) > MAX_TEXT:
        raise ReplayError(f"the JSON text is {len(text)} characters long, over the limit of {MAX_TEXT}")
    if _depth(text) > MAX_DEPTH:
        raise ReplayError(f"the JSON text nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except ReplayError:
        raise
    except json.JSONDecodeError as exc:
        raise ReplayError(f"not JSON: {exc}") from None
    except ValueError:  # Python refuses to read an integer of thousands of digits
        raise ReplayError("a number in the JSON text has too many digits") from None


def json_strings(data: Any) -> Iterator[str]:
    """Every string of decoded JSON data, keys and leaves: what a leak check searches."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, item in data.items():
            yield str(key)
            yield from json_strings(item)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from json_strings(item)
