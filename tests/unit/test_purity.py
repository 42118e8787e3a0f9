"""The rules engine imports no web, database, template or printing library."""

from __future__ import annotations

import ast
from pathlib import Path

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


def test_scoring_imports_nothing_forbidden():
    package = Path(scorekeeper.scoring.__file__).parent
    files = sorted(package.glob("*.py"))
    assert len(files) > 5
    for path in files:
        assert not imported_modules(path) & FORBIDDEN, path.name


def test_the_check_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import flask\nfrom sqlalchemy.orm import Session\n")
    assert imported_modules(sample) & FORBIDDEN == {"flask", "sqlalchemy"}
