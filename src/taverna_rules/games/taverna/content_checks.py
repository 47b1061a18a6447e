"""Semantic checks: what a schema cannot say about Taverna's content.

References resolve, values are not repeated, effects name real peoples and can apply,
and the component counts keep every supported player count playable. Each kind of item
has its check, a small function in :data:`CHECKS`, run in order; the checks of one effect
are in :mod:`~taverna_rules.games.taverna.content_effect_checks`, the counts in
:mod:`~taverna_rules.games.taverna.content_count_checks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from taverna_rules.content.model import Names
from taverna_rules.content.option_checks import option_problems, options_tested
from taverna_rules.content.problems import Problem, did_you_mean
from taverna_rules.content.where import Where, unknown_reference
from taverna_rules.games.taverna.content_count_checks import playability_problems
from taverna_rules.games.taverna.content_effect_checks import (
    effect_problems,
    trigger_problems,
    warning,
)
from taverna_rules.games.taverna.ruleset import (
    ENGINE_OPTIONS,
    BoardSide,
    FavourKind,
    RuleSet,
    SpellCard,
    TavernLayout,
)

__all__ = ["CHECKS", "Checking", "check", "name_aliases"]


def check(rules: RuleSet, where: Where, singles: Mapping[str, Any], complete: bool = True) -> list[Problem]:
    """Every semantic problem of a structured rule set, in the order of :data:`CHECKS`.

    ``complete`` is false when items were left out for schema problems: the counting checks
    (enough cards, tiles, spells... for each player count) are then skipped, since they
    would count what is missing. ``where`` is left as it is: the display names an unknown
    reference may be (:func:`name_aliases`) go to a copy of it.
    """
    aliased = attrs.evolve(where, aliases={**name_aliases(rules), **where.aliases})
    checking = Checking(rules, aliased, singles, complete)
    return [problem for each in CHECKS for problem in each(checking)]


def name_aliases(rules: RuleSet) -> dict[str, str]:
    """The display names of the peoples, guild symbols and taverns, lowercase and in each
    language, to their ids: a reference that names one is told the id (the first item to
    have a name keeps it)."""
    named: list[tuple[str, Names]] = [
        *((p.id, p.name) for p in rules.peoples),
        *((s.id, s.name) for s in rules.symbols),
        *((t.id, t.name) for t in rules.taverns),
    ]
    aliases: dict[str, str] = {}
    for ident, names in named:
        for lang in ("en", "fr", "nl"):
            aliases.setdefault(names.get(lang).lower(), ident)
    return aliases


@attrs.frozen
class Checking:
    """What every check reads: the rule set, where its items were declared (with the
    display names of :func:`name_aliases`), the single files (``game``, ``components``),
    and whether every item was built."""

    rules: RuleSet
    where: Where
    singles: Mapping[str, Any]
    complete: bool


def _customers(c: Checking) -> list[Problem]:
    """A card's peoples and symbols exist, each listed once."""
    out: list[Problem] = []
    peoples = c.rules.people_ids()
    symbols = tuple(s.id for s in c.rules.symbols)
    for n, card in enumerate(c.rules.customers):
        for i, people in enumerate(card.peoples):
            if people not in peoples:
                out += unknown_reference(c.where, "customers", n, ("peoples", i), "people", people, peoples)
        for i, symbol in enumerate(card.symbols):
            if symbol not in symbols:
                out += unknown_reference(
                    c.where, "customers", n, ("symbols", i), "guild symbol", symbol, symbols
                )
        for key, values, what in (("peoples", card.peoples, "people"), ("symbols", card.symbols, "symbol")):
            out += [
                c.where.problem(
                    "customers",
                    n,
                    "repeated-value",
                    f"the {what} {value!r} is listed twice on this card",
                    (key, i),
                    "list each only once",
                )
                for i, value in enumerate(values)
                if value in values[:i]
            ]
    return out


def _sides(c: Checking) -> list[Problem]:
    """Each side lays out known taverns with known symbols and peoples, at prices a
    player can pay, and lays out every tavern."""
    out: list[Problem] = []
    for side in c.rules.sides:
        for tid, layout in side.layouts:
            out += _layout(c, side, tid, layout)
        out += _missing_layouts(c, side)
    return out


