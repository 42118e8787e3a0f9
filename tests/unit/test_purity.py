"""The rules engine, the paper-check engine and the evening planner import no web, database,
template or printing library (`make lint` checks the same with import-linter, with the rest of the floors)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.evening
import scorekeeper.paper
import scorekeeper.scoring

FORBIDDEN = {"flask", "flask_wtf", "flask_babel", "sqlalchemy", "alembic", "jinja2", "weasyprint", "werkzeug"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize(
    "engine",
    [scorekeeper.scoring, scorekeeper.paper, scorekeeper.evening],
    ids=["scoring", "paper", "evening"],
)
def test_the_engines_import_nothing_forbidden(engine):
    package = Path(engine.__file__).parent
    files = sorted(package.glob("*.py"))
    assert len(files) > 5
    for path in files:
        assert not imported_modules(path) & FORBIDDEN, path.name


def test_the_check_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import flask\nfrom sqlalchemy.orm import Session\n")
    assert imported_modules(sample) & FORBIDDEN == {"flask", "sqlalchemy"}
