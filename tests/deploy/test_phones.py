"""Phones through nginx and two servers: a game played in each language with both digit settings while
a second phone follows the read-only link live, its PDFs; a group page following its tables; a paper
check kept; a game file and a group zip imported. nginx sends each request to the next server, so a
form is rendered by one server and posted to the other, and a phone's cookies travel between them."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.present.report import score_document
from tests.browser.entry import create_game, enter_hand

from .cluster import Cluster

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
LANGS = ["en", "fa", "hr", "fr"]
NAMES = {
    "en": ["Ann", "Beth", "Cat", "Diana"],
    "fa": ["نگار", "رضا", "مریم", "علی"],
    "hr": ["Ana", "Ivo", "Mara", "Luka"],
    "fr": ["Anne", "Benoît", "Chloé", "Denis"],
}
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def hands(names: list[str]) -> list[dict[str, Any]]:
    """Two deals: Barbu, Cat takes the king; No queens, Beth doubles Ann (Ann 1, Cat 1, Diana 2)."""
    ann, beth, cat, diana = names
    queens = {ann: 1, beth: 0, cat: 1, diana: 2}
    return [
        {"contract": "barbu", "doubles": [], "result": {"king": cat}},
        {"contract": "no-queens", "doubles": [[beth, ann]], "result": {"queens": queens}},
    ]


def totals_after(names: list[str], played: list[dict[str, Any]]) -> list[int]:
    doc = {"format": "barbu-game/1", "players": names, "first_declarer": names[0], "hands": played}
    totals: dict[str, int] = score_document(doc)["totals"]
    return [totals[n] for n in names]


def shown(n: int, lang: str, persian: bool) -> str:
    """A total as the page shows it (i18n.signed): a real minus, kept left to right in Persian."""
    text = f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
    if persian:
        text = text.translate(PERSIAN)
    return f"\u2066{text}\u2069" if lang == "fa" else text


def choose(page: Page, base: str, lang: str, digits: str) -> None:
    """The language and the digits, chosen through the app's own links (cookies set through nginx)."""
    page.goto(f"{base}/lang/{lang}?next=/")
    page.goto(f"{base}/digits/{digits}?next=/")
    assert page.locator("html").get_attribute("lang") == lang


def two_persian_phones(phone: Callable[..., Page], base: str) -> tuple[Page, Page]:
    """Two phones reading Persian with Persian digits, as their readers chose it."""
    pages = phone("fa"), phone("fa")
    for page in pages:
        choose(page, base, "fa", "persian")
    return pages


def pdf(page: Page, url: str) -> bytes:
    answer = page.request.get(url)
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf", url
    body = answer.body()
    assert body.startswith(b"%PDF"), url
    return body


