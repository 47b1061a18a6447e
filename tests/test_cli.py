"""The ``taverna`` command: exit statuses, human and JSON output, schemas for editors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from taverna_rules.content import schema_source
from taverna_rules.games.taverna.content import CONTENT
from taverna_rules.tools.cli import main
from taverna_rules.wire_schemas import WIRE_KINDS

ROOT = Path(__file__).resolve().parents[1]

BROKEN = """format: 1
kind: spells
spells:
  - id: lost
    name: {en: Lost, fr: Perdu, nl: Verloren}
    copies: 1
    effect: {advance_track: {people: ork}}
"""


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_validate_the_base_game_is_ok() -> None:
    status, text = run("validate")
    assert status == 0 and text.startswith("ok: 11 file(s)")


def test_validate_shows_the_line_the_caret_and_the_hint(tmp_path: Path) -> None:
    (tmp_path / "spells.yaml").write_text(BROKEN, encoding="utf-8")
    status, text = run("validate", str(tmp_path))
    assert status == 1
    lines = text.splitlines()
    assert lines[0] == f"{tmp_path}/spells.yaml:7:38: error[unknown-reference]: unknown people 'ork'"
    assert "  7 |     effect: {advance_track: {people: ork}}" in lines
    caret = lines[lines.index("  7 |     effect: {advance_track: {people: ork}}") + 1]
    assert caret.index("^") == lines[lines.index(caret) - 1].index("ork")
    assert "  hint: did you mean 'orc'?" in lines
    assert lines[-1] == "1 error(s), 0 warning(s) in 12 file(s)"


def test_validate_json_for_tools(tmp_path: Path) -> None:
    (tmp_path / "spells.yaml").write_text(BROKEN, encoding="utf-8")
    status, text = run("validate", str(tmp_path), "--format", "json")
    data = json.loads(text)
    assert status == 1 and data["ok"] is False and data["errors"] == 1
    (problem,) = data["problems"]
    assert problem["code"] == "unknown-reference"
    assert (problem["line"], problem["column"]) == (7, 38)
    assert problem["path"] == "$.spells[0].effect.advance_track.people"


def test_warnings_pass_unless_strict(tmp_path: Path) -> None:
    (tmp_path / "spells.yaml").write_text(
        BROKEN.replace("{advance_track: {people: ork}}", "{score_vp: {amount: 0}}")
    )
    assert run("validate", str(tmp_path))[0] == 0
    assert run("validate", str(tmp_path), "--strict")[0] == 1


def test_hidden_files_are_not_content(tmp_path: Path) -> None:
    """A pack repository's .pre-commit-config.yaml or .github workflows are not read."""
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n")
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "ci.yml").write_text("on: push\n")
    assert run("validate", str(tmp_path)) == (0, "ok: 11 file(s), no problem\n")


def test_schema_writes_every_schema(tmp_path: Path) -> None:
    status, text = run("schema", "--out", str(tmp_path / "s"))
    assert status == 0
    written = sorted(p.relative_to(tmp_path / "s").as_posix() for p in (tmp_path / "s").rglob("*.json"))
    expected = [
        *schema_source.rendered_schemas(CONTENT),
        *(f"wire/{kind}.schema.json" for kind in WIRE_KINDS),
    ]
    assert written == sorted(expected) and len(text.splitlines()) == len(written)
    status, text = run("schema", "--print", "action")
    assert status == 0 and json.loads(text)["title"] == "action"
    status, text = run("schema", "--print", "spells")
    assert status == 0 and json.loads(text)["title"] == "taverna_rules taverna spells file"
    status, text = run("schema", "--print", "spell")
    assert status == 1 and "did you mean 'spells'?" in text


def test_usage_errors_exit_2() -> None:
    with pytest.raises(SystemExit) as caught:
        main(["valdiate"], io.StringIO())
    assert caught.value.code == 2


