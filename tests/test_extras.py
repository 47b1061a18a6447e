"""The optional extras stay optional (issues #12, #13): the core never imports NumPy,
OpenSpiel, PettingZoo, Gymnasium, Dask, psycopg, Starlette or uvicorn, and everything but
their own adapters works without them."""

from __future__ import annotations

import subprocess
import sys
import textwrap

EXTRAS = (
    "numpy",
    "pyspiel",
    "open_spiel",
    "pettingzoo",
    "gymnasium",
    "dask",
    "distributed",
    "psycopg",
    "starlette",
    "uvicorn",
)

SCRIPT = textwrap.dedent(
    f"""
    import importlib, pkgutil, random, sys
    for name in {EXTRAS!r}:
        sys.modules[name] = None  # importing it now raises ImportError
    import taverna_rules as tr
    own = {{
        "taverna_rules.adapters.openspiel",
        "taverna_rules.adapters.pettingzoo",
        "taverna_rules.store.postgres",
        "taverna_rules.server",
    }}
    for info in pkgutil.walk_packages(tr.__path__, "taverna_rules.", onerror=lambda name: None):
        if info.name not in own and not info.name.startswith("taverna_rules.server."):
            importlib.import_module(info.name)
    from taverna_rules.store import open_store
    try:
        open_store("postgresql://nowhere/db")
    except ImportError as exc:
        assert "taverna-rules[postgres]" in str(exc), exc
    else:
        raise AssertionError("a PostgreSQL store without psycopg")
    from taverna_rules.bots import ISMCTSBot, play_out
    game = tr.new_game(tr.load_rules("cavern_tavern"), ["Ann", "Bob"], seed=1)
    vector = tr.observe(game, 0)
    assert isinstance(vector, list), type(vector)
    try:
        tr.observe(game, 0, numpy=True)
    except tr.OptionError as exc:
        assert "taverna-rules[numpy]" in str(exc)
    else:
        raise AssertionError("numpy=True without NumPy")
    for name in own:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            assert "pip install" in str(exc), exc
    print("ok")
    """
)


def test_the_library_works_without_its_extras() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
