"""Bots named by a spec, as the command line, the tournament runner and the server take
them: ``random``, ``greedy`` or ``name:key=value,...`` (``ismcts:iterations=200``).

>>> from taverna_rules.bot_specs import make_bot
>>> type(make_bot("ismcts:iterations=50", seed=1)).__name__
'ISMCTSBot'
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable

from taverna_rules.bots import Bot, GreedyBot, ISMCTSBot, RandomBot
from taverna_rules.errors import OptionError

__all__ = ["BOTS", "bot_seed", "make_bot", "parse_bot_spec"]

#: The bots a spec names, by name: each a callable taking ``seed=`` (an int) and the
#: spec's keyword arguments and returning a :class:`~taverna_rules.bots.Bot`.
#: Adding a bot is one line: ``BOTS["ismcts"] = ISMCTSBot``.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}

Value = int | float | str


def _value(text: str) -> Value:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _known() -> str:
    return ", ".join(sorted(BOTS))


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Value]]:
    """The bot name and keyword arguments of ``spec`` (``name`` or ``name:key=value,...``);
    each value is read as an int, else a float, else kept as a string. Raises
    :class:`~taverna_rules.errors.OptionError` for an unknown bot or a malformed keyword
    (the keywords themselves are checked by :func:`make_bot`)."""
    if not isinstance(spec, str):
        raise OptionError(f"a bot spec is a string like 'greedy' or 'name:key=value', not {spec!r}")
    name, colon, rest = spec.partition(":")
    name = name.strip()
    if name not in BOTS:
        raise OptionError(f"unknown bot {name!r} in spec {spec!r}; known bots: {_known()}")
    kwargs: dict[str, Value] = {}
    for item in rest.split(",") if colon else ():
        key, equals, raw = item.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier():
            raise OptionError(f"bad keyword {item!r} in bot spec {spec!r}: expected key=value")
        if key in kwargs:
            raise OptionError(f"keyword {key!r} given twice in bot spec {spec!r}")
        if key == "seed":
            raise OptionError(
                f"bad keyword 'seed' in bot spec {spec!r}: each bot's seed comes from the game's seed"
            )
        kwargs[key] = _value(raw.strip())
    return name, kwargs


def make_bot(spec: str, seed: int) -> Bot:
    """A new bot from ``spec`` (``random``, ``greedy`` or ``name:key=value,...``, a name
    of :data:`BOTS`), seeded with ``seed``. An unknown bot, a malformed spec or a keyword
    the bot does not take (or a value it refuses) raises
    :class:`~taverna_rules.errors.OptionError`."""
    name, kwargs = parse_bot_spec(spec)
    factory = BOTS[name]
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # a builtin without a signature: let the call decide
        signature = None
    if signature is not None:
        try:
            signature.bind(seed=seed, **kwargs)
        except TypeError:
            takes = [
                p.name
                for p in signature.parameters.values()
                if p.name != "seed" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
            ]
            bad = next((key for key in kwargs if key not in takes), None)
            allowed = f"it takes {', '.join(map(repr, takes))}" if takes else "it takes none"
            what = f"keyword {bad!r}" if bad is not None else "keywords"
            raise OptionError(f"bad {what} for bot {name!r} in spec {spec!r}: {allowed}") from None
    try:
        return factory(seed=seed, **kwargs)
    except (TypeError, ValueError) as exc:
        raise OptionError(f"bad keyword value for bot {name!r} in spec {spec!r}: {exc}") from exc


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game started from ``game_seed``: a hash of
    both, the same in every process and on every machine (64 bits)."""
    digest = hashlib.blake2b(f"taverna-bot:{game_seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")
