"""Hostile paths: only regular files inside the folder given are read, with a size bound.

A device, a FIFO, a link leaving the pack, a tree of a thousand folders: each is refused
with a located ``file-refused`` problem, by :func:`taverna_rules.validate`,
:func:`taverna_rules.load_rules` (a :class:`ContentError`) and ``taverna validate`` alike,
and nothing of a refused file is read, let alone printed. A FIFO is never opened (opening
one blocks until a writer comes): the tests check that ``open`` is never called on it.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taverna_rules as tr
from taverna_rules.content import discovery
from taverna_rules.content.yaml_source import Limits
from taverna_rules.tools.cli import main

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, devices and links are POSIX")

SECRET = "hunter2-do-not-print"
CHANGES = "format: 1\nkind: changes\n"


def manifest(folder: Path, ident: str = "hostile") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(
        f"format: 1\nkind: pack\nid: {ident}\nname: {{en: X, fr: X, nl: X}}\n"
        "version: '1.0'\nextends: [base]\n",
        encoding="utf-8",
    )
    return folder


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every path the loader opens."""
    seen: list[str] = []
    real_open = os.open

    def spy(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        seen.append(os.fspath(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", spy)  # the loader calls os.open
    yield seen


def nest(root: Path, levels: int) -> Path:
    """``root/d/d/.../d``, made one level at a time (``mkdir(parents=True)`` recurses)."""
    path = str(root)
    for _ in range(levels):
        path += "/d"
        os.mkdir(path)
    return Path(path)


def unnest(deep: Path, levels: int) -> None:
    """Remove what :func:`nest` made, deepest first (``shutil.rmtree`` recurses, and
    pytest's clean-up of the temporary folders would hit the recursion limit)."""
    path = str(deep)
    for _ in range(levels):
        for name in os.listdir(path):
            os.unlink(f"{path}/{name}") if not os.path.isdir(f"{path}/{name}") else None
        os.rmdir(path)
        path = path.rpartition("/")[0]


def refused(report: tr.ValidationReport) -> list[tr.Problem]:
    return [p for p in report.problems if p.code == "file-refused"]


def command(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["validate", *args], out)
    return status, out.getvalue()


# ----------------------------------------------------------------------------- the findings
@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_a_device_given_as_the_path_is_refused(device: str) -> None:
    (problem,) = tr.validate(device).problems
    assert problem.code == "file-refused" and "device" in problem.message and problem.file == device
    with pytest.raises(tr.ContentError):
        tr.load_rules(device)


def test_a_link_to_a_device_is_never_read(tmp_path: Path, opened: list[str]) -> None:
    pack = manifest(tmp_path / "p")
    (pack / "zero.yaml").symlink_to("/dev/zero")
    (problem,) = refused(tr.validate(pack))
    assert problem.file.endswith("zero.yaml")
    assert not any(path.endswith("zero.yaml") for path in opened)


def test_a_fifo_named_like_content_is_never_opened(tmp_path: Path, opened: list[str]) -> None:
    pack = manifest(tmp_path / "p")
    os.mkfifo(pack / "x.yaml")
    (problem,) = refused(tr.validate(pack))
    assert "FIFO" in problem.message and problem.file.endswith("x.yaml")
    assert not any(path.endswith("x.yaml") for path in opened)
    # Given directly, too; and the cache key of load_rules never opens it either.
    (direct,) = tr.validate(pack / "x.yaml").problems
    assert direct.code == "file-refused"
    with pytest.raises(tr.ContentError):
        tr.load_rules(pack)
    assert not any(path.endswith("x.yaml") for path in opened)


def test_a_thousand_nested_folders_are_walked_without_recursion(tmp_path: Path) -> None:
    pack = manifest(tmp_path / "p")
    deep = nest(pack, 1_100)
    (deep / "spells.yaml").write_text(CHANGES, encoding="utf-8")
    try:
        (problem,) = refused(tr.validate(pack))
    finally:
        unnest(deep, 1_100)
    assert "deeper than 32" in problem.message
    # Nested packs (each folder a pack) do not recurse either.
    nested = manifest(tmp_path / "n")
    folder = nest(nested, 200)
    for level in range(200):
        manifest(folder, f"p{level}")
        folder = folder.parent
    assert any("deeper than 32" in p.message for p in refused(tr.validate(nested)))


def test_a_link_to_a_file_outside_the_pack_is_not_read_nor_printed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text(f"format: 1\nkind: changes\n{SECRET}: [\n", encoding="utf-8")
    pack = manifest(tmp_path / "p")
    (pack / "leak.yaml").symlink_to(secret)
    report = tr.validate(pack)
    (problem,) = refused(report)
    assert "outside" in problem.message and problem.file.endswith("leak.yaml")
    assert SECRET not in report.format_text() and SECRET not in str(report.to_json())
    assert not any(SECRET in text for text in report.sources.values())
    status, out = command(str(pack))
    assert status == 1 and SECRET not in out and "file-refused" in out


def test_a_link_inside_the_pack_is_read(tmp_path: Path) -> None:
    pack = manifest(tmp_path / "p")
    (pack / "real.yaml").write_text(CHANGES + "constants: {row_size: 4}\n", encoding="utf-8")
    (pack / "alias.yaml").symlink_to(pack / "real.yaml")
    report = tr.validate(pack)
    assert not refused(report) and str(pack / "alias.yaml") in report.files


def test_a_file_over_the_size_bound_is_read_only_up_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = manifest(tmp_path / "p")
    big = pack / "big.yaml"
    with big.open("wb") as out:
        out.truncate(50 * Limits().max_bytes)  # sparse: 50 MB that take no disk
    files: dict[int, str] = {}
    read: dict[str, int] = {}
    real_open, real_read = os.open, os.read

    def spy_open(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        fd = real_open(path, flags, *args)
        files[fd] = os.fspath(path)
        return fd

    def spy_read(fd: int, size: int) -> bytes:
        data = real_read(fd, size)
        read[files[fd]] = read.get(files[fd], 0) + len(data)
        return data

    monkeypatch.setattr(os, "open", spy_open)
    monkeypatch.setattr(os, "read", spy_read)
    problems = tr.validate(pack).problems
    assert [p.code for p in problems] == ["yaml-too-large"]
    assert read[str(big)] == Limits().max_bytes + 1


@pytest.mark.parametrize("name", ["Spells.YAML", "spells.yaml.txt", "spells.YML", "spells.yml.bak"])
def test_near_miss_names_are_warned_about(tmp_path: Path, name: str) -> None:
    pack = manifest(tmp_path / "p")
    (pack / name).write_text(CHANGES, encoding="utf-8")
    report = tr.validate(pack)
    (problem,) = report.warnings
    assert problem.code == "file-ignored" and report.ok and name in problem.message
    assert problem.hint.startswith("rename it") and problem.hint.endswith((".yaml'", ".yml'"))


def test_yml_files_are_content(tmp_path: Path) -> None:
    pack = manifest(tmp_path / "p")
    (pack / "changes.yml").write_text(CHANGES + "constants: {row_size: nine}\n", encoding="utf-8")
    assert [p.code for p in tr.validate(pack).problems] == ["schema-type"]


def test_too_many_entries_are_cut_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "MAX_ENTRIES", 20)
    pack = manifest(tmp_path / "p")
    for i in range(30):
        (pack / f"notes{i}.txt").write_text("x", encoding="utf-8")
    (problem,) = refused(tr.validate(pack))
    assert "more than 20" in problem.message


def test_a_broken_link_and_a_link_loop_are_problems(tmp_path: Path) -> None:
    pack = manifest(tmp_path / "p")
    (pack / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    (pack / "loop.yaml").symlink_to(pack / "loop.yaml")
    report = tr.validate(pack)
    assert sorted(p.file.rpartition("/")[2] for p in report.errors) == ["gone.yaml", "loop.yaml"]


# ----------------------------------------------------------------------------- every way in
def test_hostile_paths_through_the_command(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text(SECRET + "\n", encoding="utf-8")
    pack = manifest(tmp_path / "p")
    (pack / "leak.yaml").symlink_to(secret)
    (pack / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(pack / "fifo.yaml")
    nest(pack, 40)
    for args in ([str(pack)], [str(pack), "--format", "json"], ["/dev/null"]):
        status, out = command(*args)
        assert status == 1, out
        assert "file-refused" in out and SECRET not in out and "Traceback" not in out
    assert command(str(tmp_path / "missing"))[0] == 1


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["file", "fifo", "outside", "device", "dir", "dangling"]), max_size=6))
def test_any_mix_of_entries_is_read_or_refused(kinds: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "outside.yaml").write_text(SECRET + ": 1\n", encoding="utf-8")
        pack = manifest(root / "p")
        for i, kind in enumerate(kinds):
            entry = pack / f"e{i}.yaml"
            if kind == "file":
                entry.write_text(CHANGES, encoding="utf-8")
            elif kind == "fifo":
                os.mkfifo(entry)
            elif kind == "outside":
                entry.symlink_to(root / "outside.yaml")
            elif kind == "device":
                entry.symlink_to("/dev/null")
            elif kind == "dir":
                entry.mkdir()
            else:
                entry.symlink_to(root / "nowhere")
        report = tr.validate(pack, base=False)  # the base game adds nothing here but time
        bad = sum(kind in ("fifo", "outside", "device", "dangling") for kind in kinds)
        assert len([p for p in report.errors if p.code.startswith("file-")]) == bad
        assert SECRET not in report.format_text()
