"""`taverna export` and `taverna replay`: one file that reproduces a stored game, replayed
verified under today's engine, and where a tampered log parts from it.

The commands run in-process (``main(argv, out=...)`` returns the exit status); errors go to
standard error, read through capsys. A traceback would be an exception out of ``main``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import taverna_rules as tr
from taverna_rules.bots import RandomBot, play_out
from taverna_rules.core.serialize import event_from_dict, events_to_json
from taverna_rules.store import open_store
from taverna_rules.tools.cli import main

SECRET = "seat-token-7f3a9c"
PACK_NAME = "{en: X, fr: X, nl: X}"


def run(*argv: str) -> tuple[int, str]:
    """Run ``taverna ARGV``; the exit status and what it wrote to its output."""
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def finished(name: str = "taverna", seed: int = 4, rules: Any = None) -> tr.Game:
    game = tr.new_game(rules if rules is not None else tr.load_rules(game=name), ["Ann", "Bob"], seed=seed)
    play_out(game, RandomBot(seed))
    return game


def stored(path: Path, game_id: str, game: tr.Game) -> None:
    """Keep ``game`` in the SQLite store at ``path``, with a secret in its meta."""
    store = open_store(path)
    try:
        store.create(game, game_id=game_id, meta={"seats": {"Ann": SECRET, "Bob": SECRET + "b"}})
    finally:
        store.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A store holding a finished Taverna game 't' and a finished Cavern Tavern game 'c'."""
    path = tmp_path / "games.db"
    stored(path, "t", finished())
    stored(path, "c", finished("cavern_tavern"))
    return path


def exported(db: Path, game_id: str, folder: Path) -> Path:
    file = folder / f"{game_id}.json"
    code, out = run("export", game_id, "--store", str(db), "-o", str(file))
    assert code == 0 and str(file) in out and repr(game_id) in out
    return file


