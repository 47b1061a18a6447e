"""Semantic checks: what a schema cannot say about content.

References resolve, ids are unique, effects name real peoples, and the component
counts keep every supported player count playable (enough tables, cards and tiles:
the constraints any reconstruction of the unpublished components must keep).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from taverna_rules.content.model import Names, RuleOption
from taverna_rules.content.problems import Problem, did_you_mean
from taverna_rules.content.where import Where, node_paths, unknown_reference
from taverna_rules.content.yaml_source import PathItem
from taverna_rules.dsl.nodes import AtLeast, Node, OptionIs, Table
from taverna_rules.games.taverna.ruleset import (
    ENGINE_OPTIONS,
    MAX_TRIGGERED,
    TRIGGER_EVENTS,
    FavourKind,
    RuleSet,
    SpellCard,
    Trigger,
)

__all__ = ["check", "fits", "option_tests"]

SPECIAL_PEOPLE = ("card", "choice")


#: How messages name the values of an option type.
VALUE_WORDS = {"bool": "true or false", "int": "a whole number"}

#: Ops that compose other effects, and how deep they may nest: a bound on the work a
#: card may ask of the engine, well above what any card needs.
CONTROL_OPS = ("seq", "choose", "optional", "if", "repeat", "for_each")
MAX_EFFECT_DEPTH = 8

#: Ops that act on the customer card played this turn, or on its tavern of arrival.
CARD_OPS = ("add_card_symbol", "change_card_symbol", "swap_customer_people")
ARRIVAL_OPS = ("buy_deed", "place_guild_tokens")
#: Where an effect resolves -> what is never there: royal scorings at the end of the
#: game (no card, no tavern of arrival); dignitaries after seating (no customer to swap).
NEVER: dict[str, tuple[str, ...]] = {
    "royal_scoring": (*CARD_OPS, "advance_track:card", "arrival"),
    "dignitaries": ("swap_customer_people",),
    # Spells and favours are played in the turn's windows, never sent to a tavern.
    "spells": ("arrival",),
    "favours": ("arrival",),
}


def _never_applies(node: Node, context: str) -> str:
    """Why an op can never apply where its effect resolves, or an empty string."""
    never = NEVER.get(context, ())
    if node.op in never:
        return f"{node.op!r} needs a customer card being played, and there is none here"
    if node.op == "advance_track" and node.arg("people") == "card" and "advance_track:card" in never:
        return "'people: card' needs a customer card being played, and there is none here"
    if node.op in ARRIVAL_OPS and node.arg("where") == "arrival" and "arrival" in never:
        return "'where: arrival' needs a tavern a dignitary is sent to, and there is none here"
    return ""


def _never_for_others(node: Node, inner: tuple[PathItem, ...], effect: Node) -> str:
    """Why a card op in an opponent's share of a ``for_each`` never applies: the card
    played is the acting player's, and each opponent's share has none."""
    if node.op not in CARD_OPS:
        return ""
    for other, at in node_paths(effect):
        if (
            other.op == "for_each"
            and other.arg("players") not in ("all", "deed_owners")
            and inner[: len(at)] == at
        ):
            return f"{node.op!r} acts on the card you play; an opponent's share of for_each has none"
    return ""


def _effect_problems(
    where: Where,
    kind: str,
    ident: str | int,
    sub: Sequence[PathItem],
    effect: Node,
    rules: RuleSet,
) -> list[Problem]:
    """Unknown names, bad tables and dead code in one effect, each located at its node."""
    out: list[Problem] = []
    peoples = rules.people_ids()
    symbols = tuple(s.id for s in rules.symbols)
    for node, inner in node_paths(effect):
        at = (*sub, *inner, node.op)
        cond = node.arg("cond")
        if isinstance(cond, OptionIs):
            out.extend(_option_test_problems(where, kind, ident, (*at, "cond"), cond, rules))
        depth = sum(1 for step in inner if isinstance(step, str) and step in CONTROL_OPS)
        if depth > MAX_EFFECT_DEPTH:
            out.append(
                where.problem(
                    kind,
                    ident,
                    "effect-too-deep",
                    f"effects nest deeper than {MAX_EFFECT_DEPTH} control ops",
                    at,
                    "flatten the effect: nested control ops are hard to read and to play",
                )
            )
            break
        symbol = node.arg("symbol")
        if isinstance(symbol, str) and symbol not in symbols:
            out.extend(
                unknown_reference(where, kind, ident, (*at, "symbol"), "guild symbol", symbol, symbols)
            )
        people = node.arg("people")
        if isinstance(people, str) and people not in (*peoples, *SPECIAL_PEOPLE):
            known = [*peoples, *SPECIAL_PEOPLE]
            out.extend(unknown_reference(where, kind, ident, (*at, "people"), "people", people, known))
        if kind == "dignitaries" and node.op in CARD_OPS and node.op not in NEVER[kind]:
            out.append(
                _warning(
                    where,
                    kind,
                    ident,
                    "seldom-applies",
                    f"{node.op!r} changes the customer card played, which a dignitary meets only "
                    "through the extra activation (two privilege tokens) before the customer is seated",
                    at,
                    "a dignitary acts after seating: give it an effect that matters then",
                )
            )
        reason = _never_applies(node, kind) or _never_for_others(node, inner, effect)
        if reason:
            arrival = node.op in ARRIVAL_OPS and node.arg("where") == "arrival"
            hint = (
                "write where: any" if arrival and node.op == "place_guild_tokens" else "use another op here"
            )
            place = (*at, "where") if arrival else at
            out.append(where.problem(kind, ident, "never-applies", reason, place, hint))
        out.extend(_dead_code(where, kind, ident, at, node))
        for name, value in node.args:
            if isinstance(value, Table):
                out.extend(_table_problems(where, kind, ident, (*at, name, "table"), value))
    return out


#: The ops whose events a trigger watches: an effect with one of them can set off its own
#: trigger again.
TRIGGER_LOOPS = {
    "customer_seated": (),
    "track_advanced": ("advance_track", "advance_all_tracks", "remove_customer"),
    "deed_bought": ("buy_deed",),
    "spell_cast": ("grant_spell_cast",),
}


def _trigger_problems(where: Where, n: int, trigger: Trigger, rules: RuleSet) -> list[Problem]:
    """A spell's trigger: filters its event has, names that exist, its effect, and a
    warning when the effect can set the trigger off again."""
    when, at = trigger.when, ("trigger", "when")
    out: list[Problem] = []
    accepted = TRIGGER_EVENTS.get(when.event, ())
    known = {"people": rules.people_ids(), "tavern": tuple(t.id for t in rules.taverns)}
    for name, names in known.items():
        value = getattr(when, name)
        if value is None:
            continue
        if name not in accepted:
            takes = ", ".join(accepted) or "no filter but player"
            message = f"event {when.event!r} has no {name}: it takes {takes}"
            out.append(where.problem("spells", n, "trigger-filter", message, (*at, name), f"remove {name}:"))
        elif value not in names:
            out.extend(unknown_reference(where, "spells", n, (*at, name), name, value, names))
    out.extend(_effect_problems(where, "spells", n, ("trigger", "effect"), trigger.effect, rules))
    loops = [
        node.op for node, _ in node_paths(trigger.effect) if node.op in TRIGGER_LOOPS.get(when.event, ())
    ]
    if loops:
        out.append(
            _warning(
                where,
                "spells",
                n,
                "trigger-loop",
                f"the effect ({loops[0]}) can set off its own trigger ({when.event}) again: "
                f"it stops after {MAX_TRIGGERED} triggered effects an action",
                ("trigger", "effect"),
                "watch another event, or make the effect do something else",
            )
        )
    return out


def _option_test_problems(
    where: Where, kind: str, ident: str | int, at: Sequence[PathItem], cond: OptionIs, rules: RuleSet
) -> list[Problem]:
    known = [o.id for o in rules.options]
    if cond.option not in known:
        return unknown_reference(where, kind, ident, (*at, "option"), "rule option", cond.option, known)
    option = rules.option(cond.option)
    if fits(option, cond.value):
        return []
    values = VALUE_WORDS.get(option.type) or f"one of {', '.join(option.choices)}"
    if cond.value is True and option.type != "bool":
        message = f"{{option: {cond.option}}} alone tests a bool option; {cond.option!r} is a {option.type}"
        hint = f"add equals: {values}"
    else:
        message = f"the option {cond.option!r} ({option.type}) never equals {cond.value!r}"
        hint = f"equals takes {values}"
    return [where.problem(kind, ident, "option-value", message, (*at, "equals"), hint)]


def fits(option: RuleOption, value: object) -> bool:
    """Whether ``value`` is a value of ``option`` (its type, and one of its choices)."""
    expected = {"bool": bool, "int": int, "choice": str}[option.type]
    return type(value) is expected and (option.type != "choice" or value in option.choices)


def option_tests(rules: RuleSet) -> set[str]:
    """The ids of the rule options some effect of the rules tests."""
    effects: list[Node] = [
        *(effect for track in rules.tracks for _, effect in track.bonuses),
        *(scoring.effect for scoring in rules.royal_scorings),
        *(level.effect for dignitary in rules.dignitaries for level in dignitary.levels),
        *(favour.effect for favour in rules.favours if favour.effect is not None),
        *(spell.effect for spell in rules.spells if spell.effect is not None),
    ]
    out: set[str] = set()
    for effect in effects:
        for node in effect.walk():
            cond = node.arg("cond")
            if isinstance(cond, OptionIs):
                out.add(cond.option)
    return out


def _warning(
    where: Where, kind: str, ident: str | int, code: str, message: str, at: Sequence[PathItem], hint: str
) -> Problem:
    return attrs.evolve(where.problem(kind, ident, code, message, at, hint), severity="warning")


def _dead_code(
    where: Where, kind: str, ident: str | int, at: Sequence[PathItem], node: Node
) -> list[Problem]:
    """Parts of an effect that can never make a difference (warnings)."""
    out = []
    cond = node.arg("cond")
    if isinstance(cond, AtLeast) and isinstance(cond.left, int) and isinstance(cond.right, int):
        holds = cond.left >= cond.right
        out.append(
            _warning(
                where,
                kind,
                ident,
                "constant-condition",
                f"the condition is always {'true' if holds else 'false'}",
                (*at, "cond"),
                "compare a count, e.g. {at_least: [{count: coins}, 6]}",
            )
        )
    for name in ("amount", "count"):
        value = node.arg(name)
        losing = node.op == "score_vp" and isinstance(value, int) and value < 0  # a VP loss
        if isinstance(value, int) and not isinstance(value, bool) and value <= 0 and not losing:
            opposite = {"gain_coins": "pay_coins", "pay_coins": "gain_coins"}.get(node.op)
            hint = (
                f"to {'take' if node.op == 'gain_coins' else 'give'} coins, write {opposite}: "
                f"{{amount: {-value}}}"
                if opposite and value < 0
                else "use a positive amount"
            )
            out.append(
                _warning(
                    where,
                    kind,
                    ident,
                    "no-effect",
                    f"{node.op} with {name} {value} does nothing",
                    (*at, name),
                    hint,
                )
            )
    if node.op == "choose":
        seen: dict[Node, int] = {}
        for index, child in enumerate(node.children):
            if child in seen:
                out.append(
                    _warning(
                        where,
                        kind,
                        ident,
                        "duplicate-branch",
                        f"branch {index} is the same as branch {seen[child]}",
                        (*at, index),
                        "each branch of a choice should offer something different",
                    )
                )
            seen.setdefault(child, index)
    return out


def _table_problems(
    where: Where, kind: str, ident: str | int, at: Sequence[PathItem], table: Table
) -> list[Problem]:
    if len(table.at_least) != len(table.points):
        return [
            where.problem(
                kind, ident, "table-shape", "a table needs as many 'points' as 'at_least' thresholds", at
            )
        ]
    if list(table.at_least) != sorted(set(table.at_least)):
        return [where.problem(kind, ident, "table-order", "table thresholds must strictly increase", at)]
    if isinstance(table.of, int):
        return [
            _warning(
                where,
                kind,
                ident,
                "constant-table",
                f"the table looks up the constant {table.of}: it always scores the same",
                (*at, "of"),
                "look up a count, e.g. {count: favours_owned}",
            )
        ]
    return []


def check(rules: RuleSet, where: Where, singles: dict[str, Any], complete: bool = True) -> list[Problem]:
    """Every semantic problem of a structured rule set.

    ``complete`` is false when items were left out for schema problems: the counting checks
    (enough cards, tiles, spells... for each player count) are then skipped, since they
    would count what is missing.
    """
    problems: list[Problem] = []
    peoples = rules.people_ids()
    symbols = tuple(s.id for s in rules.symbols)
    tavern_ids = tuple(t.id for t in rules.taverns)
    named: list[tuple[str, Names]] = [
        *((p.id, p.name) for p in rules.peoples),
        *((s.id, s.name) for s in rules.symbols),
        *((t.id, t.name) for t in rules.taverns),
    ]
    for ident, names in named:
        for lang in ("en", "fr", "nl"):
            where.aliases.setdefault(names.get(lang).lower(), ident)
    k = rules.constants

    for n, card in enumerate(rules.customers):
        for i, people in enumerate(card.peoples):
            if people not in peoples:
                problems.extend(
                    unknown_reference(where, "customers", n, ("peoples", i), "people", people, peoples)
                )
        for i, symbol in enumerate(card.symbols):
            if symbol not in symbols:
                problems.extend(
                    unknown_reference(where, "customers", n, ("symbols", i), "guild symbol", symbol, symbols)
                )
        for key, values, what in (("peoples", card.peoples, "people"), ("symbols", card.symbols, "symbol")):
            for i, value in enumerate(values):
                if value in values[:i]:
                    problems.append(
                        where.problem(
                            "customers",
                            n,
                            "repeated-value",
                            f"the {what} {value!r} is listed twice on this card",
                            (key, i),
                            "list each only once",
                        )
                    )

    for side in rules.sides:
        for tid, layout in side.layouts:
            if tid not in tavern_ids:
                problems.extend(
                    unknown_reference(where, "sides", side.id, ("taverns", tid), "tavern", tid, tavern_ids)
                )
            if layout.symbol not in symbols:
                problems.extend(
                    unknown_reference(
                        where,
                        "sides",
                        side.id,
                        ("taverns", tid, "symbol"),
                        "guild symbol",
                        layout.symbol,
                        symbols,
                    )
                )
            for i, people in enumerate(layout.tables):
                if people not in peoples:
                    problems.extend(
                        unknown_reference(
                            where,
                            "sides",
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
                        "sides",
                        side.id,
                        "deed-unaffordable",
                        f"two deeds at this tavern's top price cost more than "
                        f"the {k.starting_coins} starting coins",
                        ("taverns", tid, "deeds"),
                    )
                )
        for tid in sorted(set(tavern_ids) - {tid for tid, _ in side.layouts}):
            # A new tavern is its pack's to lay out; a new side, its pack's to complete.
            blank = f"{tid}: {{symbol: ..., tables: [...], deeds: [...]}}"
            if where.newer(("taverns", tid), ("sides", side.id)):
                kind, ident, sub = "taverns", tid, ("id",)
                hint = (
                    f"lay it out in a board file: layouts: {{{side.id}: {{{blank}}}}} "
                    "(docs: authoring, Adding a tavern)"
                )
            else:
                kind, ident, sub = "sides", side.id, ("taverns",)
                hint = f"add it to this side's taverns: {blank}"
            problems.append(
                where.problem(
                    kind,
                    ident,
                    "missing-tavern",
                    f"tavern {tid!r} has no layout on board side {side.id!r}",
                    sub,
                    hint,
                )
            )

    uncovered = _constants_coverage(rules, singles)
    counted = [*uncovered]
    if complete and not uncovered:
        counted.extend(_count_problems(rules, where, singles))
    problems.extend(_blame_changed_constants(counted, where.constants_changed))
    for n, track in enumerate(rules.tracks):
        if track.people not in peoples:
            problems.extend(
                unknown_reference(where, "tracks", n, ("people",), "people", track.people, peoples)
            )
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
            problems.extend(_effect_problems(where, "tracks", n, ("bonuses", str(position)), effect, rules))
    for n, scoring in enumerate(rules.royal_scorings):
        problems.extend(_effect_problems(where, "royal_scoring", n, ("effect",), scoring.effect, rules))
    for n, dignitary in enumerate(rules.dignitaries):
        for index, level in enumerate(dignitary.levels):
            problems.extend(
                _effect_problems(where, "dignitaries", n, ("levels", index, "effect"), level.effect, rules)
            )
    playable: tuple[tuple[str, Sequence[FavourKind | SpellCard], str], ...] = (
        ("favours", rules.favours, "a royal favour without one can never be used"),
        ("spells", rules.spells, "a spell without one can be sold but never cast"),
    )
    for kind, items, consequence in playable:
        for n, item in enumerate(items):
            trigger = getattr(item, "trigger", None)
            if trigger is not None:
                problems.extend(_trigger_problems(where, n, trigger, rules))
                if getattr(item, "curse", False):
                    problems.append(
                        where.problem(
                            kind,
                            n,
                            "never-applies",
                            f"{item.id!r} is the Curse, which is never cast: its trigger never acts",
                            ("trigger",),
                            "give the trigger to a spell that is cast",
                        )
                    )
            if item.effect is None and trigger is None:
                problems.append(
                    _warning(
                        where,
                        kind,
                        n,
                        "missing-effect",
                        f"{item.id!r} has no effect: {consequence}",
                        (),
                        "write what it does under effect: (docs: The effect DSL)",
                    )
                )
            elif item.effect is not None:
                problems.extend(_effect_problems(where, kind, n, ("effect",), item.effect, rules))

    for symbol, _ in rules.guild_tokens:
        if symbol not in symbols:
            hint = did_you_mean(symbol, symbols) or f"known: {', '.join(symbols)}"
            problems.append(
                singles["components"].source.problem(
                    "unknown-reference",
                    f"guild tokens of unknown symbol {symbol!r}",
                    ("guild_tokens", symbol),
                    hint,
                    at_key=True,
                )
            )
    for pack in rules.packs:
        for index, count in enumerate(pack.players):
            if count not in k.player_counts:
                problems.append(
                    where.problem(
                        "packs",
                        pack.id,
                        "unsupported-players",
                        f"pack {pack.id!r} lists the player count {count}, which the game's constants "
                        "do not cover",
                        ("players", index),
                        f"the content plays with {', '.join(map(str, k.player_counts))} players",
                    )
                )
    tested = option_tests(rules)
    for n, option in enumerate(rules.options):
        if not fits(option, option.default):
            problems.append(
                where.problem(
                    "options",
                    n,
                    "bad-option-default",
                    f"default {option.default!r} does not fit type {option.type!r}",
                    ("default",),
                    VALUE_WORDS.get(option.type) or f"one of {', '.join(option.choices)}",
                )
            )
        if option.id not in ENGINE_OPTIONS and option.id not in tested and complete:
            problems.append(
                _warning(
                    where,
                    "options",
                    n,
                    "option-unused",
                    f"nothing reads the option {option.id!r}: setting it changes no rule",
                    ("id",),
                    f"test it in an effect ({{if: {{cond: {{option: {option.id}}}}}, ...}}); "
                    f"the engine itself reads {', '.join(ENGINE_OPTIONS)}",
                )
            )
        elif option.type == "choice" and len(set(option.choices)) < 2:
            problems.append(
                _warning(
                    where,
                    "options",
                    n,
                    "option-unreachable",
                    "a choice option with fewer than two choices can never be switched",
                    ("choices",),
                    "list at least two choices",
                )
            )
    return problems


#: The constants each playability problem depends on.
COUNT_INPUTS: dict[str, tuple[str, ...]] = {
    "constants-coverage": ("turns", "income", "royal_scorings_per_player"),
    "side-coverage": ("turns",),
    "too-few-tables": ("turns",),
    "too-few-cards": ("turns", "row_size"),
    "too-few-tiles": ("turns",),
    "too-few-deeds": ("deeds_per_player",),
    "deed-unaffordable": ("starting_coins",),
    "too-few-spells": ("spell_hand",),
    "too-few-royal-scorings": ("royal_scorings_per_player",),
    "too-few-favours": ("castle_size",),
}


def _blame_changed_constants(problems: list[Problem], changed: dict[str, str]) -> list[Problem]:
    """Playability problems whose constants a pack changed say where it changed them: the
    file the problem points at is often the base game's, which the author did not touch."""
    out = []
    for problem in problems:
        inputs = COUNT_INPUTS.get(problem.code, ())
        causes = [f"{name} was changed at {changed[name]}" for name in inputs if name in changed]
        hint = "; ".join(filter(None, [problem.hint, *causes]))
        out.append(attrs.evolve(problem, hint=hint) if causes else problem)
    return out


