"""The rules fieldset's scripts on the new-game and paper-check screens (they find what they work on
by data attributes): custom points shown only when chosen, no compulsory doubles without doubling,
another game chosen keeping the names typed."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_the_new_game_screen_shows_custom_points_and_doubles_as_the_rules_say(
    page: Page, live_server: str
) -> None:
    page.goto(f"{live_server}/new")
    points = page.locator("[data-custom-points]")
    expect(points).to_be_hidden()
    page.select_option("[data-scheme]", "custom")
    expect(points).to_be_visible()
    compulsory = page.locator("[data-option=compulsory_doubles]")
    expect(compulsory).to_be_enabled()
    page.select_option("[data-option=doubling]", "none")
    expect(compulsory).to_be_disabled()
    expect(compulsory).to_have_value("0")


def test_another_game_on_the_new_game_screen_keeps_the_names(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new")
    page.fill("input[data-seat='0']", "Ann")
    page.click("[data-switch-game=barbette]")
    expect(page.locator("[data-switch-game=barbette]")).to_have_attribute("aria-current", "true")
    expect(page.locator("input[data-seat='0']")).to_have_value("Ann")
    expect(page.locator("[data-game]")).to_have_value("barbette")


def test_the_check_sends_custom_points_only_when_chosen(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/check")
    points = page.locator("[data-custom-points]")
    first = points.locator("input").first
    expect(points).to_be_hidden()
    expect(first).to_be_disabled()
    page.select_option("[data-scheme]", "custom")
    expect(points).to_be_visible()
    expect(first).to_be_enabled()


def test_the_salads_make_up_is_asked_only_for_french_barbu(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new")
    salad = page.locator("[data-salad]")
    expect(salad).to_have_count(0)
    page.fill("input[data-seat='0']", "Ann")
    page.click("[data-switch-game=french]")
    expect(salad).to_be_visible()
    # The four of the rules reference, whole values, a penalty: the game's own Salad.
    ticked = salad.locator("input[name=salad_parts]:checked")
    expect(ticked).to_have_count(4)
    expect(salad.locator("input[name=salad_halved]")).not_to_be_checked()
    expect(salad.locator("input[name=salad_scored][value=penalty]")).to_be_checked()
    expect(page.locator("input[data-seat='0']")).to_have_value("Ann")
    page.click("[data-switch-game=barbu]")
    expect(salad).to_have_count(0)
    page.goto(f"{live_server}/check?game=french")
    expect(salad).to_be_visible()
