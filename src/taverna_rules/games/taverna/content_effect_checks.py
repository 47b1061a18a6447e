"""The checks of one effect of Taverna's content: names that exist, conditions on rule
options that can hold, effects that can apply where they resolve, tables of the right
shape, and parts that never make a difference (warnings).

Each check of a node is a small function in :data:`NODE_CHECKS`, run in order on every
node of the effect; a spell's trigger adds its own (:func:`trigger_problems`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from taverna_rules.content.amounts import POSITIVE, no_effect
from taverna_rules.content.option_checks import condition_problems
from taverna_rules.content.problems import Problem
from taverna_rules.content.where import Where, node_paths, unknown_reference
from taverna_rules.content.yaml_source import PathItem
from taverna_rules.dsl.evaluate import compare
from taverna_rules.dsl.nodes import Compare, Node, Table
from taverna_rules.dsl.ops import CONTROL_OPS
from taverna_rules.games.taverna.ruleset import MAX_TRIGGERED, TRIGGER_EVENTS, RuleSet, Trigger

__all__ = [
    "MAX_EFFECT_DEPTH",
    "NODE_CHECKS",
    "NodeAt",
    "effect_problems",
    "trigger_problems",
    "warning",
]

SPECIAL_PEOPLE = ("card", "choice")

#: How deep control ops may nest: a bound on the work a card may ask of the engine, well
#: above what any card needs.
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

#: Where an effect resolves -> why ``for_each: {players: deed_owners}`` (the owners of a
#: deed of the tavern where this turn's customer sits) may find nobody there, and whether
#: it always does (``never-applies``, an error) or only at some moments (``empty-target``,
#: a warning, given when the effect takes from them: a gain for every owner is meant). A trigger's effect is
#: left out: its event says when it resolves.
EMPTY_DEED_OWNERS: dict[str, tuple[bool, str]] = {
    "royal_scoring": (
        True,
        "a royal scoring resolves at the end of the game, when no customer sits: "
        "deed_owners is always nobody",
    ),
    "spells": (
        False,
        "a spell cast before your customer sits finds no deed owners, and once it sits "
        "you are one of them whenever you own a deed in its tavern: what they lose, you lose",
    ),
    "favours": (
        False,
        "a favour used before your customer sits finds no deed owners, and once it sits "
        "you are one of them whenever you own a deed in its tavern: what they lose, you lose",
    ),
}

#: Ops that give the player who acts nothing (a VP loss aside, told by its amount): an
#: effect made of these alone outside any for_each does nothing its caster wants, so a VP
#: loss in it is meant for others.
COST_OPS = ("pay_coins", "seq", "for_each")

#: The ops whose events a trigger watches: an effect with one of them can set off its own
#: trigger again.
TRIGGER_LOOPS = {
    "customer_seated": (),
    "track_advanced": ("advance_track", "advance_all_tracks", "remove_customer"),
    "deed_bought": ("buy_deed",),
    "spell_cast": ("grant_spell_cast",),
}


def warning(
    where: Where, kind: str, ident: str | int, code: str, message: str, at: Sequence[PathItem], hint: str
) -> Problem:
    """A problem that does not stop the content from loading, located as
    :meth:`~taverna_rules.content.where.Where.problem` locates one."""
    return attrs.evolve(where.problem(kind, ident, code, message, at, hint), severity="warning")


@attrs.frozen
class NodeAt:
    """One node of an effect being checked, and where it is: the item holding the effect
    (its kind and id or index), the path to the node's op in the item's YAML (``at``) and
    inside the effect (``inner``)."""

    where: Where
    kind: str
    ident: str | int
    at: tuple[PathItem, ...]
    inner: tuple[PathItem, ...]
    node: Node
    effect: Node
    rules: RuleSet

    def problem(self, code: str, message: str, sub: Sequence[PathItem], hint: str = "") -> Problem:
        """An error at ``sub`` under the item."""
        return self.where.problem(self.kind, self.ident, code, message, sub, hint)

    def warning(self, code: str, message: str, sub: Sequence[PathItem], hint: str) -> Problem:
        """A warning at ``sub`` under the item."""
        return warning(self.where, self.kind, self.ident, code, message, sub, hint)

    def unknown(self, name: str, what: str, value: str, known: Sequence[str]) -> list[Problem]:
        """An unknown reference in the node's argument ``name``."""
        return unknown_reference(self.where, self.kind, self.ident, (*self.at, name), what, value, known)