def test_the_console_script_is_installed_and_runs() -> None:
    script = Path(sys.executable).parent / "taverna"
    done = subprocess.run([str(script), "validate"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("ok:")


@pytest.mark.parametrize("kind", schema_source.kinds(CONTENT))
def test_every_schema_key_is_described_for_editors(kind: str) -> None:
    """Hover text in a YAML language server: every property has a description or title,
    and every example an editor offers is valid."""
    schema = schema_source.content_schema(CONTENT, kind)

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for name, child in node.get("properties", {}).items():
                assert isinstance(child, dict)
                assert child.get("description") or child.get("title") or "$ref" in child, f"{where}.{name}"
            for name, child in node.items():
                if name != "$defs":
                    walk(child, f"{where}/{name}")
        elif isinstance(node, list):
            for child in node:
                walk(child, where)

    walk(schema, kind)
    validator = jsonschema.Draft202012Validator(schema)
    for name, prop in schema["properties"].items():
        items = prop.get("items", {}) if isinstance(prop, dict) else {}
        for example in items.get("examples", []):
            document = {"format": 1, "kind": kind, name: [example]}
            errors = [e.message for e in validator.iter_errors(document)]
            assert not errors, (name, errors)


def test_pre_commit_hook_runs_taverna_validate() -> None:
    from ruamel.yaml import YAML

    (hook,) = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "taverna-validate" and hook["entry"] == "taverna validate"
    assert hook["pass_filenames"] is False and hook["language"] == "python"


def test_check_passes_the_base_game_and_prints_coverage() -> None:
    status, text = run("check", "--games", "1", "--players", "2,3")
    assert status == 0
    assert "2 players: 1 games, 0 failed" in text and "effect ops resolved" in text


def test_check_exits_1_with_a_reproducing_seed() -> None:
    """A card whose op crashes the engine: the kit names the failing game's seed."""
    from taverna_rules.games.taverna import effects

    def boom(*_: object) -> None:
        raise RuntimeError("the card broke")

    with effects.EXECUTORS.swapped("score_vp", boom):
        status, text = run("check", "--games", "2", "--players", "2", "--seed", "7", "--format", "json")
        data = json.loads(text)
        assert status == 1 and data["ok"] is False
        seeds = {f["seed"] for f in data["conformance"]["failures"]}
        assert seeds and seeds <= {7, 8}
        assert all("the card broke" in f["message"] for f in data["conformance"]["failures"])


def test_check_refuses_invalid_content_and_unsupported_counts(tmp_path: Path) -> None:
    (tmp_path / "spells.yaml").write_text(BROKEN, encoding="utf-8")
    status, text = run("check", str(tmp_path))
    assert status == 1 and "error[unknown-reference]" in text
    status, text = run("check", "--players", "6")
    assert status == 1 and "does not support [6] player(s)" in text


def test_check_plays_with_the_options_given_and_shows_them() -> None:
    status, text = run("check", "--games", "1", "--players", "2", "--option", "use_curse=false")
    assert status == 0
    assert text.splitlines()[0] == (
        "rule options: favours_on_any_turn=false, guild_token_may_match_printed_symbol=false, use_curse=false"
    )
    status, text = run("check", "--games", "1", "--option", "use_cruse=false")
    assert status == 1 and "did you mean 'use_curse'?" in text
    with pytest.raises(SystemExit):
        main(["check", "--option", "use_curse"], io.StringIO())


def test_schemas_work_for_draft_07_editors() -> None:
    """yaml-language-server implements draft-07: the schemas use only keywords it knows,
    so an editor accepts every bundled file and flags the same mistakes."""
    from ruamel.yaml import YAML

    from taverna_rules._resources import bundled
    from taverna_rules.content.yaml_source import to_plain

    yaml = YAML(typ="safe")
    for path in sorted(Path(str(bundled("cards"))).rglob("*.yaml")):
        document = to_plain(yaml.load(path.read_text(encoding="utf-8")))
        validator = jsonschema.Draft7Validator(schema_source.content_schema(CONTENT, document["kind"]))
        assert not [e.message for e in validator.iter_errors(document)], path.name
    broken = {"format": 1, "kind": "spells", "spells": [{"id": "x", "name": {"en": "X"}, "copies": 1}]}
    assert list(
        jsonschema.Draft7Validator(schema_source.content_schema(CONTENT, "spells")).iter_errors(broken)
    )


def test_rules_text_json_reports_content_that_does_not_load(tmp_path: Path) -> None:
    (tmp_path / "spells.yaml").write_text(BROKEN, encoding="utf-8")
    status, text = run("rules-text", str(tmp_path), "--format", "json")
    data = json.loads(text)
    assert status == 1 and data["ok"] is False
    assert data["validation"]["problems"][0]["code"] == "unknown-reference"


def test_option_values_are_read_like_yaml() -> None:
    for written in ("use_curse=False", "use_curse=false", "use_curse=FALSE"):
        status, text = run("check", "--games", "1", "--players", "2", "--option", written)
        assert status == 0 and "use_curse=false" in text.splitlines()[0], written


def test_an_option_value_nested_deep_is_refused_with_a_message() -> None:
    """``--option use_curse=[[[...`` (100,000 deep) ended in a ``RecursionError``
    traceback: option values are read by the bounded JSON reader."""
    status, text = run("check", "--games", "1", "--players", "2", "--option", "use_curse=" + "[" * 100_000)
    assert status != 0
    assert "use_curse" in text and "Traceback" not in text and len(text) < 2_000


# ----------------------------------------------------------------------------- Cavern Tavern
def test_validate_rules_text_and_check_cavern_tavern() -> None:
    """``taverna validate/check/rules-text --game cavern_tavern`` (issue #10)."""
    status, text = run("validate", "--game", "cavern_tavern")
    assert status == 0, text
    status, text = run("rules-text", "--game", "cavern_tavern")
    assert status == 0
    for heading in ("Places of the Tavern", "Orders", "Items", "Nasty the Dwarf Says", "Secret tasks"):
        assert f"\n{heading}\n" in f"\n{text}"
    assert "Thunder Smoke [reconstructed]" in text and "Fix the roof [rulebook]" in text
    status, text = run("check", "--game", "cavern_tavern", "--games", "1", "--players", "2,5")
    assert status == 0, text
    assert "5 players: 1 games, 0 failed" in text
    assert "places used (dice groups)" in text and "effect ops resolved" in text


def test_rules_text_refuses_a_language_the_game_is_not_written_in() -> None:
    status, text = run("rules-text", "--game", "cavern_tavern", "--lang", "fr")
    assert status == 1 and "Cavern Tavern is written in en, not 'fr'" in text
    status, text = run("rules-text", "--lang", "de")
    assert status == 1 and "Taverna is written in en, fr, nl" in text


@pytest.mark.parametrize(
    "command",
    [["taverna", "schema"], ["taverna", "rules-text"], ["-m", "taverna_rules.tools.demo", "--players", "2"]],
    ids=" ".join,
)
def test_a_reader_that_goes_gets_no_traceback(command: list[str], tmp_path: Path) -> None:
    """``taverna schema | head`` is normal use: when the reader closes the pipe, the tool
    stops quietly (status 1), without the BrokenPipeError traceback Python would print.
    The reader here goes before the tool has started, so every write meets a closed pipe."""
    binary = Path(sys.executable)
    argv = (
        [str(binary.parent / command[0]), *command[1:]]
        if command[0] == "taverna"
        else [str(binary), *command]
    )
    # In a folder of its own: `taverna schema` writes its files under ./schemas.
    with subprocess.Popen(argv, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        errors = process.stderr.read().decode()
        status = process.wait(timeout=120)
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
    assert status == 1
