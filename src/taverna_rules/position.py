"""Position documents: a game state written by hand, in YAML or JSON (like FEN for chess),
for any game whose module gives a :class:`~taverna_rules.core.positions.PositionFormat`.

This module reads the text (JSON or YAML, bounded: at most 64,000 bytes and 3,000
values, so a hostile document gets a short :class:`~taverna_rules.errors.PositionError`
at once, never Python's exceptions), checks the
``format`` line, hands the data to the game, and proves that what loads plays: its steps
run up to the first decision, which must offer a legal action. Dumping writes every
field, so ``load_position(rules, dump_position(state)) == state``. Taverna's document:

.. code-block:: yaml

    format: taverna-position/1
    king: elf
    players:
      - {name: Karl, coins: 4, tracks: {human: 7, elf: 4, dwarf: 0, orc: 1}}
      - {name: Fred, coins: 10, privileges: 1}
    taverns:
      tankard: {deeds: [Karl, Fred, null]}
    stack: [end_game]

``stack`` lists the steps still to come, the next one first.
"""

from __future__ import annotations

import io
import json
import math
import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.representer import SafeRepresenter

from taverna_rules._shown import shown
from taverna_rules.content.problems import Problem
from taverna_rules.content.yaml_source import MAX_INT, Limits, load_yaml_text, to_plain
from taverna_rules.core.chance import waits_for_chance
from taverna_rules.core.game_modules import GameModule, game_module, installed_games
from taverna_rules.core.position_data import refusal
from taverna_rules.core.positions import PositionFormat
from taverna_rules.errors import GameModuleError, PositionError

__all__ = ["dump_position", "load_position"]


def _positions(module: GameModule) -> PositionFormat:
    if module.positions is None:
        raise PositionError(f"game {module.id!r} has no position documents")
    return module.positions


def _module_of_state(state: object) -> GameModule:
    for ident in installed_games():
        try:
            module = game_module(ident)
        except GameModuleError:
            continue  # a broken third-party game cannot own the state
        if isinstance(state, module.state_type):
            return module
    raise PositionError(f"dump_position() writes a game's state (game.state), not {shown(state)}")


def dump_position(state: Any, fmt: str = "yaml") -> str:
    """``state`` as a position document (``fmt``: ``yaml`` or ``json``).
    :class:`~taverna_rules.errors.PositionError` for a state waiting on a chance decision
    (explicit chance mode): a position is taken at a player's decision."""
    module = _module_of_state(state)
    if not isinstance(fmt, str) or fmt not in ("yaml", "json"):
        raise PositionError(f"a position is written as 'yaml' or 'json', not {shown(fmt)}")
    if waits_for_chance(state):
        raise PositionError(
            "the game waits on a chance decision, in the middle of an action: take the position "
            "before the action or after chance has drawn"
        )
    positions = _positions(module)
    data = {"format": positions.format, **positions.dump(state)}
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False)
    out = io.StringIO()
    yaml = YAML(typ="safe", pure=True)
    yaml.Representer = _Representer
    yaml.default_flow_style = None
    yaml.representer.sort_base_mapping_type_on_output = False  # keep the document's order
    yaml.dump(data, out)
    return out.getvalue()


# Strings that are not plain words are written double-quoted, a style that escapes every
# character: the emitter's own choice writes some strings (``?x``, ``:x`` in a flow list)
# in a form no YAML reader reads back, and any name a game accepts must round-trip.
_PLAIN = re.compile(r"\w[\w#:.-]*(?: [\w#:.-]+)*")


class _Representer(SafeRepresenter):
    def represent_str(self, data: str) -> Any:
        style = None if _PLAIN.fullmatch(data) and not data.endswith(":") else '"'
        return self.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Representer.add_representer(str, _Representer.represent_str)


#: A position holds one game's components: the largest a game writes is about 8 kB of
#: JSON and 600 values, so five times that is generous, and a hostile document is refused
#: after reading at most this much (YAML is read in pure Python, at some 50 µs a value).
LIMITS = Limits(max_bytes=64_000, max_depth=12, max_nodes=3_000, max_chars=64_000)


