// static/js/play/hold-board.js: how far the page scrolls when the status area above the board
// changes height, on a model of a page (a status area and a board below it, in page
// coordinates, a window that scrolls). The browser journey is tests/e2e/test_board_holds_still.py.
import assert from "node:assert/strict";
import { test } from "node:test";

import { holdBoardStill } from "../../static/js/play/hold-board.js";

// A page: header above the status area (areaTop), the status area (height), the board under it.
function page({ areaTop = 100, height = 40, width = 390, scrollY = 0 } = {}) {
  const win = {
    scrollY, observers: [], listeners: {},
    ResizeObserver: class {
      constructor(callback) { this.callback = callback; win.observers.push(this); }
      observe() {}
    },
    scrollBy(x, y) { win.scrollY = Math.max(0, win.scrollY + y); },
    addEventListener(type, listener) { win.listeners[type] = listener; },
    setTimeout(callback) { win.started = callback; },
  };
  const state = { areaTop, height, width };
  const area = { dataset: {}, getBoundingClientRect: () => ({ top: state.areaTop - win.scrollY, width: state.width }) };
  const board = { getBoundingClientRect: () => ({ top: state.areaTop + state.height - win.scrollY }) };
  // The status area becomes `height` tall (and `width` wide): the observer's turn.
  const change = (next) => {
    Object.assign(state, next);
    for (const observer of win.observers) observer.callback();
  };
  const boardTop = () => board.getBoundingClientRect().top;
  // Holds from here on (the page's first second has passed).
  const hold = () => {
    const held = holdBoardStill(board, area, win);
    win.started();
    return held;
  };
  return { win, area, board, change, boardTop, hold };
}

test("a taller status area scrolls the page by as much: the board stays", () => {
  const p = page();
  const held = p.hold();
  const before = p.boardTop();
  p.change({ height: 102 });
  assert.equal(p.boardTop(), before);
  assert.equal(p.win.scrollY, 62);
  assert.equal(held.offset, 62);
});

test("the status area's top stays on screen: the board moves by what the room above could not take", () => {
  const p = page();
  const held = p.hold();
  const before = p.boardTop();
  p.change({ height: 190 }); // 150 taller, 100 of room above
  assert.equal(p.win.scrollY, 100);
  assert.equal(p.area.getBoundingClientRect().top, 0);
  assert.equal(p.boardTop(), before + 50);
  assert.equal(held.offset, 100);
});

test("a shorter status area scrolls back, never above the top of the page", () => {
  const p = page();
  const held = p.hold();
  const before = p.boardTop();
  p.change({ height: 102 });
  p.change({ height: 78 });
  assert.equal(p.boardTop(), before);
  assert.equal(p.win.scrollY, 38);
  p.change({ height: 20 }); // 58 shorter, 38 of scroll left: the board moves up by 20
  assert.equal(p.win.scrollY, 0);
  assert.equal(p.boardTop(), before - 20);
  assert.equal(held.offset, 0);
});

test("with the status area above the screen, the board stays whatever the change", () => {
  const p = page({ scrollY: 400 });
  p.hold();
  const before = p.boardTop();
  p.change({ height: 190 });
  assert.equal(p.boardTop(), before);
  assert.equal(p.win.scrollY, 550);
});

test("a new window width (the lines wrap anew) and a board that did not move scroll nothing", () => {
  const p = page();
  p.hold();
  p.change({ height: 80, width: 360 });
  assert.equal(p.win.scrollY, 0);
  p.change({ height: 80 });
  assert.equal(p.win.scrollY, 0);
  p.change({ height: 100 }); // measured from where the board was after the new width
  assert.equal(p.win.scrollY, 20);
});

test("each correction tells its listeners (fit-board.js sizes the board for the view kept)", () => {
  const p = page();
  const held = p.hold();
  const offsets = [];
  held.onHold(() => offsets.push(held.offset));
  p.change({ height: 102 });
  p.change({ height: 40 });
  assert.deepEqual(offsets, [62, 0]);
});

test("nothing is held in the page's first second, until the player's first touch or key", () => {
  const p = page();
  const held = holdBoardStill(p.board, p.area, p.win);
  p.change({ height: 102 }); // a room's first news: laid out as it comes
  assert.equal(p.win.scrollY, 0);
  assert.equal(p.area.dataset.holding, undefined);
  p.win.listeners.pointerdown();
  assert.equal(p.area.dataset.holding, "");
  const before = p.boardTop();
  p.change({ height: 120 });
  assert.equal(p.boardTop(), before);
  assert.equal(held.offset, 18);
});
