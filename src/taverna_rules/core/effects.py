"""The effect DSL at run time, for any game: control ops walk the tree on the stack,
choices become decisions, primitive ops run the game's executors.

An ``effect`` task points at a node by ref and path (:class:`~taverna_rules.core.records.Task`);
``seq`` and ``each_possible`` push their children, ``choose`` and ``optional`` ask the player (the decision
``effect_choice``, answered by :class:`ChooseOption`), ``if`` tests its condition,
``repeat`` pushes its child a bounded number of times, and every other op runs the
game's executor. A game gives its executors, its :class:`~taverna_rules.dsl.evaluate.Evaluator`
and the handlers of control ops of its own (Taverna's ``for_each``) to an
:class:`EffectRuntime` and installs it on its :class:`~taverna_rules.core.flow.Flow`.
Nothing here loops without a bound: ``repeat`` is capped and trees are finite.

When a control op *applies* (would do something, so a card with it may be played and a
choice offers it) is decided once for every game, by :func:`control_applies`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from taverna_rules.core.action import shared
from taverna_rules.core.choices import ChooseOption
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.engine import Engine
from taverna_rules.core.flow import Flow
from taverna_rules.core.records import Task
from taverna_rules.dsl.evaluate import Evaluator
from taverna_rules.dsl.nodes import Compare, Node, OptionIs
from taverna_rules.dsl.ops import CONTROL_OPS, MAX_REPEAT
from taverna_rules.dsl.text import Text, fill

__all__ = [
    "APPLICABILITY_OF_CONTROLS",
    "EFFECT",
    "EFFECT_CHOICE",
    "ChooseOption",
    "option_label",
    "EffectRuntime",
    "Executor",
    "child",
    "control_applies",
]

#: The step that resolves an effect (``Task(EFFECT, seat, ref, path)``), and the decision
#: of an effect's choice: the step kinds the effect runtime installs on a game's flow.
EFFECT = "effect"
EFFECT_CHOICE = "effect_choice"

#: How a primitive (or a game's own control) op resolves: ``executor(engine, task, node)``.
Executor = Callable[[Engine, Task, Node], None]


def child(task: Task, index: int) -> Task:
    """The ``effect`` task of child ``index`` of the node ``task`` points at."""
    return Task(EFFECT, task.player, task.ref, (*task.path, index))


#: The control ops whose applicability :func:`control_applies` decides (``for_each``
#: is the game's: who it falls on is the game's ``targets``).
APPLICABILITY_OF_CONTROLS = CONTROL_OPS - {"for_each"}


def control_applies(
    node: Node,
    applies: Callable[[Node], bool],
    holds: Callable[[OptionIs], bool],
    times: Callable[[Node], int],
) -> bool:
    """Whether a control op would do something, the same in every game, from whether its
    children would (``applies(child)``), whether a rule option holds (``holds(cond)``) and
    how many times a ``repeat`` resolves (``times(node)``):

    - ``seq``: every effect applies (once under way, one that no longer can does nothing);
    - ``each_possible`` and ``choose``: at least one effect applies;
    - ``optional``: always (declining is always possible);
    - ``if``: on a rule option, the branch taken applies (none taken: no); on a count,
      always (a count may change before it resolves: it is tried);
    - ``repeat``: it resolves at least once and its effect applies.
    """
    op, children = node.op, node.children
    if op == "seq":
        return all(applies(c) for c in children)
    if op in ("each_possible", "choose"):
        return any(applies(c) for c in children)
    if op == "optional":
        return True
    if op == "if":
        cond = node.arg("cond")
        if not isinstance(cond, OptionIs):
            return True
        taken = 0 if holds(cond) else 1
        return taken < len(children) and applies(children[taken])
    if op == "repeat":
        return times(node) > 0 and applies(children[0])
    raise ValueError(f"{op!r} is not a control op of every game: its game decides when it applies")


# The words of an effect's choice, around the options the game renders.
_CHOOSE_ONE = Text(en="choose one: {options}", fr="choisissez : {options}", nl="kies er één: {options}")
_OR = Text(en="; or ", fr=" ; ou ", nl="; of ")
_OR_DECLINE = Text(en="{option}, or decline", fr="{option}, ou refusez", nl="{option}, of weiger")
_YES = Text(en="Yes: {effect}", fr="Oui : {effect}", nl="Ja: {effect}")
_DECLINE = Text(en="No, decline", fr="Non, refuser", nl="Nee, weiger")


def option_label(
    resolve: Callable[[Any, str], Node],
    render: Callable[[Any, Node, str], str],
    rules: RuleSetLike,
    state: StateLike,
    action: ChooseOption,
    lang: str = "en",
) -> str:
    """``action``, an option of the effect choice ``state`` waits on, in words for the
    player choosing, in ``lang``: what the option does (``render`` of the node ``resolve``
    finds), or yes and no for an ``optional`` effect (a game's ``describe_action`` for
    :class:`ChooseOption`)."""
    task = state.stack[-1]
    node = resolve(rules, task.ref).at(task.path)
    if node.op == "optional":
        if action.option:
            return _DECLINE.get(lang)
        return fill(_YES, lang, effect=render(rules, node.children[0], lang))
    text = render(rules, node.children[action.option], lang)
    return text[:1].upper() + text[1:]


@attrs.frozen
class EffectRuntime:
    """How a game resolves its effects: the executors of its primitive ops (and of its own
    control ops), how it values expressions, where a task's ref points, and how an option
    reads in a prompt. :meth:`install` registers the ``effect`` step and the
    ``effect_choice`` decision on the game's flow (its action table takes
    :class:`ChooseOption`)."""

    executors: Mapping[str, Executor]
    evaluator: Evaluator
    #: ``resolve(rules, ref) -> node``: the effect a task's ref names.
    resolve: Callable[[Any, str], Node]
    #: ``render(rules, node, lang) -> text``: an option of a choice in words, in ``lang`` (one
    #: of the game's languages), for the prompt (its ingredients, peoples and symbols by
    #: name: everyone reads a prompt).
    render: Callable[[Any, Node, str], str]
    #: The game's own control ops (children of the node are effects), by op name.
    controls: Mapping[str, Executor] = attrs.field(factory=dict)
    #: ``applicable(rules, state, player, node) -> bool``: whether an effect would change
    #: anything now. When given, a ``choose`` offers only the options that would (one
    #: such option resolves without asking, none skips it) and an ``optional`` effect that
    #: would do nothing is skipped; ``None``: every option is offered.
    applicable: Callable[[Any, Any, int, Node], bool] | None = None

    def install(self, flow: Flow) -> None:
        """Register the ``effect`` step and the ``effect_choice`` decision on ``flow``."""
        flow.automatic(EFFECT)(self._effect)
        flow.decision(EFFECT_CHOICE, self._options, self._prompt, takes=(ChooseOption,))(self._choose)

    def _effect(self, engine: Engine, task: Task) -> None:
        node = engine.effect(task.ref, task.path)
        if engine.trace is not None:
            engine.trace.append((task.ref, task.path))
        if node.op in ("seq", "each_possible"):
            engine.push(*(child(task, i) for i in range(len(node.children))))
        elif node.op in ("choose", "optional"):
            offered = self._offered(engine.rules, engine.state, task, node)
            if node.op == "choose" and len(offered) == 1 and self.applicable is not None:
                engine.push(child(task, offered[0]))
            elif offered:
                engine.push(Task(EFFECT_CHOICE, task.player, task.ref, task.path))
        elif node.op == "if":
            cond = node.arg("cond")
            assert isinstance(cond, Compare | OptionIs)
            if self.evaluator.holds(cond, engine.state, task.player, engine.rules):
                engine.push(child(task, 0))
            elif len(node.children) > 1:
                engine.push(child(task, 1))
        elif node.op == "repeat":
            times = self.evaluator.bounded(node, "times", engine.state, task.player, MAX_REPEAT, engine.rules)
            engine.push(*(child(task, 0) for _ in range(times)))
        elif node.op in self.controls:
            self.controls[node.op](engine, task, node)
        else:
            self.executors[node.op](engine, task, node)

    def _offered(self, rules: RuleSetLike, state: StateLike, task: Task, node: Node) -> tuple[int, ...]:
        """The children of a ``choose`` (or the one of an ``optional``) offered now."""
        judge = self.applicable
        return tuple(
            i
            for i, option in enumerate(node.children)
            if judge is None or judge(rules, state, task.player, option)
        )

    def _options(self, rules: RuleSetLike, state: StateLike, task: Task) -> tuple[ChooseOption, ...]:
        node = self.resolve(rules, task.ref).at(task.path)
        if node.op == "optional":
            return (shared(ChooseOption, 0), shared(ChooseOption, 1))
        return tuple(shared(ChooseOption, i) for i in self._offered(rules, state, task, node))

    def _prompt(self, rules: RuleSetLike, state: StateLike, task: Task, lang: str = "en") -> str:
        # The options in words, in the order of the actions; never their indexes (the
        # actions' labels tell them apart).
        node = self.resolve(rules, task.ref).at(task.path)
        if node.op == "optional":
            return fill(_OR_DECLINE, lang, option=self.render(rules, node.children[0], lang))
        offered = self._offered(rules, state, task, node)
        options = _OR.get(lang).join(self.render(rules, node.children[i], lang) for i in offered)
        return fill(_CHOOSE_ONE, lang, options=options)

    def option_label(
        self, rules: RuleSetLike, state: StateLike, action: ChooseOption, lang: str = "en"
    ) -> str:
        """``action``, an option of the effect choice ``state`` waits on, in words
        (:func:`option_label` with this runtime's ``resolve`` and ``render``)."""
        return option_label(self.resolve, self.render, rules, state, action, lang)

    def _choose(self, engine: Engine, task: Task, action: ChooseOption) -> None:
        """An effect offers a choice (``choose``) or asks whether to apply an optional part
        (``optional``): ``ChooseOption(i)`` picks option ``i`` (0 = yes for an optional
        effect)."""
        node = engine.effect(task.ref, task.path)
        if node.op == "choose" or action.option == 0:
            engine.push(child(task, action.option if node.op == "choose" else 0))