def tampered(file: Path, kind: str) -> tuple[Path, int, dict[str, Any], dict[str, Any]]:
    """A copy of the export ``file`` whose middle event of type ``kind`` gains 1 on its
    amount: the copy, the event's index, the event as logged and as it was."""
    document = json.loads(file.read_text(encoding="utf-8"))
    events = document["events"]
    found = [i for i, e in enumerate(events) if e["type"].endswith("." + kind)]
    at = found[len(found) // 2]
    true = dict(events[at])
    events[at] = {**true, "amount": true["amount"] + 1}
    copy = file.with_name("tampered-" + file.name)
    copy.write_text(json.dumps(document), encoding="utf-8")
    return copy, at, events[at], true


@pytest.mark.parametrize(("game_id", "name"), [("t", "taverna"), ("c", "cavern_tavern")])
def test_export_writes_one_file_without_the_meta_that_replays(
    db: Path, tmp_path: Path, game_id: str, name: str
) -> None:
    """The export is one JSON document: the record (rules, packs, options, engine...) and
    the whole log, without the host's meta; `taverna replay FILE` replays it verified."""
    file = exported(db, game_id, tmp_path)
    text = file.read_text(encoding="utf-8")
    assert SECRET not in text and "seats" not in text and "meta" not in text
    document = json.loads(text)
    assert document["format"] == "taverna_rules.export"
    store = open_store(db)
    try:
        record, events = store.record(game_id), store.events(game_id)
    finally:
        store.close()
    record_out = document["game"]
    assert record_out["id"] == game_id and record_out["game"] == name
    assert record_out["rules"] == tr.load_rules(game=name).fingerprint == record.rules
    assert record_out["engine"] == record.engine and record_out["players"] == ["Ann", "Bob"]
    assert record_out["version"] == len(events) and record_out["over"] is True
    assert [event_from_dict(e, game=name) for e in document["events"]] == events
    code, out = run("replay", str(file))
    assert code == 0, out
    assert repr(game_id) in out and f"{len(events)} events" in out and "over" in out
    code, out = run("replay", str(file), "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True and report["over"] is True
    assert (report["id"], report["game"], report["events"]) == (game_id, name, len(events))


def test_export_to_standard_output_is_the_same_document(db: Path, tmp_path: Path) -> None:
    """Without -o the export document goes to standard output, the same as the file, without
    the meta."""
    file = exported(db, "t", tmp_path)
    code, out = run("export", "t", "--store", str(db))
    assert code == 0 and json.loads(out) == json.loads(file.read_text(encoding="utf-8"))
    assert SECRET not in out


@pytest.mark.parametrize(("game_id", "kind"), [("t", "CoinsGained"), ("c", "VPScored")])
def test_a_tampered_file_fails_and_find_divergence_names_the_event(
    db: Path, tmp_path: Path, game_id: str, kind: str
) -> None:
    """An event altered in the file: replay exits 1; with --find-divergence it prints the
    index of the first divergent event and both events, as text and as JSON."""
    file, at, logged, true = tampered(exported(db, game_id, tmp_path), kind)
    code, out = run("replay", str(file))
    assert code == 1 and "does not replay" in out and repr(game_id) in out
    code, out = run("replay", str(file), "--find-divergence")
    assert code == 1
    assert f"event {at}:" in out
    assert f"logged: {json.dumps(logged, ensure_ascii=False)}" in out
    assert f"engine: {json.dumps(true, ensure_ascii=False)}" in out
    code, out = run("replay", str(file), "--find-divergence", "--format", "json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False
    divergence = report["divergence"]
    assert divergence["index"] == at
    assert divergence["logged"] == logged and divergence["engine"] == true
    assert divergence["player"] in ("Ann", "Bob") and divergence["action"] is not None


def test_find_divergence_of_a_clean_file_exits_0(db: Path, tmp_path: Path) -> None:
    """--find-divergence on a log that replays finds none and exits 0."""
    file = exported(db, "t", tmp_path)
    code, out = run("replay", str(file), "--find-divergence", "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True and "divergence" not in report


def test_find_divergence_of_a_clean_finished_game_says_it_is_over(db: Path, tmp_path: Path) -> None:
    """--find-divergence on a clean finished game says the game is over, as plain replay
    does."""
    file = exported(db, "t", tmp_path)
    code, out = run("replay", str(file), "--find-divergence")
    assert code == 0 and "over" in out and "in progress" not in out


def test_replay_reads_a_game_from_the_store(db: Path) -> None:
    """`taverna replay GAME --store DB` replays the stored game, verified."""
    code, out = run("replay", "c", "--store", str(db))
    assert code == 0 and "'c'" in out and "cavern_tavern" in out and "over" in out
    code, out = run("replay", "t", "--store", str(db), "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True and report["id"] == "t"
    assert report["logged_rules"] == report["rules"] == tr.load_rules().fingerprint


def test_replay_of_a_game_in_progress_and_of_a_bare_log(tmp_path: Path) -> None:
    """A game not finished replays (exit 0, "in progress"); so does a bare JSON list of
    events."""
    game = tr.new_game(tr.load_rules(), ["Ann", "Bob"], seed=2)
    bot = RandomBot(2)
    for _ in range(20):
        decision = game.decision
        assert decision is not None
        game.apply(bot.choose(game.seat(decision.player)))
    path = tmp_path / "games.db"
    stored(path, "live", game)
    code, out = run("replay", "live", "--store", str(path))
    assert code == 0 and "in progress" in out
    bare = tmp_path / "log.json"
    bare.write_text(events_to_json(game.events, game="taverna"), encoding="utf-8")
    code, out = run("replay", str(bare), "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True and report["events"] == len(game.events)
    assert report["over"] is False


def test_a_pack_game_replays_only_with_its_pack(tmp_path: Path) -> None:
    """An export of a game played with a pack says the rules differ without --pack (exit 1,
    both fingerprints named), and replays with it."""
    folder = tmp_path / "short"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        f"format: 1\nkind: pack\nid: short\nname: {PACK_NAME}\nversion: '1.0'\nextends: [base]\n",
        encoding="utf-8",
    )
    (folder / "changes.yaml").write_text(
        "format: 1\nkind: changes\nconstants: {turns: {2: 7}}\n", encoding="utf-8"
    )
    rules = tr.load_rules(folder)
    path = tmp_path / "games.db"
    stored(path, "p", finished(rules=rules))
    file = exported(path, "p", tmp_path)
    assert json.loads(file.read_text(encoding="utf-8"))["game"]["packs"] == [
        ["base", "1.0.0"],
        ["short", "1.0"],
    ]
    code, out = run("replay", str(file))
    assert code == 1 and rules.fingerprint in out and tr.load_rules().fingerprint in out
    code, out = run("replay", str(file), "--pack", str(folder))
    assert code == 0 and "over" in out


def test_an_unknown_game_is_a_message_not_a_traceback(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An id the store does not hold: replay exits 2 and export fails, each with a message on
    standard error and no file written."""
    code, out = run("replay", "nope", "--store", str(db))
    err = capsys.readouterr().err
    assert code == 2 and out == "" and "'nope'" in err and "Traceback" not in err
    target = tmp_path / "nope.json"
    code, out = run("export", "nope", "--store", str(db), "-o", str(target))
    err = capsys.readouterr().err
    assert code != 0 and out == "" and "'nope'" in err
    assert not target.exists()


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("{not json", "not JSON"),
        ("", "not JSON"),
        ('{"format": "other"}', "taverna_rules.export"),
        ("[]", "empty"),
        ('{"format": "taverna_rules.export", "version": 99, "game": {}, "events": []}', "version 99"),
        ('[{"type": "taverna.Nope"}]', "event 0"),
        # The one bounded JSON reader: nesting, duplicate keys, NaN.
        ("[" * 100_000, "nests deeper"),
        ('{"format": "taverna_rules.export", "format": "other"}', "written twice"),
        ('[{"type": "taverna.CoinsGained", "amount": NaN}]', "NaN"),
    ],
)
def test_a_file_that_is_no_log_is_a_message_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, says: str
) -> None:
    """A file that is not an export or a log exits 2 with a message naming the file and what
    is wrong."""
    file = tmp_path / "bad.json"
    file.write_text(content, encoding="utf-8")
    code, out = run("replay", str(file))
    err = capsys.readouterr().err
    assert code == 2 and out == "" and str(file) in err and says in err and "Traceback" not in err


def test_a_missing_file_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that does not exist exits 2 with a message naming it."""
    code, _ = run("replay", str(tmp_path / "missing.json"))
    err = capsys.readouterr().err
    assert code == 2 and "missing.json" in err


def test_replay_with_a_bad_store_url_is_a_message(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay with a store URL of another scheme exits 2 with a message."""
    code, out = run("replay", "t", "--store", "mysql://x")
    assert code == 2 and out == "" and "mysql://x" in capsys.readouterr().err


def test_export_with_a_bad_store_url_is_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    """export with a store URL of another scheme fails with a message, not a traceback."""
    code, out = run("export", "t", "--store", "mysql://x")
    assert code != 0 and out == "" and "mysql://x" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["replay", "export"])
def test_a_store_that_is_no_database_is_a_message(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A --store file that is no database fails with a message naming it, not a traceback."""
    file = exported(db, "t", tmp_path)  # a JSON file given as the store
    code, _ = run(command, "t", "--store", str(file))
    assert code != 0 and str(file) in capsys.readouterr().err


def test_export_to_a_missing_folder_is_a_message(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """export -o into a folder that does not exist fails with a message, not a traceback."""
    code, _ = run("export", "t", "--store", str(db), "-o", str(tmp_path / "no" / "t.json"))
    assert code != 0 and "t.json" in capsys.readouterr().err
