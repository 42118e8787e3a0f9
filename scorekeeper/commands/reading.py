"""Reading the commands' input files: bytes from a path or standard input, a checked game, the
games of a game file or a group's zip."""

from __future__ import annotations

import sys

import click

from scorekeeper.present.group_zip import ZipProblem, read
from scorekeeper.scoring import Game, GameError, loads
from scorekeeper.scoring.rating import in_date_order


def read_input(path: str) -> bytes:
    """The bytes of `path`, or of standard input for `-`; exits 1 if it cannot be read."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        click.echo(f"cannot read {path}: {error.strerror}", err=True)
        sys.exit(1)


def game_or_exit(data: bytes) -> Game:
    """The checked game in `data`; on a problem, prints each one and exits 1."""
    try:
        return loads(data)
    except GameError as error:
        for problem in error.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)


def read_game(path: str) -> Game:
    """The checked game in file `path`; on a problem, prints each one and exits 1."""
    return game_or_exit(read_input(path))


def games_in(path: str, merges: dict[str, str], zip_only: bool = False) -> list[Game]:
    """The games in `path`, oldest first: a zip's by the dates of its manifest (then file names),
    a game file's one game (unless `zip_only`: then exits 1); a zip's merged names are added to
    `merges`."""
    data = read_input(path)
    if not data.startswith(b"PK"):
        if zip_only:
            click.echo(f"{path} is not a readable group zip", err=True)
            sys.exit(1)
        return [game_or_exit(data)]
    try:
        found = read(data)
    except ZipProblem as error:
        click.echo(f"{path}: {error}", err=True)
        for problem in error.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    merges.update(found.merges)
    return in_date_order(found.games)
