"""Score Four on a phone (issue 29, item 3): a tap on the 3D board leaves the camera where it is
and its button pressed, and the top view looks straight down (the pegs do not splay out like a
fisheye over the column letters, and no ball, even on the near row's level 4, touches a
letter), measured through the board's own camera settings."""

from playwright.sync_api import expect

from tests.e2e.browser import watch
from tests.e2e.test_score_four import BOARD, open_page, start

PHONE = {"width": 390, "height": 844}

# Through the board module's own camera for a named view: how far each peg's top lands from its
# base on screen (as a share of the distance between two pegs), and the screen gap between each
# column letter's box and the nearest peg (base to top, with its thickness); negative overlaps.
MEASURE = """async ([name, width, height]) => {
  const THREE = await import("three");
  const { LAYOUT, viewCamera } = await import("/static/js/score-four/board3d.js");
  const camera = viewCamera(name, width, height);
  const px = (x, y, z) => { const p = new THREE.Vector3(x, y, z).project(camera);
    return [(p.x + 1) / 2 * width, (1 - p.y) / 2 * height]; };
  const spacing = Math.hypot(...[0, 1].map((i) => px(LAYOUT.spacing, 0, 0)[i] - px(0, 0, 0)[i]));
  const scale = spacing / LAYOUT.spacing; // screen pixels per board unit, near the base
  let splay = 0;
  const segments = LAYOUT.pegs.map(({ x, z }) => {
    const a = px(x, LAYOUT.base, z), b = px(x, LAYOUT.top, z);
    splay = Math.max(splay, Math.hypot(a[0] - b[0], a[1] - b[1]) / spacing);
    return [a, b];
  });
  const gapToSegment = ([cx, cy], half, [[x1, y1], [x2, y2]]) => {
    const dx = x2 - x1, dy = y2 - y1;
    const along = ((cx - x1) * dx + (cy - y1) * dy) / (dx * dx + dy * dy || 1);
    const t = Math.max(0, Math.min(1, along));
    const [qx, qy] = [x1 + t * dx, y1 + t * dy];
    const beyond = (d) => Math.max(0, Math.abs(d) - half);
    const outside = Math.hypot(beyond(qx - cx), beyond(qy - cy));
    return outside - LAYOUT.pegRadius * scale;
  };
  const labels = LAYOUT.columnLabels.map(({ x, z, half }) => [px(x, LAYOUT.base, z), half * scale]);
  const clearance = Math.min(...labels.map(([centre, half]) =>
    Math.min(...segments.map((s) => gapToSegment(centre, half, s)))));
  // A ball on any level of any peg: its outline on screen (the farthest its equator's ends
  // project from its centre) against each letter's box.
  let balls = Infinity;
  for (const { x, z } of LAYOUT.pegs) {
    for (const y of LAYOUT.levels) {
      const [cx, cy] = px(x, y, z);
      const r = LAYOUT.ballRadius;
      const radius = Math.max(...[[r, 0], [-r, 0], [0, r], [0, -r]].map(([dx, dz]) => {
        const [ex, ey] = px(x + dx, y, z + dz);
        return Math.hypot(ex - cx, ey - cy);
      }));
      for (const [[lx, ly], half] of labels) {
        const beyond = (d) => Math.max(0, Math.abs(d) - half);
        balls = Math.min(balls, Math.hypot(beyond(cx - lx), beyond(cy - ly)) - radius);
      }
    }
  }
  return { splay, clearance, balls };
}"""


def test_a_tap_on_the_board_keeps_the_view_pressed(browser, live_server_url):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    problems = open_page(page, live_server_url, "ja")
    start(page, "local")
    oblique = page.locator("[data-view=oblique]")
    expect(oblique).to_have_attribute("aria-pressed", "true")
    box = page.locator(f"{BOARD} canvas").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8)
    page.touchscreen.tap(box["x"] + 20, box["y"] + 20)
    # Nothing moved: the camera's button stays pressed.
    page.wait_for_timeout(300)  # room for a wrong "start" handler to unpress it
    expect(oblique).to_have_attribute("aria-pressed", "true")
    page.locator("[data-view=top]").tap()
    expect(page.locator("[data-view=top]")).to_have_attribute("aria-pressed", "true")
    page.touchscreen.tap(box["x"] + 20, box["y"] + 20)
    page.wait_for_timeout(300)
    expect(page.locator("[data-view=top]")).to_have_attribute("aria-pressed", "true")
    assert problems == []
    context.close()


def test_the_top_view_looks_straight_down(page, live_server_url):
    problems = watch(page)
    page.goto(f"{live_server_url}/ko/score-four/")
    expect(page.locator(BOARD)).to_have_attribute("data-ready", "3d")
    for width, height in [(372, 470), (830, 620)]:  # a phone's board, a laptop's
        top = page.evaluate(MEASURE, ["top", width, height])
        # A peg's top lands less than a third of the way to the next peg (it was 1.13 pegs).
        assert top["splay"] < 0.34, top
        assert top["clearance"] > 0, top  # no column letter under a peg
        assert top["balls"] >= 2, top  # nor under a ball, on level 4 of the near row too
    assert problems == []
