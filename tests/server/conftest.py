"""Server-tier fixtures: the real server as `make run` starts it, on a free port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .server import Server, serve


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[Server]:
    """The server with a short request timeout (2 s), so that tests see requests time out."""
    with serve(tmp_path, REQUEST_TIMEOUT="2") as running:
        yield running


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The server as `make run` starts it (requests time out after 10 s)."""
    with serve(tmp_path) as running:
        yield running
