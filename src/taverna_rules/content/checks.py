"""Semantic checks: what a schema cannot say about content.

References resolve, ids are unique, effects name real peoples, and the component
counts keep every supported player count playable (enough tables, cards and tiles:
the constraints any reconstruction of the unpublished components must keep).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from taverna_rules.content.model import RuleSet
from taverna_rules.content.problems import Problem
from taverna_rules.content.yaml_source import PathItem, SourceDocument
from taverna_rules.dsl.nodes import Node, Table

__all__ = ["Where", "check", "did_you_mean"]

SPECIAL_PEOPLE = ("card", "choice")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"did you mean 'orc'?"`` for a near miss, else an empty string."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


@attrs.define
class Where:
    """Where each content item was declared, to locate semantic problems."""

    places: dict[tuple[str, str], tuple[SourceDocument, tuple[PathItem, ...]]] = attrs.field(factory=dict)
    #: Every item of a list kind in declaration order (the order of the RuleSet's tuples),
    #: so a problem in a second item with a repeated id points at that item.
    order: dict[str, list[tuple[SourceDocument, tuple[PathItem, ...]]]] = attrs.field(factory=dict)

    def add(
        self,
        problems: list[Problem],
        kind: str,
        ident: str,
        source: SourceDocument,
        path: tuple[PathItem, ...],
    ) -> None:
        """Remember an item; a second item of the same kind and id is a problem."""
        self.order.setdefault(kind, []).append((source, path))
        key = (kind, ident)
        if key in self.places:
            first, first_path = self.places[key]
            line, _ = first.locate(first_path)
            problems.append(
                source.problem(
                    "duplicate-id",
                    f"{kind} id {ident!r} is already declared in {first.file}:{line}",
                    (*path, "people" if kind == "tracks" else "id"),
                    "ids are unique within a kind: rename this one",
                )
            )
        else:
            self.places[key] = (source, path)

    def problem(
        self,
        kind: str,
        ident: str | int,
        code: str,
        message: str,
        sub: Sequence[PathItem] = (),
        hint: str = "",
    ) -> Problem:
        """A problem located at an item, by id or by its index among the items of its kind
        (and a sub-path inside it)."""
        if isinstance(ident, int):
            items = self.order.get(kind, [])
            place = items[ident] if ident < len(items) else None
        else:
            place = self.places.get((kind, ident))
        if place is None:
            return Problem(code, message, hint=hint)
        source, path = place
        return source.problem(code, message, (*path, *sub), hint)


def _unknown(
    where: Where,
    kind: str,
    ident: str | int,
    sub: Sequence[PathItem],
    what: str,
    value: str,
    known: Sequence[str],
) -> Problem:
    hint = did_you_mean(value, known) or f"known: {', '.join(known)}"
    return where.problem(kind, ident, "unknown-reference", f"unknown {what} {value!r}", sub, hint)


def _effect_problems(
    where: Where,
    kind: str,
    ident: str | int,
    sub: Sequence[PathItem],
    node: Node,
    peoples: Sequence[str],
    symbols: Sequence[str] = ("beer", "spellbook", "lyre", "mask"),
) -> list[Problem]:
    out = []
    for each in node.walk():
        symbol = each.arg("symbol")
        if isinstance(symbol, str) and symbol not in symbols:
            out.append(_unknown(where, kind, ident, sub, "guild symbol", symbol, symbols))
        people = each.arg("people")
        if isinstance(people, str) and people not in (*peoples, *SPECIAL_PEOPLE):
            out.append(_unknown(where, kind, ident, sub, "people", people, [*peoples, *SPECIAL_PEOPLE]))
        for _, value in each.args:
            if isinstance(value, Table):
                if len(value.at_least) != len(value.points):
                    out.append(
                        where.problem(
                            kind,
                            ident,
                            "table-shape",
                            "a table needs as many 'points' as 'at_least' thresholds",
                            sub,
                        )
                    )
                elif list(value.at_least) != sorted(set(value.at_least)):
                    out.append(
                        where.problem(
                            kind,
                            ident,
                            "table-order",
                            "table thresholds must strictly increase",
                            sub,
                        )
                    )
    return out


def check(rules: RuleSet, where: Where, singles: dict[str, Any]) -> list[Problem]:
    """Every semantic problem of a structured rule set."""
    problems: list[Problem] = []
    peoples = rules.people_ids()
    symbols = tuple(s.id for s in rules.symbols)
    tavern_ids = tuple(t.id for t in rules.taverns)
    k = rules.constants

    for n, card in enumerate(rules.customers):
        for i, people in enumerate(card.peoples):
            if people not in peoples:
                problems.append(_unknown(where, "customers", n, ("peoples", i), "people", people, peoples))
        for i, symbol in enumerate(card.symbols):
            if symbol not in symbols:
                problems.append(
                    _unknown(where, "customers", n, ("symbols", i), "guild symbol", symbol, symbols)
                )
        if len(set(card.symbols)) != len(card.symbols) or len(set(card.peoples)) != len(card.peoples):
            problems.append(
                where.problem(
                    "customers",
                    n,
                    "repeated-value",
                    "a card lists the same people or symbol twice",
                )
            )

    for side in rules.sides:
        for tid, layout in side.layouts:
            if tid not in tavern_ids:
                problems.append(_unknown(where, "side", side.id, ("taverns", tid), "tavern", tid, tavern_ids))
            if layout.symbol not in symbols:
                problems.append(
                    _unknown(
                        where,
                        "side",
                        side.id,
                        ("taverns", tid, "symbol"),
                        "guild symbol",
                        layout.symbol,
                        symbols,
                    )
                )
            for i, people in enumerate(layout.tables):
                if people not in peoples:
                    problems.append(
                        _unknown(
                            where,
                            "side",
                            side.id,
                            ("taverns", tid, "tables", i),
                            "people",
                            people,
                            peoples,
                        )
                    )
            if 2 * max(d.price for d in layout.deeds) > k.starting_coins:
                problems.append(
                    where.problem(
                        "side",
                        side.id,
                        "deed-unaffordable",
                        f"two deeds at this tavern's top price cost more than "
                        f"the {k.starting_coins} starting coins",
                        ("taverns", tid, "deeds"),
                    )
                )
        missing = sorted(set(tavern_ids) - {tid for tid, _ in side.layouts})
        if missing:
            problems.append(
                where.problem(
                    "side",
                    side.id,
                    "missing-tavern",
                    f"no layout for tavern(s) {', '.join(missing)}",
                    ("taverns",),
                )
            )

    for count in k.player_counts:
        sides = [s for s in rules.sides if count in s.players]
        if len(sides) != 1:
            problems.append(
                Problem(
                    "side-coverage",
                    f"{len(sides)} board sides for {count} players (exactly one needed)",
                    hint="list each player count in one side's 'players'",
                )
            )
            continue
        side = sides[0]
        seatings = count * k.turns_for(count)
        if side.table_count < seatings:
            problems.append(
                where.problem(
                    "side",
                    side.id,
                    "too-few-tables",
                    f"{side.table_count} tables for {seatings} customers seated with {count} players",
                    ("taverns",),
                )
            )
        cards = [c for c in rules.customers if c.players <= count]
        needed = seatings + k.row_size - 1
        if len(cards) < needed:
            problems.append(
                Problem(
                    "too-few-cards",
                    f"{len(cards)} customer cards for {count} players, {needed} needed "
                    "(players x turns + row - 1)",
                )
            )
        tiles = dict(rules.tiles)
        for people in peoples:
            showing = sum(1 for c in cards if people in c.peoples)
            if tiles.get(people, 0) < min(showing, seatings):
                problems.append(
                    Problem(
                        "too-few-tiles",
                        f"{tiles.get(people, 0)} {people} tiles, but {min(showing, seatings)} "
                        f"cards could ask for one with {count} players",
                        singles["components"].source.file,
                        hint="add tiles or remove cards of that people",
                    )
                )
        if count * k.spell_hand > sum(s.copies for s in rules.spells if not s.curse):
            problems.append(
                Problem("too-few-spells", f"not enough spells to deal {k.spell_hand} to {count} players")
            )
        if len(rules.royal_scorings) < count * k.royal_picks_for(count):
            problems.append(
                Problem(
                    "too-few-royal-scorings",
                    f"{count} players choose {k.royal_picks_for(count)} royal scorings each, "
                    f"only {len(rules.royal_scorings)} exist",
                )
            )
        deed_spaces = sum(min(len(layout.deeds), count) for _, layout in side.layouts)
        if deed_spaces < 2 * count or len(side.layouts) < 2:
            problems.append(
                where.problem(
                    "side",
                    side.id,
                    "too-few-deeds",
                    f"the deed draft needs 2 deeds in different taverns for each of {count} players",
                )
            )

    for people in peoples:
        if people not in {t.people for t in rules.tracks}:
            problems.append(Problem("missing-track", f"no track for people {people!r}"))
    for n, track in enumerate(rules.tracks):
        if track.people not in peoples:
            problems.append(_unknown(where, "tracks", n, ("people",), "people", track.people, peoples))
        for position, effect in track.bonuses:
            if not 0 < position <= k.top:
                problems.append(
                    where.problem(
                        "tracks",
                        n,
                        "bad-position",
                        f"position {position} is not on the track (1..{k.top})",
                        ("bonuses", str(position)),
                    )
                )
            problems.extend(
                _effect_problems(where, "tracks", n, ("bonuses", str(position)), effect, peoples, symbols)
            )
    for n, scoring in enumerate(rules.royal_scorings):
        problems.extend(
            _effect_problems(where, "royal_scoring", n, ("effect",), scoring.effect, peoples, symbols)
        )
    for n, dignitary in enumerate(rules.dignitaries):
        for index, level in enumerate(dignitary.levels):
            problems.extend(
                _effect_problems(
                    where, "dignitaries", n, ("levels", index, "effect"), level.effect, peoples, symbols
                )
            )
    for n, favour in enumerate(rules.favours):
        if favour.effect is not None:
            problems.extend(
                _effect_problems(where, "favours", n, ("effect",), favour.effect, peoples, symbols)
            )
    for n, spell in enumerate(rules.spells):
        if spell.effect is not None:
            problems.extend(_effect_problems(where, "spells", n, ("effect",), spell.effect, peoples, symbols))

    for symbol, _ in rules.guild_tokens:
        if symbol not in symbols:
            problems.append(
                Problem(
                    "unknown-reference",
                    f"guild tokens of unknown symbol {symbol!r}",
                    singles["components"].source.file,
                )
            )
    small = sum(1 for t in rules.taverns if t.size == "small")
    if len(rules.dignitaries) > small:
        problems.append(
            Problem(
                "too-many-dignitaries",
                f"{len(rules.dignitaries)} dignitaries for {small} small taverns",
            )
        )
    if rules.privilege_tokens < len(rules.taverns):
        problems.append(Problem("too-few-privileges", "every tavern starts with a privilege token"))
    if sum(f.copies for f in rules.favours) < k.castle_size:
        problems.append(Problem("too-few-favours", f"the castle shows {k.castle_size} royal favours"))
    if sum(1 for s in rules.spells if s.curse) > 1:
        problems.append(Problem("too-many-curses", "at most one spell kind is the Curse"))

    for n, option in enumerate(rules.options):
        expected = {"bool": bool, "int": int, "choice": str}[option.type]
        if type(option.default) is not expected or (
            option.type == "choice" and option.default not in option.choices
        ):
            problems.append(
                where.problem(
                    "options",
                    n,
                    "bad-option-default",
                    f"default {option.default!r} does not fit type {option.type!r}",
                    ("default",),
                    f"one of {', '.join(option.choices)}" if option.type == "choice" else f"a {option.type}",
                )
            )
    return problems
