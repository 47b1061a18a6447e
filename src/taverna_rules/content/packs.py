"""Packs: folders of content with a manifest, layered on one another.

A pack is a folder holding ``pack.yaml`` (its id, names, version, the packs it extends
and the content format it targets) and content files. Each pack is one :class:`Layer`;
content files given without a manifest form one last layer on top of every pack. This
module reads a manifest (:func:`pack_info`), checks the content format a document
targets (:func:`check_format`) and puts the layers in dependency order
(:func:`order_layers`). Finding the packs is :mod:`~taverna_rules.content.discovery`'s
work, applying them :mod:`~taverna_rules.content.merge`'s.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from taverna_rules.content.discovery import MANIFEST, discover
from taverna_rules.content.merged import Located
from taverna_rules.content.model import FORMAT_VERSION, Names, PackInfo
from taverna_rules.content.problems import Problem, did_you_mean
from taverna_rules.content.yaml_source import SourceDocument, load_yaml_text, to_plain

__all__ = ["Layer", "check_format", "declared_games", "order_layers", "pack_info"]


@attrs.frozen
class Layer:
    """One pack's documents (or the loose files', ``pack`` None), applied in order."""

    label: str
    pack: PackInfo | None
    manifest: Located | None
    docs: tuple[Located, ...]

    @property
    def name(self) -> str:
        """How messages name the layer."""
        return f"pack {self.pack.id!r}" if self.pack is not None else "the loose files"


def pack_info(manifest: Located) -> PackInfo:
    """The pack description of a schema-valid manifest."""
    data = manifest.data
    return PackInfo(
        id=data["id"],
        name=Names(**data["name"]),
        version=str(data["version"]),
        extends=tuple(data["extends"]),
        format=int(data["format"]),
        description=str(data.get("description", "")),
        players=tuple(data.get("players", ())),
        source=manifest.source.file,
    )


def order_layers(layers: Sequence[Layer], problems: list[Problem]) -> list[Layer]:
    """Packs in dependency order (a pack after the packs it extends), then the loose files.

    A missing dependency, a repeated pack id or a cycle is a problem at the manifest.
    """
    packs: dict[str, Layer] = {}
    for layer in layers:
        if layer.pack is None or layer.manifest is None:
            continue
        first = packs.get(layer.pack.id)
        if first is not None:
            problems.append(
                layer.manifest.source.problem(
                    "duplicate-pack",
                    f"pack id {layer.pack.id!r} is also the id of {first.label}",
                    ("id",),
                    "each pack has its own id: rename one",
                )
            )
            continue
        packs[layer.pack.id] = layer
    ordered: list[Layer] = []
    state: dict[str, str] = {}

    def visit(pack_id: str) -> None:
        layer = packs[pack_id]
        assert layer.pack is not None and layer.manifest is not None
        state[pack_id] = "visiting"
        for index, parent in enumerate(layer.pack.extends):
            if parent not in packs:
                hint = did_you_mean(parent, packs) or (
                    "load it too (the base game is 'base')" if packs else "load it too"
                )
                problems.append(
                    layer.manifest.source.problem(
                        "pack-missing",
                        f"{layer.name} extends {parent!r}, which is not loaded",
                        ("extends", index),
                        hint,
                    )
                )
            elif state.get(parent) == "visiting":
                problems.append(
                    layer.manifest.source.problem(
                        "pack-cycle",
                        f"{layer.name} extends {parent!r}, which extends it back",
                        ("extends", index),
                        "packs extend one another in one direction only",
                    )
                )
            elif parent not in state:
                visit(parent)
        state[pack_id] = "done"
        ordered.append(layer)

    for pack_id in packs:
        if pack_id not in state:
            visit(pack_id)
    ordered.extend(layer for layer in layers if layer.pack is None)
    return ordered


def check_format(source: SourceDocument, data: dict[str, Any]) -> Problem | None:
    """A problem when a document targets another content format than this library reads."""
    version = data.get("format")
    if isinstance(version, int) and not isinstance(version, bool) and version != FORMAT_VERSION:
        newer = version > FORMAT_VERSION
        return source.problem(
            "format-version",
            f"the file targets content format {version}; this version of taverna_rules reads "
            f"format {FORMAT_VERSION}",
            ("format",),
            "upgrade taverna_rules" if newer else f"update the file to format {FORMAT_VERSION}",
        )
    return None


def declared_games(paths: Sequence[str | Path]) -> set[str]:
    """The games the ``pack.yaml`` files under ``paths`` name with ``game:``, read before
    the game's pipeline is chosen (a manifest that cannot be read names none: loading it
    reports why)."""
    games: set[str] = set()
    for raw in paths:
        path = Path(raw)
        if not os.path.lexists(path):
            continue
        for unit in discover(path, str(raw), []):
            top = f"{unit.label}/{MANIFEST}"
            manifest = next((entry for name, entry in unit.files if name == top), None)
            if not unit.is_pack or not isinstance(manifest, Path):
                continue
            try:
                text = manifest.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            source, _ = load_yaml_text(text, str(manifest))
            data = to_plain(source.data) if source is not None else None
            if isinstance(data, dict) and isinstance(data.get("game"), str):
                games.add(data["game"])
    return games