def _document(text: str) -> Any:
    """The plain data of a position's text (bounded): JSON is read by Python's own parser,
    a hundred times faster than YAML's, with the same bounds; anything else as YAML."""
    if len(text) > LIMITS.max_bytes or len(text.encode("utf-8", "surrogatepass")) > LIMITS.max_bytes:
        too_large = f"a position document is at most {LIMITS.max_bytes} bytes, not {len(text)}"
        raise PositionError(str(Problem("yaml-too-large", too_large, "<position>")))
    data = _json(text) if text.lstrip().startswith("{") else None
    if data is None:
        doc, problems = load_yaml_text(text, "<position>", LIMITS)
        if doc is None:
            raise PositionError(refusal([str(p) for p in problems], head=""))
        data = to_plain(doc.data)
    return data


class _NotJson(Exception):
    """The text is no JSON document this reader takes: YAML reads it and says why."""


def _json(text: str) -> Any:
    """``text`` read as JSON, or ``None`` when it is not JSON (or holds what YAML refuses,
    a key twice, a number out of range: the YAML reader then words the refusal)."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(items)
        if len(out) != len(items):
            raise _NotJson
        return out

    def integer(digits: str) -> int:
        if len(digits) > 21 or abs(int(digits)) > MAX_INT:
            raise _NotJson
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):  # 1e999
            raise _NotJson
        return value

    def constant(name: str) -> Any:
        raise _NotJson

    try:
        data = json.loads(
            text, object_pairs_hook=pairs, parse_int=integer, parse_float=real, parse_constant=constant
        )
    except (_NotJson, ValueError, RecursionError):
        return None
    _bounded(data)
    return data


def _bounded(data: Any) -> None:
    """Refuse plain data over the position's bounds on nesting and on values."""
    nodes, level = 0, [(data, 1)]
    while level:
        value, depth = level.pop()
        nodes += 1
        if depth > LIMITS.max_depth:
            problem = Problem("yaml-too-deep", f"nesting deeper than {LIMITS.max_depth}", "<position>")
            raise PositionError(str(problem))
        if nodes > LIMITS.max_nodes:
            problem = Problem("yaml-too-many-nodes", f"more than {LIMITS.max_nodes} values", "<position>")
            raise PositionError(str(problem))
        if isinstance(value, dict):
            level += [(v, depth + 1) for v in value.values()]
            nodes += len(value)
        elif isinstance(value, list):
            level += [(v, depth + 1) for v in value]


def load_position(rules: Any, text: str) -> Any:
    """The state a position document (YAML or JSON text) describes, for ``rules`` (of the
    game their ``game`` names).

    A position that loads plays: besides its fields, its steps are run up to the first
    decision, which must offer a legal action. Anything else raises
    :class:`~taverna_rules.errors.PositionError` naming what is wrong.
    """
    game = getattr(rules, "game", None)
    module = game_module(game) if isinstance(game, str) else None
    if module is None or not isinstance(rules, module.rules_type):
        raise PositionError(f"load_position() takes a game's rules (load_rules()), not {shown(rules)}")
    positions = _positions(module)
    if not isinstance(text, str):
        raise PositionError(f"a position document is text, not {shown(text)}")
    data = _document(text)
    if not isinstance(data, dict) or data.get("format") != positions.format:
        raise PositionError(f"a position document starts with 'format: {positions.format}'")
    try:
        state = positions.load(rules, {k: v for k, v in data.items() if k != "format"})
    except ValueError as exc:
        if isinstance(exc, PositionError):
            raise
        raise PositionError(refusal([str(exc)])) from None
    if state.stack or state.result is not None:
        module.resume(rules, state)  # a position that loads must play
    else:
        inconsistent = module.integrity(rules, state)
        if inconsistent:
            raise PositionError(refusal(inconsistent))
    return state
