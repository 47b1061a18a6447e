"""The engine's version (the package's, as in pyproject.toml), recorded in every log."""

from __future__ import annotations

__all__ = ["VERSION"]

VERSION = "0.1.0.dev0"
