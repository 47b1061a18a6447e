"""The tools built on the library, for any installed game: the ``taverna`` command
(:mod:`~taverna_rules.tools.cli`), the demo, the conformance kit, tournaments and
simulations between bots, and the balance reports. They import the facade, never the
other way round."""