def _layout(c: Checking, side: BoardSide, tid: str, layout: TavernLayout) -> list[Problem]:
    out: list[Problem] = []
    rules, where = c.rules, c.where
    tavern_ids = tuple(t.id for t in rules.taverns)
    symbols = tuple(s.id for s in rules.symbols)
    peoples = rules.people_ids()
    if tid not in tavern_ids:
        out += unknown_reference(where, "sides", side.id, ("taverns", tid), "tavern", tid, tavern_ids)
    if layout.symbol not in symbols:
        out += unknown_reference(
            where, "sides", side.id, ("taverns", tid, "symbol"), "guild symbol", layout.symbol, symbols
        )
    for i, people in enumerate(layout.tables):
        if people not in peoples:
            out += unknown_reference(
                where, "sides", side.id, ("taverns", tid, "tables", i), "people", people, peoples
            )
    coins = rules.constants.starting_coins
    if 2 * max(d.price for d in layout.deeds) > coins:
        out.append(
            where.problem(
                "sides",
                side.id,
                "deed-unaffordable",
                f"two deeds at this tavern's top price cost more than the {coins} starting coins",
                ("taverns", tid, "deeds"),
            )
        )
    return out


def _missing_layouts(c: Checking, side: BoardSide) -> list[Problem]:
    """A tavern without a layout on the side: a new tavern is its pack's to lay out; a new
    side, its pack's to complete."""
    out = []
    tavern_ids = tuple(t.id for t in c.rules.taverns)
    for tid in sorted(set(tavern_ids) - {tid for tid, _ in side.layouts}):
        blank = f"{tid}: {{symbol: ..., tables: [...], deeds: [...]}}"
        if c.where.newer(("taverns", tid), ("sides", side.id)):
            kind, ident, sub = "taverns", tid, ("id",)
            hint = (
                f"lay it out in a board file: layouts: {{{side.id}: {{{blank}}}}} "
                "(docs: authoring, Adding a tavern)"
            )
        else:
            kind, ident, sub = "sides", side.id, ("taverns",)
            hint = f"add it to this side's taverns: {blank}"
        message = f"tavern {tid!r} has no layout on board side {side.id!r}"
        out.append(c.where.problem(kind, ident, "missing-tavern", message, sub, hint))
    return out


def _playability(c: Checking) -> list[Problem]:
    return playability_problems(c.rules, c.where, c.singles, c.complete)


def _tracks(c: Checking) -> list[Problem]:
    """A track's people exists, and its bonuses sit on the track."""
    out: list[Problem] = []
    peoples, top = c.rules.people_ids(), c.rules.constants.top
    for n, track in enumerate(c.rules.tracks):
        if track.people not in peoples:
            out += unknown_reference(c.where, "tracks", n, ("people",), "people", track.people, peoples)
        for position, effect in track.bonuses:
            at = ("bonuses", str(position))
            if not 0 < position <= top:
                message = f"position {position} is not on the track (1..{top})"
                hint = f"put the bonus on a position from 1 to {top}"
                out.append(c.where.problem("tracks", n, "bad-position", message, at, hint))
            out += effect_problems(c.where, "tracks", n, at, effect, c.rules)
    return out


def _royal_scorings(c: Checking) -> list[Problem]:
    return [
        problem
        for n, scoring in enumerate(c.rules.royal_scorings)
        for problem in effect_problems(c.where, "royal_scoring", n, ("effect",), scoring.effect, c.rules)
    ]


def _dignitaries(c: Checking) -> list[Problem]:
    return [
        problem
        for n, dignitary in enumerate(c.rules.dignitaries)
        for index, level in enumerate(dignitary.levels)
        for problem in effect_problems(
            c.where, "dignitaries", n, ("levels", index, "effect"), level.effect, c.rules
        )
    ]


def _favours(c: Checking) -> list[Problem]:
    return _playable(c, "favours", c.rules.favours, "a royal favour without one can never be used")


def _spells(c: Checking) -> list[Problem]:
    return _playable(c, "spells", c.rules.spells, "a spell without one can be sold but never cast")


