// The news line of a friend room (static/js/rooms/room-news.js) and the cue for a new request
// (static/js/rooms/turn-cues.js), with sessions made of the getters they read.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clock, roomNews } from "../../static/js/rooms/room-news.js";
import { followTurns } from "../../static/js/rooms/turn-cues.js";

function session(fields) {
  return {
    status: "playing", humanSide: 0, drawOffer: null, rematch: [false, false],
    friendAwaySeconds: null, presence: { players: [true, true] }, ...fields,
  };
}

test("the claim countdown reads m:ss and never goes below zero", () => {
  assert.equal(clock(120), "2:00");
  assert.equal(clock(95), "1:35");
  assert.equal(clock(0.2), "0:01");
  assert.equal(clock(-3), "0:00");
});

test("a player hears of the friend leaving, with the time until a claim, and coming back", () => {
  const left = session({ friendAwaySeconds: 25 });
  assert.deepEqual(roomNews(left, { players: [true, false] }),
    { key: "friendLeftClaimIn", values: { time: "1:35" } });
  const long = session({ friendAwaySeconds: 130 });
  assert.deepEqual(roomNews(long, { players: [true, false] }), { key: "friendLeft", values: {} });
  const over = session({ status: "finished" });
  assert.deepEqual(roomNews(over, { players: [true, false] }), { key: "friendGone", values: {} });
  const back = roomNews(session({}), { players: [true, true], backAt: [null, 1000], now: 5000 });
  assert.deepEqual(back, { key: "friendBack", values: {} });
  assert.equal(roomNews(session({}), { players: [true, true], backAt: [null, 1000], now: 20_000 }), null);
  // Before the first presence message nothing is said (the default reads as "both gone").
  assert.equal(roomNews(session({}), { players: null }), null);
  assert.equal(roomNews(session({ status: "waiting" }), { players: [true, false] }), null);
});

test("a spectator hears each side's draw offer, absence and rematch request by side", () => {
  const watching = (fields) => session({ humanSide: null, ...fields });
  assert.deepEqual(roomNews(watching({ drawOffer: 1 }), { players: [true, true] }),
    { key: "sideOffersDraw", values: { side: 1 } });
  assert.deepEqual(roomNews(watching({}), { players: [false, true] }),
    { key: "sideLeft", values: { side: 0 } });
  const asked = watching({ status: "finished", rematch: [false, true] });
  assert.deepEqual(roomNews(asked, { players: [true, true], backAt: [3000, null], now: 4000 }),
    { key: "sideAsksRematch", values: { side: 1 } });
  assert.equal(roomNews(watching({ status: "finished", rematch: [true, true] }), { players: [true, true] }), null);
});

test("a draw offer or a rematch request from the friend vibrates; the player's own does not", () => {
  const vibrations = [];
  globalThis.navigator ??= {};
  const original = globalThis.navigator.vibrate;
  globalThis.navigator.vibrate = (pattern) => vibrations.push(pattern);
  try {
    const fake = Object.assign(new EventTarget(), {
      humanSide: 1, status: "playing", friendConnected: true, canPlay: () => false,
    });
    const doc = Object.assign(new EventTarget(), { title: "t", hidden: false, documentElement: { dataset: {} } });
    followTurns(fake, { titleText: (title) => title, storage: null, doc });
    fake.dispatchEvent(new CustomEvent("draw", { detail: { offer: 1, fromFriend: false } }));
    assert.equal(vibrations.length, 0);
    fake.dispatchEvent(new CustomEvent("draw", { detail: { offer: 0, fromFriend: true } }));
    assert.equal(vibrations.length, 1);
    assert.equal(doc.documentElement.dataset.requestCue, "draw");
    const rematch = (requested) => new CustomEvent("rematch", { detail: { requested, started: false } });
    fake.dispatchEvent(rematch([false, true])); // this player's own request
    assert.equal(vibrations.length, 1);
    fake.dispatchEvent(rematch([true, true]));
    assert.equal(vibrations.length, 2);
    fake.dispatchEvent(rematch([true, true])); // the same request again: no second cue
    assert.equal(vibrations.length, 2);
    fake.dispatchEvent(new CustomEvent("presence"));
    fake.friendConnected = false;
    fake.dispatchEvent(new CustomEvent("presence"));
    assert.equal(doc.documentElement.dataset.requestCue, "left");
    assert.equal(vibrations.length, 3);
  } finally {
    globalThis.navigator.vibrate = original;
  }
});
