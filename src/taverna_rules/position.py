"""Position documents: a game state written by hand, in YAML or JSON (like FEN for chess),
for any game whose module gives a :class:`~taverna_rules.core.positions.PositionFormat`.

This module reads the text (bounded YAML, so a hostile document gets a
:class:`~taverna_rules.errors.PositionError`, never Python's exceptions), checks the
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
import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.representer import SafeRepresenter

from taverna_rules._shown import shown
from taverna_rules.content.yaml_source import load_yaml_text, to_plain
from taverna_rules.core.chance import waits_for_chance
from taverna_rules.core.positions import PositionFormat
from taverna_rules.errors import GameModuleError, PositionError
from taverna_rules.game_modules import GameModule, game_module, installed_games

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
    if fmt not in ("yaml", "json"):
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
    doc, problems = load_yaml_text(text, "<position>")
    if doc is None:
        raise PositionError("; ".join(str(p) for p in problems))
    data = to_plain(doc.data)
    if not isinstance(data, dict) or data.get("format") != positions.format:
        raise PositionError(f"a position document starts with 'format: {positions.format}'")
    try:
        state = positions.load(rules, {k: v for k, v in data.items() if k != "format"})
    except ValueError as exc:
        if isinstance(exc, PositionError):
            raise
        raise PositionError(f"bad position: {exc}") from None
    if state.stack or state.result is not None:
        module.resume(rules, state)  # a position that loads must play
    else:
        inconsistent = module.integrity(rules, state)
        if inconsistent:
            raise PositionError("bad position: " + "; ".join(inconsistent))
    return state