def effect_problems(
    where: Where,
    kind: str,
    ident: str | int,
    sub: Sequence[PathItem],
    effect: Node,
    rules: RuleSet,
) -> list[Problem]:
    """Unknown names, bad tables and dead code in one effect, each located at its node.

    An effect nested deeper than :data:`MAX_EFFECT_DEPTH` control ops is reported once, at
    its first node that deep, and not checked further."""
    out: list[Problem] = []
    for node, inner in node_paths(effect):
        at = NodeAt(where, kind, ident, (*sub, *inner, node.op), inner, node, effect, rules)
        out.extend(_option_test(at))
        depth = sum(1 for step in inner if isinstance(step, str) and step in CONTROL_OPS)
        if depth > MAX_EFFECT_DEPTH:
            out.append(
                at.problem(
                    "effect-too-deep",
                    f"effects nest deeper than {MAX_EFFECT_DEPTH} control ops",
                    at.at,
                    "flatten the effect: nested control ops are hard to read and to play",
                )
            )
            break
        for check in NODE_CHECKS:
            out.extend(check(at))
    return out


def _option_test(at: NodeAt) -> list[Problem]:
    """A condition on a rule option names an option, and a value it can take."""
    path = (*at.at, "cond")
    return condition_problems(at.where, at.kind, at.ident, path, at.node.arg("cond"), at.rules.options)


def _unknown_symbol(at: NodeAt) -> list[Problem]:
    symbol = at.node.arg("symbol")
    symbols = tuple(s.id for s in at.rules.symbols)
    if isinstance(symbol, str) and symbol not in symbols:
        return at.unknown("symbol", "guild symbol", symbol, symbols)
    return []


def _unknown_people(at: NodeAt) -> list[Problem]:
    people = at.node.arg("people")
    known = [*at.rules.people_ids(), *SPECIAL_PEOPLE]
    if isinstance(people, str) and people not in known:
        return at.unknown("people", "people", people, known)
    return []


def _seldom_applies(at: NodeAt) -> list[Problem]:
    """A dignitary meets the customer card played only through its extra activation."""
    op = at.node.op
    if at.kind != "dignitaries" or op not in CARD_OPS or op in NEVER[at.kind]:
        return []
    return [
        at.warning(
            "seldom-applies",
            f"{op!r} changes the customer card played, which a dignitary meets only "
            "through the extra activation (two privilege tokens) before the customer is seated",
            at.at,
            "a dignitary acts after seating: give it an effect that matters then",
        )
    ]


def _never_applies(at: NodeAt) -> list[Problem]:
    """An op that needs what is never there where the effect resolves."""
    node = at.node
    reason = _never_here(node, at.kind) or _never_for_others(node, at.inner, at.effect)
    if not reason:
        return []
    arrival = node.op in ARRIVAL_OPS and node.arg("where") == "arrival"
    hint = "write where: any" if arrival and node.op == "place_guild_tokens" else "use another op here"
    place = (*at.at, "where") if arrival else at.at
    return [at.problem("never-applies", reason, place, hint)]


def _never_here(node: Node, context: str) -> str:
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


def _empty_target(at: NodeAt) -> list[Problem]:
    """``deed_owners`` where the effect resolves with no customer seated this turn."""
    known = EMPTY_DEED_OWNERS.get(at.kind)
    if (
        at.node.op != "for_each"
        or at.node.arg("players") != "deed_owners"
        or known is None
        or at.at[:1] == ("trigger",)
    ):
        return []
    always, reason = known
    if not always and not _takes(at.node):
        return []  # a gain for every owner, the player among them, is what such cards mean
    hint = "to aim at the other players, write players: opponents (or chosen_opponent)"
    place = (*at.at, "players")
    if always:
        return [at.problem("never-applies", reason, place, hint)]
    return [at.warning("empty-target", reason, place, hint)]


def _takes(effect: Node) -> bool:
    """Whether the effect takes from its player somewhere (coins paid, VP lost)."""
    for node in effect.walk():
        amount = node.arg("amount")
        if node.op == "pay_coins" or (node.op == "score_vp" and isinstance(amount, int) and amount < 0):
            return True
    return False


def _caster_loss(at: NodeAt) -> list[Problem]:
    """A VP loss outside any for_each, in a spell or favour that does nothing else for
    its caster: the loss falls on the caster, though the card is plainly aimed at others."""
    amount = at.node.arg("amount")
    if (
        at.kind not in ("spells", "favours")
        or at.node.op != "score_vp"
        or not isinstance(amount, int)
        or amount >= 0
        or "for_each" in at.inner
        or not _only_costs(at.effect)
    ):
        return []
    return [
        at.warning(
            "caster-loss",
            f"score_vp with amount {amount!r} makes the player who plays it lose {-amount} VP: "
            "outside for_each an effect acts on that player, and this one does nothing else for them",
            (*at.at, "amount"),
            f"to make the opponents lose it, write for_each: {{players: opponents, "
            f"effect: {{score_vp: {{amount: {amount}}}}}}}",
        )
    ]


