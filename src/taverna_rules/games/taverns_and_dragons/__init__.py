"""Taverns & Dragons (Lord Raccoon Games), the fourth game module: dice as workers for 2
to 5 players, sbires on a map, dragon hunts (rulebook ``taverns-and-dragons-fr``), declared
in YAML (``cards/taverns_and_dragons/``) on the generic core.

Under construction: its content (:mod:`~taverna_rules.games.taverns_and_dragons.content`)
loads and is checked; the game is registered once it plays."""