def _spell_costs(c: Checking) -> list[Problem]:
    """A spell costs no more than a player can be expected to hold: the starting coins
    plus the income of every customer they seat, at the player count where that is most."""
    constants = c.rules.constants
    counts = sorted(set(constants.player_counts) & set(dict(constants.income)))
    if not counts:
        return []
    players = max(counts, key=lambda n: constants.income_for(n) * constants.turns_for(n))
    income, turns = constants.income_for(players), constants.turns_for(players)
    most = constants.starting_coins + income * turns
    return [
        warning(
            c.where,
            "spells",
            n,
            "unreachable-cost",
            f"cost {spell.cost!r} is more than the {most} coins a player can count on: "
            f"{constants.starting_coins} starting coins plus {income} income for each of the "
            f"{turns} customers they seat ({players} players); it may never be cast",
            ("cost",),
            f"lower the cost to at most {most}",
        )
        for n, spell in enumerate(c.rules.spells)
        if spell.cost > most
    ]


def _own_cast_triggers(c: Checking) -> list[Problem]:
    """A spell whose only action is a trigger on its own player's casting: a spell is never
    set off by its own casting, so casting it does nothing until another spell is cast."""
    return [
        warning(
            c.where,
            "spells",
            n,
            "trigger-own-cast",
            f"{spell.id!r} is not set off by its own casting: its trigger (spell_cast) first "
            "acts when you cast another spell, and casting it does nothing now",
            ("trigger", "when", "event"),
            "to act when it is cast, write that under effect:; keep the trigger for later spells",
        )
        for n, spell in enumerate(c.rules.spells)
        if spell.trigger is not None
        and spell.trigger.when.event == "spell_cast"
        and spell.trigger.when.player in ("you", "any")
        and spell.effect is None
        and not spell.curse
    ]


def _playable(
    c: Checking, kind: str, items: Sequence[FavourKind | SpellCard], consequence: str
) -> list[Problem]:
    """Favours and spells: a trigger that can act, and an effect (a warning without one)."""
    out: list[Problem] = []
    for n, item in enumerate(items):
        trigger = getattr(item, "trigger", None)
        if trigger is not None:
            out += trigger_problems(c.where, n, trigger, c.rules)
            if getattr(item, "curse", False):
                out.append(
                    c.where.problem(
                        kind,
                        n,
                        "never-applies",
                        f"{item.id!r} is the Curse, which is never cast: its trigger never acts",
                        ("trigger",),
                        "give the trigger to a spell that is cast",
                    )
                )
        if item.effect is None and trigger is None:
            out.append(
                warning(
                    c.where,
                    kind,
                    n,
                    "missing-effect",
                    f"{item.id!r} has no effect: {consequence}",
                    (),
                    "write what it does under effect: (docs: The effect DSL)",
                )
            )
        elif item.effect is not None:
            out += effect_problems(c.where, kind, n, ("effect",), item.effect, c.rules)
    return out


def _guild_tokens(c: Checking) -> list[Problem]:
    """Guild tokens are of known symbols."""
    out = []
    symbols = tuple(s.id for s in c.rules.symbols)
    for symbol, _ in c.rules.guild_tokens:
        if symbol not in symbols:
            hint = did_you_mean(symbol, symbols) or f"known: {', '.join(symbols)}"
            out.append(
                c.singles["components"].source.problem(
                    "unknown-reference",
                    f"guild tokens of unknown symbol {symbol!r}",
                    ("guild_tokens", symbol),
                    hint,
                    at_key=True,
                )
            )
    return out


def _packs(c: Checking) -> list[Problem]:
    """A pack plays with the player counts the constants cover."""
    counts = c.rules.constants.player_counts
    return [
        c.where.problem(
            "packs",
            pack.id,
            "unsupported-players",
            f"pack {pack.id!r} lists the player count {count}, which the game's constants do not cover",
            ("players", index),
            f"the content plays with {', '.join(map(str, counts))} players",
        )
        for pack in c.rules.packs
        for index, count in enumerate(pack.players)
        if count not in counts
    ]


def _options(c: Checking) -> list[Problem]:
    """A rule option's default fits it, something reads it, and a choice can be switched."""
    tested = options_tested(effect for effect in c.rules.effects() if effect is not None)
    return option_problems(c.rules.options, c.where, tested, ENGINE_OPTIONS, c.complete)


#: The check of each kind of item, in the order their problems are reported.
CHECKS: tuple[Callable[[Checking], list[Problem]], ...] = (
    _customers,
    _sides,
    _playability,
    _tracks,
    _royal_scorings,
    _dignitaries,
    _favours,
    _spells,
    _spell_costs,
    _own_cast_triggers,
    _guild_tokens,
    _packs,
    _options,
)
