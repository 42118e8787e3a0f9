"""No module of the package grows past 250 lines (issue 19's floor plan): a module that does is
doing two things, and is split by what it does."""

from __future__ import annotations

from pathlib import Path

import scorekeeper

LIMIT = 250
ROOT = Path(scorekeeper.__file__).parent


def test_no_module_is_over_the_limit() -> None:
    # Alembic's migrations are written once and never grow; everything else counts.
    modules = [p for p in ROOT.rglob("*.py") if "migrations" not in p.parts]
    long = {str(p.relative_to(ROOT)): n for p in modules if (n := len(p.read_text().splitlines())) > LIMIT}
    assert len(modules) > 100 and not long


def test_the_top_level_holds_only_the_factory_configuration_and_command() -> None:
    loose = {p.name for p in ROOT.glob("*.py")}
    assert loose == {"__init__.py", "app.py", "config.py", "cli.py"}
