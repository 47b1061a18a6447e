"""The ops of the effect DSL: what an op is (:class:`OpSpec`: its name, kind, argument
schema, doc, example and rules text) and the control ops every game shares
(:func:`control_ops`), which compose other effects. A game adds its own primitive ops
and gathers them all in its :class:`~taverna_rules.dsl.vocabulary.Vocabulary`."""

from __future__ import annotations

from typing import Literal

import attrs

from taverna_rules.dsl.schema import COND, EFFECT, JSON, args_schema, or_expression
from taverna_rules.dsl.text import Text

__all__ = ["LIST_OPS", "MAX_REPEAT", "OpSpec", "control_ops"]

#: The most times a ``repeat`` resolves its effect.
MAX_REPEAT = 10

#: The control ops that hold a list of effects (the others hold one, or two for ``if``).
LIST_OPS = ("seq", "each_possible", "choose")


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


def control_ops(targets: tuple[str, ...], targets_doc: str) -> tuple[OpSpec, ...]:
    """The control ops, which compose other effects: ``seq``, ``each_possible``,
    ``choose``, ``optional``, ``if``, ``for_each`` (over the game's ``targets``, described
    by ``targets_doc``; left out for a game with no targets) and ``repeat``. They mean the
    same in every game: what each resolves is here and in :mod:`taverna_rules.core.effects`,
    when each applies in :func:`taverna_rules.core.effects.control_applies`."""
    ops = (
        OpSpec(
            "seq",
            "control",
            {"type": "array", "items": EFFECT, "minItems": 1, "maxItems": 16},
            "Resolve the effects in order. The sequence applies (a card with it may be played, "
            "a choice offers it) only when every effect of it would do something; once under "
            "way, an effect that can no longer do anything does nothing. For 'do what you can', "
            "write ``each_possible``.",
            "seq:\n  - gain_coins: {amount: 2}\n  - score_vp: {amount: 1}",
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
            "each_possible:\n  - gain_privileges: {count: 1}\n  - draw_spells: {count: 1}",
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
            "The acting player chooses one of the effects.",
            "choose:\n  - gain_coins: {amount: 3}\n  - draw_spells: {count: 1}",
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
            "optional: {gain_privileges: {count: 1}}",
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
            "``{at_least: [a, b]}`` (amount a is at least amount b) or ``{option: id}`` (a bool rule "
            "option is on; ``{option: id, equals: value}`` for another value): a pack declares its own "
            "options and tests them so.",
            "if:\n  cond: {at_least: [{count: coins}, 6]}\n  then: {score_vp: {amount: 2}}",
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
            "for_each: {players: opponents, effect: {pay_coins: {amount: 1}}}",
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
            f"{{count: deeds_owned}} (at most {MAX_REPEAT}; none when it is 0 or less).",
            "repeat: {times: 2, effect: {draw_spells: {count: 1}}}",
            Text(
                en="{times} times: {children}",
                fr="{times} fois : {children}",
                nl="{times} keer: {children}",
            ),
        ),
    )
    return tuple(op for op in ops if op.name != "for_each" or targets)
