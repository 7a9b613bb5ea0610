"""Journey 4: a friend room across three engines. The host is on WebKit, the friend on Firefox,
a third person watches on Chromium: a full Tic-tac-toe game, a rematch (colours swapped) and a
resignation, every move seen by all three through the real WebSocket server."""

from tests.engines.tab import attr, loaded, q, wait, wait_attr, wait_visible

PANEL = "[data-room-panel]"
SQUARE = "[data-board2d] button[data-point='c3']"
BOARD = "[data-board2d-page]"
DIALOG = "dialog[data-result-dialog]"


def move(mover, watchers, name):
    """The mover clicks a point; every page shows one more move."""
    before = int(attr(mover, BOARD, "data-moves"))
    mover.click(f"[data-board2d] button[data-point='{name}']")
    for tab in (mover, *watchers):
        wait_attr(tab, BOARD, "data-moves", str(before + 1))


def top(tab, css):
    return tab.js(f"document.querySelector({q(css)}).getBoundingClientRect().top")


def frames(tab):
    """Two animation frames: whatever the last message changed is laid out and held."""
    tab.js("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_tic_tac_toe_room_webkit_host_gecko_guest_chromium_spectator(open_tab, live_server_url):
    host, guest, spectator = open_tab("webkit"), open_tab("gecko"), open_tab("chromium")
    everyone = (host, guest, spectator)
    loaded(host, f"{live_server_url}/ko/tic-tac-toe/")
    host.click("[data-friend-form] button[type=submit]")
    url = wait(host, "/\\/ko\\/r\\/[A-Za-z0-9_-]{22,}\\/$/.test(location.href) && location.href")
    wait_attr(host, PANEL, "data-connection", "open")
    wait_visible(host, "[data-room-invite]")
    assert host.js("document.querySelector('[data-room-link]').value") == url

    loaded(guest, url)
    guest.click("[data-room-join-button]")
    wait_attr(guest, "body", "data-room-seat", "guest")
    for tab in (host, guest):
        wait_attr(tab, PANEL, "data-status", "playing")
        wait_visible(tab, "[data-room-friend] [data-when=present]")
    loaded(spectator, url)
    wait_visible(spectator, "[data-room-spectator]")
    assert attr(spectator, "body", "data-room-seat") not in {"host", "guest"}

    # The host (first) takes the a column.
    for mover, name in [(host, "a1"), (guest, "b1"), (host, "a2"), (guest, "b2"), (host, "a3")]:
        move(mover, [t for t in everyone if t is not mover], name)
    for tab in everyone:
        wait_attr(tab, BOARD, "data-outcome", "0")
        wait_attr(tab, PANEL, "data-status", "finished")

    # A rematch: asked by the host from its result, accepted by the friend from theirs.
    wait(host, f"document.querySelector('{DIALOG}').open", what="host's result")
    host.click(f"{DIALOG} [data-action=rematch]")
    wait_visible(guest, "[data-room-rematch-offered]")
    wait(guest, f"document.querySelector('{DIALOG}').open", what="guest's result")
    guest.click(f"{DIALOG} [data-action=rematch]")
    for tab in everyone:
        wait_attr(tab, BOARD, "data-moves", "0")
        wait_attr(tab, PANEL, "data-status", "playing")
    wait_visible(guest, "[data-room-side] [data-side='0']")  # the friend moves first now
    move(guest, [host, spectator], "b2")
    move(host, [guest, spectator], "a1")

    # The friend offers a draw: WebKit has no scroll anchoring of its own, and the host's
    # squares stay where they were (static/js/play/hold-board.js) but for what the room above
    # the status area could not take, with the answers on screen.
    wait(host, f"document.querySelector({q('.turn-bar')}).hasAttribute('data-holding')")
    frames(host)
    before, room_above = top(host, SQUARE), top(host, ".turn-bar")
    guest.click("[data-room-offer-draw]")
    wait_visible(host, "[data-room-draw-offered]")
    frames(host)
    ask = host.js(f"document.querySelector({q('[data-room-draw-offered]')}).offsetHeight")
    moved = top(host, SQUARE) - before
    assert top(host, ".turn-bar") >= 0
    assert moved <= max(0, ask - room_above) + 1, (moved, ask, room_above)
    host.click("[data-room-draw-decline]")
    wait(host, f"document.querySelector({q('[data-room-draw-offered]')}).hidden")

    # The host resigns, asked first.
    host.click("[data-room-resign]")
    wait_visible(host, "[data-room-resign-confirm]")
    host.click("[data-room-resign-yes]")
    for tab in everyone:
        wait_attr(tab, PANEL, "data-status", "finished")
        wait_attr(tab, BOARD, "data-reason", "resigned")
        wait_attr(tab, BOARD, "data-outcome", "0")  # the friend, now first, wins
    for tab in everyone:
        assert tab.problems() == [], tab.engine
