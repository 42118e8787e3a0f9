"""Reading the commands' input files: bytes from a path or standard input, a checked game."""

from __future__ import annotations

import sys

import click

from scorekeeper.scoring import Game, GameError, loads


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
