"""The baselines of bench/speed.py: the least each request could cost, served by the same
gunicorn settings as the app (scripts/serve.sh with WSGI_APP=bench.baseline:application()).

- POST /insert: one row inserted and committed into SQLite in the instance folder, then 303;
- GET /table: a bare Jinja template (compiled once, as the app's templates are) rendering a table
  of 28 rows by 4 players of plain integers, no filters, no macros;
- GET /bare: a route that answers "ok";
- GET /poll: a route that answers 304 to the ETag it was given;
- GET /pdf: a one-line HTML document turned into PDF by WeasyPrint.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from flask import Flask, Response, redirect, render_template, request
from jinja2 import DictLoader

TABLE = """<!doctype html><table>{% for row in rows %}<tr><th>{{ loop.index }}</th>
{% for cell in row %}<td>{{ cell }}</td>{% endfor %}</tr>{% endfor %}</table>"""


def create() -> Flask:
    app = Flask(__name__)
    # A template by name, as the app's are: compiled once per worker, not on every request as
    # render_template_string would (compiling cost about seven times the render).
    app.jinja_loader = DictLoader({"table.html": TABLE})
    folder = Path(os.environ.get("SCOREKEEPER_INSTANCE", "instance"))
    folder.mkdir(parents=True, exist_ok=True)
    database = folder / "baseline.sqlite"
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, data TEXT)")
    rows = [[(r * 7 + c * 3) % 41 - 20 for c in range(4)] for r in range(28)]

    @app.post("/insert")
    def insert() -> Any:
        with sqlite3.connect(database) as connection:
            connection.execute("INSERT INTO rows (data) VALUES (?)", (request.form.get("data", ""),))
        return redirect("/bare", 303)

    @app.get("/table")
    def table() -> str:
        return render_template("table.html", rows=rows)

    @app.get("/bare")
    def bare() -> str:
        return "ok"

    @app.get("/poll")
    def poll() -> Response:
        response = Response("changed")
        response.set_etag("v1", weak=True)
        return response.make_conditional(request)

    @app.get("/pdf")
    def pdf() -> Response:
        from weasyprint import HTML

        return Response(HTML(string="<p>Barbu</p>").write_pdf(), mimetype="application/pdf")

    return app


def application() -> Any:
    from scorekeeper.server.worker import buffered

    return buffered(create(), 256 * 1024)
