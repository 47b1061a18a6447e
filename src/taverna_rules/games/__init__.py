"""The game modules bundled with the engine, one package each (Taverna first).

They register through the ``taverna_rules.games`` entry points like any other game
(:mod:`taverna_rules.core.game_modules`); nothing outside a game's own package imports it.
"""