def _constants_coverage(rules: RuleSet, singles: dict[str, Any]) -> list[Problem]:
    """Every number given per player count covers the counts ``turns`` lists."""
    k = rules.constants
    counts = set(k.player_counts)
    out = []
    for name, pairs in (("income", k.income), ("royal_scorings_per_player", k.royal_scorings_per_player)):
        missing = sorted(counts - {n for n, _ in pairs})
        if missing:
            out.append(
                singles["game"].source.problem(
                    "constants-coverage",
                    f"{name} gives no number for {', '.join(map(str, missing))} players, which 'turns' lists",
                    ("constants", name),
                    "give each per-player-count constant the same player counts",
                )
            )
    return out


def _count_problems(rules: RuleSet, where: Where, singles: dict[str, Any]) -> list[Problem]:
    """Whether the components keep every supported player count playable."""
    problems: list[Problem] = []
    peoples = rules.people_ids()
    k = rules.constants
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
                    "sides",
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
                    singles["components"].source.problem(
                        "too-few-tiles",
                        f"{tiles.get(people, 0)} {people} tiles, but {min(showing, seatings)} "
                        f"cards could ask for one with {count} players",
                        ("customer_tiles", people),
                        "add tiles or remove cards of that people",
                    )
                )
        deck = sum(s.copies for s in rules.spells if not s.curse)
        if count * k.spell_hand > deck:
            problems.append(
                Problem(
                    "too-few-spells",
                    f"{deck} spell cards (the Curse aside), {count * k.spell_hand} needed to deal "
                    f"{k.spell_hand} to each of {count} players",
                    hint="add spells or copies",
                )
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
                    "sides",
                    side.id,
                    "too-few-deeds",
                    f"the deed draft needs 2 deeds in different taverns for each of {count} players",
                )
            )

    for index, people in enumerate(peoples):
        if people not in {t.people for t in rules.tracks}:
            removal = where.removed.get(("tracks", people))
            if removal is not None:  # the pack that removed it is the one to fix
                source, path = removal
                hint = "every people needs its track: keep it, or replace it with 'merge: replace'"
            else:
                source, path = singles["game"].source, ("peoples", index, "id")
                hint = f"declare one in a tracks file: tracks: [{{people: {people}, bonuses: {{...}}}}]"
            problems.append(source.problem("missing-track", f"no track for people {people!r}", path, hint))
    small = sum(1 for t in rules.taverns if t.size == "small")
    if len(rules.dignitaries) > small:
        problems.append(
            where.problem(
                "dignitaries",
                len(rules.dignitaries) - 1,
                "too-many-dignitaries",
                f"{len(rules.dignitaries)} dignitaries for {small} small taverns: each starts in a "
                "small tavern of its own",
                ("id",),
                "add a small tavern in a board file (taverns: [{id: ..., size: small, name: ...}] "
                "and its layout on every side under layouts:; docs: authoring, Adding a tavern), "
                "or remove a dignitary",
            )
        )
    if rules.privilege_tokens < len(rules.taverns):
        problems.append(
            singles["components"].source.problem(
                "too-few-privileges",
                f"{rules.privilege_tokens} privilege tokens for {len(rules.taverns)} taverns",
                ("privilege_tokens",),
                "every tavern starts with a privilege token",
            )
        )
    favour_tiles = sum(f.copies for f in rules.favours)
    if favour_tiles < k.castle_size:
        problems.append(
            Problem(
                "too-few-favours",
                f"the castle shows {k.castle_size} royal favours, but only {favour_tiles} favour tiles exist",
                hint="add favours or copies, or lower castle_size",
            )
        )
    curses = [n for n, s in enumerate(rules.spells) if s.curse]
    for n in curses[1:]:
        problems.append(
            where.problem(
                "spells",
                n,
                "too-many-curses",
                f"{rules.spells[n].id!r} is a second Curse (the first is {rules.spells[curses[0]].id!r})",
                ("curse",),
                "at most one spell kind is the Curse",
            )
        )

    return problems
