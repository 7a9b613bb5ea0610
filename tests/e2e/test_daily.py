"""The daily puzzle page in Chromium (static/js/daily/page.js): today's Score Four puzzle in
every language at phone and laptop size, one wrong try first (its refutation is played on
the board), then the solution against the shipped defence; the result is shared (Copy) and
a reload keeps it solved. The page's date is the browser's own; the answer is read from the
schedule for that date (daily/data/schedule.json), never typed here. A best-move puzzle
(goal "best", daily/best.py) on a phone: a wrong move answered with its proven count, then
the one best move.

Set DAILY_SCREENSHOTS=/some/dir to keep the screenshots (light and dark, both sizes).
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from daily import schedule
from tests.e2e.browser import watch

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


def puzzle_of(date: str, game: str) -> dict:
    day = schedule.day(dt.date.fromisoformat(date))
    assert day is not None, f"no puzzle scheduled for {date}"
    return next(p for p in day["puzzles"] if p["game"] == game)


def press_peg(section, peg: str) -> None:
    section.locator(f"[data-peg-panel] button[data-peg='{peg}']").click()


def solve(section, puzzle: dict) -> None:
    """Play the first good move at each turn; the page answers with the tree's reply."""
    node = puzzle["defence"]
    while node is not None:
        move = next(iter(node["good"]))
        press_peg(section, move)
        follow = node["good"][move]
        node = follow["next"] if follow else None


def shot(page, language: str, size: str, scheme: str) -> None:
    folder = os.environ.get("DAILY_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/daily-{language}-{size}-{scheme}.png", full_page=False)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_solve_today_s_score_four_puzzle(browser, live_server_url, language, size):
    # Reduced motion: the puzzle's balls land at once (their fall is tested with the game's).
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_url)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{live_server_url}/{language}/daily/")
    root = page.locator("[data-daily]")
    expect(root).to_have_attribute("data-ready", "true", timeout=20_000)
    date = root.get_attribute("data-date")
    # The browser's own calendar date (Swedish dates are written YYYY-MM-DD).
    assert date == page.evaluate("new Date().toLocaleDateString('sv')")
    puzzle = puzzle_of(date, "score-four")
    section = page.locator("[data-daily-puzzle][data-game='score-four']")
    expect(section).to_have_attribute("data-state", "playing")
    # Each peg button is big enough to hit and holds its four level marks (on a laptop the
    # panel once shrank to 193 px beside the board, its marks spilling over the buttons).
    for box in [b.bounding_box() for b in section.locator("[data-peg-panel] button").all()]:
        assert box["width"] >= 60 and box["height"] >= 60, box
    shot(page, language, size, "light")

    wrong = next(iter(puzzle["defence"]["bad"]))
    press_peg(section, wrong)
    expect(section).to_have_attribute("data-state", "wrong")
    expect(section.locator("[data-feedback]")).not_to_be_empty()
    refutation = puzzle["defence"]["bad"][wrong]["reply"]
    if refutation:  # the reply is on the board: the line lists it
        expect(section.locator("[data-line] li")).to_have_count(2)
        expect(section.locator("[data-line] li").nth(1)).to_contain_text(refutation)
    section.locator("[data-feedback]").scroll_into_view_if_needed()
    shot(page, language, size, "wrong")
    section.locator("[data-retry]").click()
    expect(section).to_have_attribute("data-state", "playing")
    expect(section).to_have_attribute("data-tries", "2")

    solve(section, puzzle)
    expect(section).to_have_attribute("data-state", "solved")
    expect(section.locator("[data-replay-prev]")).to_be_visible()
    section.locator("[data-replay-prev]").click()
    expect(section.locator("[data-feedback]")).not_to_be_empty()

    share = page.locator("[data-daily-share]")
    expect(share).to_be_visible()
    text = share.locator("[data-share-text]").inner_text()
    number = schedule.day(dt.date.fromisoformat(date))["number"]
    # The number, one miss then the solve for Score Four, the other puzzles untouched: marks
    # only, nothing of the answer.
    others = len(schedule.day(dt.date.fromisoformat(date))["puzzles"]) - 1
    assert text.split("\n")[:2] == [text.split("\n")[0], "×○" + " -" * others]
    assert text.split("\n")[0].endswith(f" #{number}")
    assert f"/{language}/daily/{date}/" in text
    share.locator("[data-share-copy]").click()
    expect(root).to_have_attribute("data-copied", "true")
    assert page.evaluate("navigator.clipboard.readText()") == text
    shot(page, language, size, "solved")

    page.reload()
    expect(root).to_have_attribute("data-ready", "true", timeout=20_000)
    expect(page.locator("[data-daily-puzzle][data-game='score-four']")).to_have_attribute(
        "data-state", "solved"
    )
    expect(page.locator("[data-daily-puzzle][data-game='score-four']")).to_have_attribute(
        "data-tries", "2"
    )
    page.emulate_media(color_scheme="dark")
    shot(page, language, size, "dark")
    assert not page.evaluate("document.documentElement.dataset.missingString || ''")
    assert problems == []
    context.close()


