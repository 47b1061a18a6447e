"""The ops of the effect DSL: what an op is (:class:`OpSpec`: its name, kind, argument
schema, doc, example and rules text) and the control ops every game shares
(:func:`control_ops`), which compose other effects. A game adds its own primitive ops
and gathers them all in its :class:`~taverna_rules.dsl.vocabulary.Vocabulary`."""

from __future__ import annotations

from typing import Literal

import attrs

from taverna_rules.dsl.schema import COND, EFFECT, JSON, args_schema, or_expression
from taverna_rules.dsl.text import Text

__all__ = ["CONTROL_OPS", "LIST_OPS", "MAX_REPEAT", "ExampleOps", "OpSpec", "control_ops"]

#: The most times a ``repeat`` resolves its effect.
MAX_REPEAT = 10

#: The control ops that hold a list of effects (the others hold one, or two for ``if``).
LIST_OPS = ("seq", "each_possible", "choose")
#: The names of every control op (``for_each`` only in a game whose players it can target).
CONTROL_OPS = frozenset({*LIST_OPS, "optional", "if", "repeat", "for_each"})


@attrs.frozen
class OpSpec:
    """One op of the effect DSL: its name, kind, argument schema, doc, example and text."""

    name: str
    kind: Literal["control", "primitive"]
    schema: JSON = attrs.field(eq=False)
    doc: str
    example: str
    #: The op's rules-text template in each language.
    text: Text

    @property
    def template(self) -> str:
        """The English template (``text.en``)."""
        return self.text.en


#: The two ops and the count a game's control-op examples are written with.
ExampleOps = tuple[str, str, str]


def control_ops(targets: tuple[str, ...], targets_doc: str, words: ExampleOps) -> tuple[OpSpec, ...]:
    """The control ops, which compose other effects: ``seq``, ``each_possible``,
    ``choose``, ``optional``, ``if``, ``for_each`` (over the game's ``targets``, described
    by ``targets_doc``; left out for a game with no targets) and ``repeat``. They mean the
    same in every game: what each resolves is here and in :mod:`taverna_rules.core.effects`,
    when each applies in :func:`taverna_rules.core.effects.control_applies`.

    Their examples are written in the game's own words: ``words`` is two of its ops as
    flow-style YAML mappings and one of its counts (``("gain_coins: {amount: 2}",
    "draw_spells: {count: 1}", "coins")``), so an author reads examples that validate."""
    one, two, count = words
    ops = (
        OpSpec(
            "seq",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 1, "maxItems": 16},
            "Resolve the effects in order. The sequence applies (a card with it may be played, "
            "a choice offers it) only when every effect of it would do something; once under "
            "way, an effect that can no longer do anything does nothing. For 'do what you can', "
            "write ``each_possible``.",
            f"seq:\n  - {one}\n  - {two}",
            Text(
                en="{children}",
                fr="{children}",
                nl="{children}",
            ),
        ),
        OpSpec(
            "each_possible",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 2, "maxItems": 16},
            "Resolve, in order, each of the effects that can do something: it applies when at "
            "least one of them would, and the others are passed over (in Cavern Tavern, a die "
            "turned without a step on the Nasty track, or the reverse). ``seq`` needs every "
            "effect.",
            f"each_possible:\n  - {one}\n  - {two}",
            Text(
                en="as much as you can of: {children}",
                fr="autant que possible de : {children}",
                nl="zoveel als mogelijk van: {children}",
            ),
        ),
        OpSpec(
            "choose",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 2, "maxItems": 8},
            "The acting player chooses one of the effects that would do something now (when "
            "one is left, it resolves without asking; when none is, the choice is skipped).",
            f"choose:\n  - {one}\n  - {two}",
            Text(
                en="choose one: {children}",
                fr="au choix : {children}",
                nl="kies één: {children}",
            ),
        ),
        OpSpec(
            "optional",
            "control",
            EFFECT,
            "The acting player may resolve the effect or decline it.",
            f"optional: {{{two}}}",
            Text(
                en="you may {children}",
                fr="si vous le souhaitez, {children}",
                nl="indien gewenst: {children}",
            ),
        ),
        OpSpec(
            "if",
            "control",
            args_schema({"cond": COND, "then": EFFECT, "else": EFFECT}, ("cond", "then")),
            "Resolve ``then`` when the condition holds, else ``else`` (if given). A condition is "
            "``{at_least: [a, b]}`` (amount a is at least amount b; ``at_most`` and ``exactly`` "
            "compare the other ways) or ``{option: id}`` (a bool rule "
            "option is on; ``{option: id, equals: value}`` for another value): a pack declares its own "
            "options and tests them so.",
            f"if:\n  cond: {{at_least: [{{count: {count}}}, 2]}}\n  then: {{{one}}}",
            Text(
                en="if {cond}: {children}",
                fr="si {cond} : {children}",
                nl="als {cond}: {children}",
            ),
        ),
        OpSpec(
            "for_each",
            "control",
            args_schema(
                {
                    "players": {"enum": list(targets), "description": targets_doc},
                    "effect": EFFECT,
                },
                ("players", "effect"),
            ),
            "Resolve the effect for each of several players, clockwise, each acting as "
            "'you' in it (their coins, their tracks, their choices); a player for whom it "
            "would do nothing is skipped.",
            f"for_each: {{players: {targets[0] if targets else ''}, effect: {{{one}}}}}",
            Text(
                en="{players}: {children}",
                fr="{players} : {children}",
                nl="{players}: {children}",
            ),
        ),
        OpSpec(
            "repeat",
            "control",
            args_schema(
                {
                    "times": or_expression({"type": "integer", "minimum": 1, "maximum": MAX_REPEAT}),
                    "effect": EFFECT,
                },
                ("times", "effect"),
            ),
            f"Resolve the effect a number of times: a number, or an expression such as "
            f"{{count: {count}}} (at most {MAX_REPEAT}; none when it is 0 or less).",
            f"repeat: {{times: 2, effect: {{{two}}}}}",
            Text(
                en="{times} times: {children}",
                fr="{times} fois : {children}",
                nl="{times} keer: {children}",
            ),
        ),
    )
    return tuple(op for op in ops if op.name != "for_each" or targets)
