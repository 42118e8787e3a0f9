"""A render process beside each gevent worker, so that WeasyPrint's CPU and GIL stay out of it.

Under gevent the worker serves thousands of connections from one thread; a render in a thread of
the same process still shares its GIL, and polls answered by that worker were seen to wait a
second. Each worker therefore starts one child process on its first render, keeps it, and hands
it HTML over a pipe (gevent makes the waiting cooperative); the child answers with the PDF. The
machine-wide slots (`slots.slot`) still bound how many children render at once. The child ends
when its worker does (its standard input closes).

Frames: a 4-byte big-endian length, then that many bytes. A request is a 4-byte length and a
filled sheet's kept grid (`framed`; none: length 0), then the HTML. The answer starts with one
byte: 0 for a PDF (a 4-byte length, the PDF, then a grid drawn for it to keep, or nothing), 1 for
an error message.
"""

from __future__ import annotations

import gc
import struct
import subprocess
import sys
import threading
from typing import IO

TIMEOUT = 60.0


def _read_frame(stream: IO[bytes]) -> bytes | None:
    head = stream.read(4)
    if len(head) < 4:
        return None
    (size,) = struct.unpack(">I", head)
    body = stream.read(size)
    if len(body) < size:
        return None
    return body


def _write_frame(stream: IO[bytes], data: bytes) -> None:
    stream.write(struct.pack(">I", len(data)) + data)
    stream.flush()


class RenderError(Exception):
    """The render process failed or stopped."""


class Renderer:
    """One child process that turns HTML into PDF, started on first use, one render at a time."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def _child(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "scorekeeper.web.printing.renderer"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
        return self._process

    def close(self) -> None:
        """End the child: its standard input closes, and it stops."""
        child, self._process = self._process, None
        if child is not None:
            assert child.stdin is not None and child.stdout is not None
            child.stdin.close()
            child.wait(TIMEOUT)
            child.stdout.close()

    def render(self, html: str, grid: bytes | None = None) -> tuple[bytes, bytes | None]:
        """The PDF of `html`, and the grid drawn for it if one was (see the frames above)."""
        import gevent

        with self._lock:
            child = self._child()
            assert child.stdin is not None and child.stdout is not None
            try:
                with gevent.Timeout(TIMEOUT, RenderError("the render took too long")):
                    _write_frame(child.stdin, _pack(grid or b"") + html.encode())
                    answer = _read_frame(child.stdout)
            except (RenderError, OSError) as error:
                child.kill()
                raise RenderError(str(error)) from None
            if not answer:
                child.kill()
                raise RenderError("the render process stopped")
            if answer[:1] != b"\x00":
                raise RenderError(answer[1:].decode(errors="replace"))
            pdf, drawn = _unpack(answer[1:])
            return pdf, drawn or None


def _pack(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _unpack(data: bytes) -> tuple[bytes, bytes]:
    """A length-prefixed part, and what follows it."""
    (size,) = struct.unpack(">I", data[:4])
    return data[4 : 4 + size], data[4 + size :]


def main() -> None:
    """The child: render every frame of HTML read from standard input until it closes."""
    from .weasy import StaticOnlyFetcher, render_sheet

    # A render makes hundreds of thousands of objects, and the collector walked them all again and
    # again while the player waited (about a seventh of a filled sheet's render, bench/speed.py).
    # The modules loaded now are kept out of its walks for good; during a render it is off, and
    # it collects once the PDF is sent, while no one waits on this process.
    gc.freeze()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while (frame := _read_frame(stdin)) is not None:
        gc.disable()
        try:
            grid, html = _unpack(frame)
            pdf, drawn = render_sheet(html.decode(), StaticOnlyFetcher(), grid or None)
            answer = b"\x00" + _pack(pdf) + (drawn or b"")
        except BaseException as error:  # WeasyPrint's fetch errors are BaseExceptions too
            answer = b"\x01" + repr(error).encode()
        _write_frame(stdout, answer)
        del answer
        gc.enable()
        gc.collect()


if __name__ == "__main__":
    main()
