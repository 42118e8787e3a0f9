"""Forms and links found on a page, read from its HTML the way a browser reads them, so the fuzzer
follows the forms as they are today, whatever fields they gain or lose."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Field:
    """One named control: its kind (text, hidden, radio, checkbox, select, file, submit) and the
    values the page offers (a text box's current value, every option of a radio group or select)."""

    name: str
    kind: str
    values: list[str] = field(default_factory=list)


@dataclass
class Form:
    action: str
    method: str
    multipart: bool
    fields: dict[str, Field] = field(default_factory=dict)

    def add(self, name: str, kind: str, value: str | None) -> None:
        found = self.fields.setdefault(name, Field(name, kind))
        if value is not None and value not in found.values:
            found.values.append(value)


class _Reader(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[Form] = []
        self.links: list[str] = []
        self._form: Form | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "option" and self._form is not None and self._select is not None:
            self._form.add(self._select, "select", a.get("value", ""))
        elif tag == "a" and a.get("href", "").startswith("/"):
            self.links.append(a["href"])
        elif tag == "form":
            method = a.get("method", "get").lower()
            multipart = a.get("enctype", "") == "multipart/form-data"
            self._form = Form(a.get("action") or self.page, method, multipart)
            self.forms.append(self._form)
        elif self._form is None or not a.get("name"):
            return
        elif tag == "input":
            kind = a.get("type", "text").lower()
            self._form.add(a["name"], kind, a.get("value", "y" if kind == "checkbox" else ""))
        elif tag == "button":
            self._form.add(a["name"], "submit", a.get("value", ""))
        elif tag == "select":
            self._select = a["name"]
            self._form.add(a["name"], "select", None)
        elif tag == "textarea":
            self._form.add(a["name"], "text", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


def read(page: str, html: str) -> tuple[list[Form], list[str]]:
    """The forms and same-site links of `html`, served at path `page`."""
    reader = _Reader(page)
    reader.feed(html)
    reader.close()
    return reader.forms, reader.links