@pytest.mark.parametrize("digits", ["western", "persian"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_game_in_every_language_and_digits_through_nginx(
    club: Cluster, phone: Callable[..., Page], shot: Callable[..., Path], lang: str, digits: str
) -> None:
    start = len(club.nginx.lines())
    base, names = club.base, NAMES[lang]
    persian = lang == "fa" and digits == "persian"  # the cookie is sent in every language
    scorer, follower = phone(lang), phone(lang)
    for page in (scorer, follower):
        choose(page, base, lang, digits)
    token = create_game(scorer, base, names)
    view = scorer.locator("#view-link").input_value()
    assert view.startswith(base + "/v/"), view  # the address the phone used, through nginx
    follower.goto(view)
    played: list[dict[str, Any]] = []
    for number, hand in enumerate(hands(names), start=1):
        enter_hand(scorer, base, token, hand, names)
        assert f"#deal-{number}" in scorer.url, scorer.locator(".error").all_inner_texts()
        played.append(hand)
        totals = [shown(t, lang, persian) for t in totals_after(names, played)]
        for seat, total in enumerate(totals):  # the follower's sheet, live, without a reload
            expect(follower.locator("ul.totals strong").nth(seat)).to_have_text(total, timeout=10_000)
        assert follower.url == view
        if persian:
            shot(follower, f"fa-persian-follower-deal-{number}")
    if persian:
        shot(follower, "fa-persian-follower-whole-page", full=True)
    pdf(follower, f"{view}/sheet.pdf")
    # Both servers answered this phone's requests, in turn.
    served = Counter(club.upstreams(start))
    assert len(served) == 2 and min(served.values()) >= 0.3 * sum(served.values()), served


def test_a_group_follows_its_tables_and_comes_back_from_its_zip(
    club: Cluster, phone: Callable[..., Page], shot: Callable[..., Path], tmp_path: Path
) -> None:
    base, names = club.base, NAMES["fa"]
    organiser, watcher = two_persian_phones(phone, base)
    organiser.goto(f"{base}/groups/new")
    organiser.fill("input[name=name]", "باشگاه سه‌شنبه")
    organiser.click("form button[type=submit]")
    organiser.wait_for_url(f"{base}/gr/*")
    group_page = organiser.url
    watcher.goto(organiser.locator("#view-link").input_value())
    organiser.click("a[href*='/new?group=']")
    organiser.wait_for_url(re.compile(r"/new\?group="))
    for seat, name in enumerate(names):
        organiser.fill(f"#player_{seat}", name)
    organiser.click("label:has(> input[name=first_declarer][value='0'])")
    organiser.click("button[value=create]")
    organiser.wait_for_url(f"{base}/g/*")
    token = organiser.url.rsplit("/g/", 1)[1].split("#")[0]
    expect(watcher.locator(".night .table-card")).to_have_count(1, timeout=10_000)
    enter_hand(organiser, base, token, hands(names)[0], names)
    king = shown(-20, "fa", True)
    expect(watcher.locator(".night .table-card ul.totals strong").nth(2)).to_have_text(king, timeout=10_000)
    expect(watcher.locator(".night ol.ranking")).to_contain_text(king)
    shot(watcher, "fa-persian-group-night")

    # The group's zip, downloaded and imported: a new group with the same game.
    organiser.goto(group_page)
    answer = organiser.request.get(f"{group_page}/export.zip")
    assert answer.status == 200
    archive = tmp_path / "group.zip"
    archive.write_bytes(answer.body())
    organiser.goto(f"{base}/groups/import")
    organiser.set_input_files("input[type=file]", str(archive))
    organiser.click("form button[type=submit]")
    organiser.wait_for_url(f"{base}/gr/*")
    assert organiser.url != group_page
    expect(organiser.locator(".group-games li")).to_have_count(1)


def test_a_game_file_is_imported_and_a_paper_check_is_kept(
    club: Cluster, phone: Callable[..., Page], tmp_path: Path
) -> None:
    base = club.base
    page = phone("hr")
    choose(page, base, "hr", "persian")
    page.goto(f"{base}/import")
    page.set_input_files("input[type=file]", str(EXAMPLES / "worked-example.json"))
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base}/g/*")
    expect(page.locator("ul.totals strong").nth(1)).to_have_text("+16")  # Western digits in Croatian
    pdf(page, page.url.split("#")[0] + "/sheet.pdf?paper=letter")
    pdf(page, f"{base}/sheets/blank.pdf?paper=letter&orientation=landscape")

    page.goto(f"{base}/check")
    for seat, name in enumerate(NAMES["hr"]):
        page.fill(f"#player_{seat}", name)
    page.click("form button[type=submit]")
    expect(page.locator("table.paper-grid thead")).to_contain_text("Luka")
    page.select_option("select[name=c0]", "no-queens")
    for seat, figure in enumerate(("-12", "24", "-12", "-24")):  # the worked example's first deal
        page.fill(f"input[name=s0_{seat}]", figure)
    page.click("button[value=keep]")
    page.wait_for_url(re.compile(r"/check/[A-Za-z0-9_-]+"))
    kept = page.url.split("?")[0]
    again = phone("hr")
    again.goto(kept)  # the kept check, under its own link, on another phone
    expect(again.locator("input[name=s0_1]")).to_have_value("24")
