"""Scripts and stylesheets are sent without their comments and indentation, and nothing else changes."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from flask.testing import FlaskClient

from scorekeeper.web.common.minify import css, js

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_a_stylesheet_loses_its_comments_and_spacing_but_not_its_rules() -> None:
    raw = b"/* why */\n.a  >  .b {\n  color: red;\n  margin: 0 1px;\n}\n\n"
    raw += b"@media print {\n  .c { display: none; }\n}\n"
    assert css(raw) == b".a  >  .b{color: red;margin: 0 1px;}@media print{.c{display: none;}}\n"


def test_a_delicate_string_is_kept_as_it_is() -> None:
    assert css(b'a { content: "x ; y"; }\n') == b'a{content: "x ; y";}\n'
    assert css(b"a { content: '/* not a comment */'; }\n") == b"a{content: '/* not a comment */';}\n"


def test_a_script_loses_its_whole_line_comments_and_indentation_only() -> None:
    raw = b"// why\nconst a = 1; // kept\n  if (a) {\n    f(`x\n    y`);\n  }\n"
    assert js(raw) == b"const a = 1; // kept\nif (a) {\nf(`x\n    y`);\n}\n"


def test_a_string_continued_on_the_next_line_keeps_its_spaces() -> None:
    assert js(b'const s = "a\\\n   b";\n') == b'const s = "a\\\n   b";\n'


def test_every_script_still_parses(tmp_path: Path) -> None:
    # `make test` installs Debian's nodejs; without it this fails rather than skips, in CI or not.
    assert shutil.which("node"), "node is missing: `make install-test` installs Debian's nodejs"
    for script in STATIC.glob("js/*.js"):
        out = tmp_path / script.name
        out.write_bytes(js(script.read_bytes()))
        checked = subprocess.run(["node", "--check", str(out)], capture_output=True, text=True)
        assert checked.returncode == 0, (script.name, checked.stderr)


def test_the_stylesheet_a_page_links_is_sent_lean(client: FlaskClient) -> None:
    page = client.get("/").text
    found = re.search(r"/static/css/app\.css\?v=\w+", page)
    assert found
    with client.get(found.group(0), headers={"Accept-Encoding": "identity"}) as response:
        sent = response.get_data()
    assert b"/*" not in sent
    assert sent == css((STATIC / "css" / "app.css").read_bytes())


def test_a_quote_in_a_comment_is_the_comments_and_a_comment_mark_in_a_string_the_strings() -> None:
    raw = b"""/* the game's figures, "quoted" */
a {
  content: "/* not a comment */";
  color: red; /* Barbu's */
}
b { content: 'x;y' }
"""
    assert css(raw) == b"""a{content: "/* not a comment */";color: red;}b{content: 'x;y'}\n"""


def test_every_stylesheet_of_the_app_loses_its_comments() -> None:
    for sheet in sorted((Path(__file__).parents[2] / "static" / "css").glob("*.css")):
        made = css(sheet.read_bytes())
        assert b"/*" not in made and len(made) < 0.9 * sheet.stat().st_size, sheet.name