def _only_costs(effect: Node) -> bool:
    """Whether the effect, outside its for_each parts, only takes from its player."""
    for node, inner in node_paths(effect):
        amount = node.arg("amount")
        losing = node.op == "score_vp" and isinstance(amount, int) and amount < 0
        if not (losing or node.op in COST_OPS or "for_each" in inner):
            return False
    return True


def _constant_condition(at: NodeAt) -> list[Problem]:
    """A comparison of two numbers is always true or always false."""
    cond = at.node.arg("cond")
    if not (isinstance(cond, Compare) and isinstance(cond.left, int) and isinstance(cond.right, int)):
        return []
    holds = compare(cond.relation, cond.left, cond.right)
    return [
        at.warning(
            "constant-condition",
            f"the condition is always {'true' if holds else 'false'}",
            (*at.at, "cond"),
            "compare a count, e.g. {at_least: [{count: coins}, 6]}",
        )
    ]


def _no_effect(at: NodeAt) -> list[Problem]:
    """An amount or count of zero or less does nothing (a VP loss aside)."""
    return no_effect(
        at.where, at.kind, at.ident, at.at, at.node, ("amount", "count"), ("score_vp",), _coins_hint
    )


def _coins_hint(node: Node, value: int) -> str:
    """Coins taken or given below zero are the other op's coins."""
    opposite = {"gain_coins": "pay_coins", "pay_coins": "gain_coins"}.get(node.op)
    if opposite and value < 0:
        verb = "take" if node.op == "gain_coins" else "give"
        return f"to {verb} coins, write {opposite}: {{amount: {-value}}}"
    return POSITIVE


def _duplicate_branch(at: NodeAt) -> list[Problem]:
    """Two branches of a choice that are the same offer no choice."""
    if at.node.op != "choose":
        return []
    out = []
    seen: dict[Node, int] = {}
    for index, child in enumerate(at.node.children):
        if child in seen:
            out.append(
                at.warning(
                    "duplicate-branch",
                    f"branch {index} is the same as branch {seen[child]}",
                    (*at.at, index),
                    "each branch of a choice should offer something different",
                )
            )
        seen.setdefault(child, index)
    return out


def _tables(at: NodeAt) -> list[Problem]:
    """Each table argument of the node has a shape that scores."""
    out = []
    for name, value in at.node.args:
        if isinstance(value, Table):
            out.extend(_table_problems(at, (*at.at, name, "table"), value))
    return out


def _table_problems(at: NodeAt, path: Sequence[PathItem], table: Table) -> list[Problem]:
    if len(table.at_least) != len(table.points):
        return [at.problem("table-shape", "a table needs as many 'points' as 'at_least' thresholds", path)]
    if list(table.at_least) != sorted(set(table.at_least)):
        return [at.problem("table-order", "table thresholds must strictly increase", path)]
    if isinstance(table.of, int):
        return [
            at.warning(
                "constant-table",
                f"the table looks up the constant {table.of}: it always scores the same",
                (*path, "of"),
                "look up a count, e.g. {count: favours_owned}",
            )
        ]
    if len(set(table.points)) == 1 and len(table.points) > 1:
        return [
            at.warning(
                "constant-table",
                f"the table pays {table.points[0]} at every threshold: the thresholds after the "
                "first change nothing",
                (*path, "points"),
                "give each threshold its own points, or keep only the first threshold",
            )
        ]
    return []


#: The checks of each node of an effect, in the order their problems are reported (a
#: condition on a rule option and the nesting depth come first, in effect_problems).
NODE_CHECKS: tuple[Callable[[NodeAt], list[Problem]], ...] = (
    _unknown_symbol,
    _unknown_people,
    _seldom_applies,
    _never_applies,
    _empty_target,
    _caster_loss,
    _constant_condition,
    _no_effect,
    _duplicate_branch,
    _tables,
)


def trigger_problems(where: Where, n: int, trigger: Trigger, rules: RuleSet) -> list[Problem]:
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
    out.extend(effect_problems(where, "spells", n, ("trigger", "effect"), trigger.effect, rules))
    loops = [
        node.op for node, _ in node_paths(trigger.effect) if node.op in TRIGGER_LOOPS.get(when.event, ())
    ]
    if loops:
        out.append(
            warning(
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
