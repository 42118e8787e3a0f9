"""The code revision a process runs: a hash of everything that shapes what it renders.

A cache kept outside the process (the rendered PDFs in the database, shared by every server) must
never hand a sheet drawn by one revision to a server running another: a deploy changes a template,
a stylesheet, a translation, the code that lays a sheet out, or a font, and the old PDF is stale.
So their keys carry `REVISION`, worked out once when the process starts from the files themselves
(no version number to forget to bump): the package's source and catalogues, the templates, the
static files, the fonts installed on the machine (by name, size and time: a font package upgraded
is a new revision) and the versions of the renderer's libraries.
"""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What the app renders from, read whole; compiled byte code is left out (it follows the source).
SOURCES = (ROOT / "scorekeeper", ROOT / "templates", ROOT / "static")
# Where fontconfig finds the fonts WeasyPrint draws with, and how it is told to choose them.
FONTS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path("/etc/fonts"))
# The shaping and font libraries under WeasyPrint come from Debian: their files, by size and time.
SHARED = ("libpango*", "libharfbuzz*", "libfontconfig*", "libfreetype*", "libcairo*")
LIBRARIES = ("weasyprint", "pydyf", "tinycss2", "cssselect2", "fonttools", "pillow", "segno", "babel")


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def compute() -> str:
    """The revision of the files as they are now: 16 hex digits."""
    digest = hashlib.sha256()
    for folder in SOURCES:
        for path in _files(folder):
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    for folder in FONTS:
        for path in _files(folder) if folder.is_dir() else []:
            info = path.stat()
            digest.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
    for pattern in SHARED:
        for path in sorted(Path("/usr/lib").glob(f"*/{pattern}")):
            info = path.stat()
            digest.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
    for name in LIBRARIES:
        try:
            digest.update(f"{name}={version(name)}\0".encode())
        except PackageNotFoundError:
            digest.update(f"{name}=-\0".encode())
    return digest.hexdigest()[:16]


REVISION = compute()
