"""The wheel carries the cards, the schemas and the games' page drawings, and plays a game
outside the source tree."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

GAME = """
import taverna_rules as tr
from taverna_rules.bots import RandomBot, play_out
rules = tr.load_rules()
assert "site-packages" in tr.__file__, tr.__file__
from taverna_rules._resources import bundled
assert "site-packages" in str(bundled("cards")) and "site-packages" in str(bundled("schemas"))
assert len(rules.sources) == 11 and rules.packs[0].id == "base"
from taverna_rules.core.game_modules import bundled_games
for ident in bundled_games():  # each bundled game's page drawing ships in its package
    drawing = tr.game_module(ident).drawing
    assert drawing is None or "export function draw(" in drawing.read_text(encoding="utf-8")
game = tr.new_game(rules, ["Ann", "Bob", "Cy"], seed=3)
play_out(game, RandomBot(3))
print(game.result.winners)
"""


@pytest.mark.slow
def test_wheel_installs_and_plays(tmp_path: Path) -> None:
    """Build the wheel, install it in a fresh virtual environment outside the tree, play."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("taverna_rules-*.whl")
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(env_dir)
    python = env_dir / "bin" / "python"
    # The runtime dependencies are already installed here; reuse them rather than download.
    site = subprocess.run(
        [sys.executable, "-c", "import attrs, sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    pth = next((env_dir / "lib").glob("python*/site-packages"))
    (pth / "_deps.pth").write_text(site + "\n")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
        check=True,
        capture_output=True,
    )
    out = subprocess.run([str(python), "-c", GAME], check=True, capture_output=True, text=True, cwd=tmp_path)
    assert out.stdout.startswith("(")