def test_a_date_without_puzzles_says_so_and_gives_the_puzzles_place_back(browser, live_server_url):
    """The Score Four section is shown from the first paint (so that nothing moves when its
    puzzle comes); when the date has none (a device's calendar past the schedule, say), the
    page says so and hides the section again."""
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    page.route("**/daily/puzzles/*.json", lambda route: route.fulfill(status=404, body="{}"))
    page.goto(f"{live_server_url}/ja/daily/")
    root = page.locator("[data-daily]")
    expect(root).to_have_attribute("data-ready", "missing", timeout=20_000)
    expect(page.locator("[data-daily-message]")).to_be_visible()
    for section in page.locator("[data-daily-puzzle]").all():
        expect(section).to_be_hidden()
    context.close()


def test_solve_a_best_move_puzzle_on_a_phone(browser, live_server_url):
    """A best-move puzzle: the browser's calendar is set to a date that has one, and the
    date's data comes from the schedule (the server serves a date only once it has begun
    somewhere on Earth, which a date chosen here may not have). One wrong move is answered
    on the board with the best reply and in words with its proven final count; the one best
    move solves it and shows the best line's count; the share line marks that try."""
    day = next(d for d in schedule.load()["days"]
               if any(p.get("goal") == "best" for p in d["puzzles"]))
    puzzle = next(p for p in day["puzzles"] if p.get("goal") == "best")
    context = browser.new_context(viewport=SIZES["phone"], reduced_motion="reduce")
    page = context.new_page()
    problems = watch(page)
    page.clock.set_fixed_time(dt.datetime.fromisoformat(f"{day['date']}T12:00:00"))
    page.route(f"**/daily/puzzles/{day['date']}.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(day)))
    page.goto(f"{live_server_url}/ko/daily/")
    root = page.locator("[data-daily]")
    expect(root).to_have_attribute("data-ready", "true", timeout=20_000)
    assert root.get_attribute("data-date") == day["date"]
    section = page.locator(f"[data-daily-puzzle][data-game='{puzzle['game']}']")
    expect(section).to_have_attribute("data-state", "playing")
    expect(section.locator("[data-goal]")).not_to_be_empty()
    # Black moves first here: side 0's discs are drawn black (registry Board first_colour).
    first, black = section.evaluate("""s => [
        getComputedStyle(s).getPropertyValue('--stone-0-light'),
        getComputedStyle(document.documentElement).getPropertyValue('--stone-black-light')]""")
    assert first.strip() == black.strip() != ""
    section.scroll_into_view_if_needed()
    shot(page, "ko", "phone", "best-light")

    wrong = next(m for m in puzzle["outcomes"] if m != puzzle["answer"])
    section.locator(f"[data-board2d] button[data-point='{wrong}']").click()
    expect(section).to_have_attribute("data-state", "wrong")
    outcome = puzzle["outcomes"][wrong]
    feedback = section.locator("[data-feedback]")
    mine, theirs = outcome["discs"]
    expect(feedback).to_contain_text(f"{mine}")
    expect(feedback).to_contain_text(f"{theirs}")
    if outcome["reply"] not in (None, "pass"):
        expect(section.locator("[data-line] li")).to_have_count(2)
        expect(section.locator("[data-line] li").nth(1)).to_contain_text(outcome["reply"])
        expect(feedback).to_contain_text(outcome["reply"])
    # The try is over: another square plays nothing.
    section.locator(f"[data-board2d] button[data-point='{puzzle['answer']}']").click(force=True)
    expect(section).to_have_attribute("data-state", "wrong")
    feedback.scroll_into_view_if_needed()
    shot(page, "ko", "phone", "best-wrong")
    section.locator("[data-retry]").click()
    expect(section).to_have_attribute("data-state", "playing")
    expect(section).to_have_attribute("data-tries", "2")

    section.locator(f"[data-board2d] button[data-point='{puzzle['answer']}']").click()
    expect(section).to_have_attribute("data-state", "solved")
    mine, theirs = puzzle["outcomes"][puzzle["answer"]]["discs"]
    expect(feedback).to_contain_text(f"{mine}")
    expect(feedback).to_contain_text(f"{theirs}")
    # The best line to the end, on the board and in the list; replayable move by move.
    expect(section.locator("[data-line] li")).to_have_count(len(puzzle["line"]))
    section.locator("[data-replay-prev]").click()
    expect(feedback).to_contain_text(f"{len(puzzle['line']) - 1}")
    shot(page, "ko", "phone", "best-solved")
    text = page.locator("[data-share-text]").inner_text()
    assert text.split("\n")[1] == " ".join(
        "×○" if p is puzzle else "-" for p in day["puzzles"]
    )
    assert not page.evaluate("document.documentElement.dataset.missingString || ''")
    assert problems == []
    context.close()
