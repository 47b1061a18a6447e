"""Sphinx configuration for the taverna_rules documentation.

Build with ``make docs`` (or ``python -m sphinx -W --keep-going -b html docs docs/_build/html``).
The local extension in ``_ext/taverna_docs.py`` writes the pages' generated parts (the
DSL op reference, the content kinds, the rule options, the module reference) into
``_generated/`` before each build, from the code itself, so they never drift.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "taverna_rules"
author = "taverna_rules developers"
copyright = "2026, taverna_rules developers"
release = "0.1.0.dev0"
version = "0.1"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "taverna_docs",
]

root_doc = "index"
source_suffix = {".rst": "restructuredtext"}
exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

# No network during the build: no intersphinx, no remote images. Furo is a theme made for
# library reference docs: a wide content column (code blocks rarely scroll), a readable
# navigation drawer on phones, light and dark modes, and a permalink on every heading.
html_theme = "furo"
html_title = "taverna_rules"
html_static_path = ["_static"]
html_css_files = ["tables.css"]
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
