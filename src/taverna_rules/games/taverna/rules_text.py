"""Taverna's rules text of every card and item with an effect, in English, French or Dutch.

:func:`card_texts` renders each spell, royal favour, dignitary level, people-track bonus
and royal scoring of a rule set with the op texts of its vocabulary, naming peoples and
guild symbols in the chosen language (:func:`taverna_rules.rules_text.card_texts`
is the entry point for every game).

>>> import taverna_rules as tr
>>> texts = card_texts(tr.load_rules(), "fr")
>>> next(t.text for t in texts if t.id == "ale_blessing")
'Coût 1. Votre tour. Gagnez 3 sous.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from taverna_rules.content.model import Names, Provenance
from taverna_rules.core.card_texts import PROVENANCE_WORDS, CardText, RulesText, sentence
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna.ruleset import RuleSet, Trigger
from taverna_rules.games.taverna.vocabulary import check_language, render

__all__ = ["CARD_KINDS", "RULES_TEXT", "CardKind", "card_texts"]

#: What a :class:`CardText` describes.
CardKind = Literal["spell", "favour", "dignitary", "track", "royal_scoring"]

#: The kinds of :class:`CardText`, in the order :func:`card_texts` lists them.
CARD_KINDS: tuple[CardKind, ...] = ("spell", "favour", "dignitary", "track", "royal_scoring")


# The words of the listing around the effects' text.
#: A spell's trigger: the lead, then for each event its clause when the owner acts (``you``)
#: and when someone else does (``{who}``), then who that someone is.
_TRIGGER_LEAD = Text(
    en="Stays in play once cast. Whenever {clause}: {effect}",
    fr="Reste en jeu une fois lancé. Chaque fois {clause} : {effect}",
    nl="Blijft in het spel na het uitspreken. Telkens als {clause}: {effect}",
)
_TRIGGER_CLAUSES: Mapping[str, tuple[Text, Text]] = {
    "customer_seated": (
        Text(
            en="you seat a customer{of}{at}",
            fr="que vous installez un client{of}{at}",
            nl="je een klant{of}{at} plaatst",
        ),
        Text(
            en="{who} seats a customer{of}{at}",
            fr="qu'{who} installe un client{of}{at}",
            nl="{who} een klant{of}{at} plaatst",
        ),
    ),
    "track_advanced": (
        Text(
            en="you advance on a track{of}",
            fr="que vous progressez sur une piste{of}",
            nl="je op een spoor{of} vooruitgaat",
        ),
        Text(
            en="{who} advances on a track{of}",
            fr="qu'{who} progresse sur une piste{of}",
            nl="{who} op een spoor{of} vooruitgaat",
        ),
    ),
    "deed_bought": (
        Text(
            en="you buy a property deed{at}",
            fr="que vous achetez un titre de propriété{at}",
            nl="je een eigendomstitel{at} koopt",
        ),
        Text(
            en="{who} buys a property deed{at}",
            fr="qu'{who} achète un titre de propriété{at}",
            nl="{who} een eigendomstitel{at} koopt",
        ),
    ),
    "spell_cast": (
        Text(
            en="you cast another spell",
            fr="que vous lancez un autre sort",
            nl="je een andere spreuk uitspreekt",
        ),
        Text(en="{who} casts a spell", fr="qu'{who} lance un sort", nl="{who} een spreuk uitspreekt"),
    ),
}
_TRIGGER_WHO: Mapping[str, Text] = {
    "opponent": Text(en="an opponent", fr="un adversaire", nl="een tegenstander"),
    "any": Text(en="a player", fr="un joueur", nl="een speler"),
}
_TRIGGER_PEOPLE = Text(en=" ({people})", fr=" ({people})", nl=" ({people})")
_TRIGGER_TAVERN = Text(en=" in the {tavern}", fr=" dans la taverne {tavern}", nl=" in de {tavern}")

_WORDS: Mapping[str, Text] = {
    "cost": Text(en="Cost {cost}.", fr="Coût {cost}.", nl="Kosten {cost}."),
    "own_turn": Text(en="Your turn.", fr="Votre tour.", nl="Eigen beurt."),
    "any_turn": Text(en="Any turn.", fr="N'importe quel tour.", nl="Elke beurt."),
    "curse": Text(
        en="Applies when drawn.",
        fr="S'applique dès que la carte est piochée.",
        nl="Werkt zodra de kaart getrokken wordt.",
    ),
    "level": Text(en="Level {position}.", fr="Niveau {position}.", nl="Niveau {position}."),
    **PROVENANCE_WORDS,
}

_HEADINGS: Mapping[str, Text] = {
    "spell": Text(en="Spells", fr="Sorts", nl="Toverspreuken"),
    "favour": Text(en="Royal favours", fr="Faveurs royales", nl="Koninklijke gunsten"),
    "dignitary": Text(en="Dignitaries", fr="Notables", nl="Notabelen"),
    "track": Text(
        en="People track bonuses", fr="Bonus des échelles peuple", nl="Bonussen van de volkerensporen"
    ),
    "royal_scoring": Text(en="Royal scoring", fr="Décompte royal", nl="Koninklijke waardering"),
}


def card_texts(rules: RuleSet, lang: str = "en") -> tuple[CardText, ...]:
    """The rules text of every item of ``rules`` with an effect, in ``lang``.

    In the order of :data:`CARD_KINDS`, then of the content: every spell (its cost and
    when it is cast, or, for the Curse, that it applies when drawn), royal favour,
    dignitary level (its cost), people-track bonus (its level) and royal scoring. Each
    text is one or more sentences, for example ``Cost 1. Your turn. Gain 3 coin(s).``
    Peoples and guild symbols are named in ``lang``. A language not in
    :data:`taverna_rules.games.taverna.vocabulary.LANGUAGES` raises :exc:`ValueError`.
    """
    check_language(lang)
    peoples = {p.id: p.name.get(lang) for p in rules.peoples}
    symbols = {s.id: s.name.get(lang) for s in rules.symbols}
    options = {o.id: o.name.get(lang) for o in rules.options if o.name is not None}

    def plain(node: Node) -> str:
        return render(
            node,
            lambda p: peoples.get(p, p),
            lang,
            symbol_name=lambda s: symbols.get(s, s),
            option_name=lambda o: options.get(o, o),
        )

    def effect(node: Node) -> str:
        return sentence(plain(node))

    def word(key: str, **fields: int) -> str:
        return _WORDS[key].get(lang).format(**fields)

    out: list[CardText] = []

    def add(
        kind: CardKind,
        item_id: str,
        name: Names,
        *parts: str,
        provenance: Provenance | None = None,
        cost: int | None = None,
        position: int | None = None,
    ) -> None:
        text = " ".join(parts)
        out.append(
            CardText(kind, item_id, name.get(lang), text, lang, provenance, cost, position, rules.game)
        )

    taverns = {t.id: t.name.get(lang) for t in rules.taverns}

    def trigger_text(trigger: Trigger) -> str:
        when = trigger.when
        own, other = _TRIGGER_CLAUSES[when.event]
        template = own if when.player == "you" else other
        who = _TRIGGER_WHO[when.player].get(lang) if when.player != "you" else ""
        clause = template.get(lang).format(
            who=who,
            of=_TRIGGER_PEOPLE.get(lang).format(people=peoples.get(when.people, when.people))
            if when.people
            else "",
            at=_TRIGGER_TAVERN.get(lang).format(tavern=taverns.get(when.tavern, when.tavern))
            if when.tavern
            else "",
        )
        return sentence(_TRIGGER_LEAD.get(lang).format(clause=clause, effect=plain(trigger.effect)))

    for spell in rules.spells:
        if spell.effect is None and spell.trigger is None:
            continue
        if spell.curse:
            if spell.effect is None:  # a Curse is never cast: a trigger on it never acts
                continue
            add(
                "spell",
                spell.id,
                spell.name,
                word("curse"),
                effect(spell.effect),
                provenance=spell.provenance,
            )
        else:
            timing = word("any_turn" if spell.timing == "any_turn" else "own_turn")
            add(
                "spell",
                spell.id,
                spell.name,
                word("cost", cost=spell.cost),
                timing,
                *([effect(spell.effect)] if spell.effect is not None else []),
                *([trigger_text(spell.trigger)] if spell.trigger is not None else []),
                provenance=spell.provenance,
                cost=spell.cost,
            )
    for favour in rules.favours:
        if favour.effect is not None:
            add("favour", favour.id, favour.name, effect(favour.effect), provenance=favour.provenance)
    for dignitary in rules.dignitaries:
        for level in dignitary.levels:
            add(
                "dignitary",
                dignitary.id,
                dignitary.name,
                word("cost", cost=level.cost),
                effect(level.effect),
                cost=level.cost,
                provenance=dignitary.provenance,
            )
    people_names = {p.id: p.name for p in rules.peoples}
    for track in rules.tracks:
        name = people_names.get(track.people, Names(track.people, track.people, track.people))
        for position, bonus in sorted(track.bonuses, key=lambda pair: pair[0]):
            add(
                "track",
                track.people,
                name,
                word("level", position=position),
                effect(bonus),
                position=position,
                provenance=track.provenance,
            )
    for scoring in rules.royal_scorings:
        add("royal_scoring", scoring.id, scoring.name, effect(scoring.effect), provenance=scoring.provenance)
    return tuple(out)


RULES_TEXT = RulesText(CARD_KINDS, _HEADINGS, card_texts)
