// The exact endgame solve on helper workers (reversi-helper.js), for the advanced level when
// the device has two cores or more. Runs in the AI worker, which only coordinates and so always
// hears the helpers; the answer is the one-worker solve's (reversi-solve.js solveBoard): the
// exact score and a move that keeps it, or on time out the move of the last finished
// null-window search that failed high.
//
// MTD(f) as in the solver, from the same first guess, but each null-window step "is the score
// at least b?" split two plies down: the root is at least b when one of its moves m is, and m
// is when every reply r of the opponent leaves a position the helpers prove at least b (a
// task: solveBoard on that position with the window (b - 1, b)). The tasks of one step are
// independent (the window is fixed), so the only waste is speculation: a step decided by one
// move leaves the others' work unused (the next step reuses some of it through the table).
// Young brothers wait: a move's other replies are handed out only once one reply has held, or
// the move held at the last step (the move then likely holds and every reply must be proven);
// until then only its first reply is, while the other helper takes the next move's first
// reply, and a helper with nothing else to do takes a young brother anyway. The bounds every task
// found are kept per reply for the next steps (the solver's table for the two top plies), and
// a reply goes back to the helper that searched it before, whose table holds its subtree.
// Helpers work in slices of `parallel.sliceMs` so that a task no longer needed ends soon;
// the slice after resumes through the helper's table.
import { PASS, SQUARES, finalScore, movesOf, popcount } from "../engines/reversi.js";
import { clearSearchTable, probe } from "./reversi-search.js";
import { firstGuess, playedOn, tuning } from "./reversi-solve.js";
import { HELPER_NAME, helperUrl } from "./reversi-helper.js";

// sliceMs: a task's longest stretch before the helper reports back; orderDepth: the plies of
// the midgame search that orders the moves and replies (the solver's own at 18 empty squares
// and above, tuning.searchSortDepth).
export const parallel = { sliceMs: 40, orderDepth: tuning.searchSortDepth };

const two = new Int32Array(2);

function squaresOf(lo, hi) {
  const list = [];
  for (let s = 0; s < SQUARES; s++) if (s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1) list.push(s);
  return list;
}

// A root move and the positions its replies leave the player: bounds lo..hi on each reply's
// score for the player (and so on the move's: the opponent picks the lowest), the opponent's
// best replies by the midgame search first; a move that ends the game is exact at once.
function rootMove(pl, ph, ol, oh, s) {
  const child = playedOn(pl, ph, ol, oh, s);
  const [al, ah, bl, bh] = child;
  const move = {
    square: s, key: probe(al, ah, bl, bh, parallel.orderDepth), replies: [], sorted: false, held: false, lo: -SQUARES, hi: SQUARES,
  };
  const reply = (square, pos) => ({ square, pos, key: 0, lo: -SQUARES, hi: SQUARES, owner: -1, running: false });
  movesOf(al, ah, bl, bh, two);
  if (two[0] || two[1]) {
    for (const r of squaresOf(two[0], two[1])) move.replies.push(reply(r, playedOn(al, ah, bl, bh, r)));
  } else {
    movesOf(bl, bh, al, ah, two);
    if (two[0] || two[1]) move.replies.push(reply(PASS, [bl, bh, al, ah]));
    else move.lo = move.hi = finalScore(popcount(bl) + popcount(bh), popcount(al) + popcount(ah));
  }
  return move;
}

// A move's replies in order, the opponent's best by the midgame search first: searched when a
// helper first needs one (the probes take a few milliseconds a move), then kept in order.
function sortReplies(move) {
  if (move.sorted) return;
  move.sorted = true;
  for (const r of move.replies) r.key = probe(r.pos[0], r.pos[1], r.pos[2], r.pos[3], parallel.orderDepth);
  move.replies.sort((x, y) => x.key - y.key);
}

// The helpers, made by `spawn()` (a Worker, or anything with postMessage, onmessage, onerror
// and terminate); one solve at a time listens to them. A helper still busy when a solve ends
// is terminated and a fresh one started for the next move.
export class HelperPool {
  constructor(spawn, size) {
    this.spawn = spawn;
    this.broken = false;
    this.listener = null;
    this.helpers = Array.from({ length: size }, (_, index) => this.start(index));
  }

  start(index) {
    const helper = { index, worker: null, task: null };
    helper.worker = this.spawn();
    helper.worker.onmessage = (event) => {
      if (event.data?.cleared) helper.cleared?.();
      else this.listener?.onAnswer(helper, event.data);
    };
    helper.worker.onerror = (event) => {
      event?.preventDefault?.();
      this.broken = true;
      this.listener?.onBroken();
    };
    return helper;
  }

  // Every helper empties its table (benches that start each position cold); resolves when all
  // have, so also once a helper started after the last solve is loaded.
  clear() {
    return Promise.all(this.helpers.map((helper) => new Promise((resolve) => {
      helper.cleared = resolve;
      helper.worker.postMessage({ clear: true });
    })));
  }

  release() {
    this.listener = null;
    for (const helper of this.helpers) {
      if (!helper.task) continue;
      helper.worker.terminate();
      helper.task = null;
      if (this.broken) continue;
      try {
        this.helpers[helper.index] = this.start(helper.index);
      } catch {
        this.broken = true; // the next move solves alone
      }
    }
  }

  close() {
    this.listener = null;
    for (const helper of this.helpers) helper.worker.terminate();
    this.helpers = [];
  }
}

let shared = null;

// The AI worker's pool, made once: null without workers, below two cores or once a helper failed.
export function helperPool({ spawn = null, size = 2 } = {}) {
  if (shared && !shared.broken) return shared;
  if (shared) return null;
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  const make = spawn ?? (typeof Worker === "function" && cores >= 2
    ? () => new Worker(helperUrl, { type: "module", name: HELPER_NAME }) : null);
  if (!make || size < 2) return null;
  try {
    shared = new HelperPool(make, size);
  } catch {
    shared = { broken: true };
    return null;
  }
  return shared;
}

// Forgets the AI worker's pool (tests, benches): its helpers are terminated.
export function closeHelperPool() {
  if (shared && !shared.broken) shared.close();
  shared = null;
}

// solveBoard's answer ({score, move, nodes, ms}, or {stopped: true, move, lower, nodes, ms})
// by the pool's helpers, with `helpers` (how many) and `byHelper` (each one's nodes), or
// {failed: true} when a helper failed (the caller solves alone).
export function solveParallel(pool, pl, ph, ol, oh, { deadline = Infinity, shouldStop = null, guess = null } = {}) {
  if (pool.broken || pool.listener) return Promise.resolve({ failed: true }); // a listener: another solve's
  const started = performance.now();
  clearSearchTable(); // the ordering's searches read it: the same position, the same order
  movesOf(pl, ph, ol, oh, two);
  const empties = SQUARES - popcount(pl | ol) - popcount(ph | oh);
  let g = guess ?? (empties >= tuning.guessFrom ? firstGuess(pl, ph, ol, oh) : 0);
  const moves = squaresOf(two[0], two[1]).map((s) => rootMove(pl, ph, ol, oh, s)).sort((x, y) => x.key - y.key);
  let lower = -SQUARES;
  let upper = SQUARES;
  let found = -1;
  let b = 0;
  let nodes = 0;
  const byHelper = pool.helpers.map(() => 0); // each helper's nodes, for the benches
  let seq = 0;
  let over = false;
  let timer = null;
  let resolve;
  const done = new Promise((r) => { resolve = r; });
  const finish = (result) => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    pool.release();
    resolve({ ...result, nodes, byHelper, helpers: byHelper.length, ms: performance.now() - started });
  };
  const open = (x) => x.lo < b && x.hi >= b;

  // The reply a free helper should take: in the moves' order, a move's first open reply unless
  // one of its replies has held or the move held in the last step (then any), one this helper
  // searched before or nobody has, else one another helper searched; with none of those, a
  // young brother anyway (the helper would wait idle, and a slice is short).
  const pick = (index) => {
    let other = null;
    let young = null;
    for (const m of moves) {
      if (!open(m)) continue;
      sortReplies(m);
      const waits = !m.held && !m.replies.some((r) => r.lo >= b);
      let first = true;
      for (const r of m.replies) {
        if (!open(r)) continue;
        if (!r.running) {
          if (first || !waits) {
            if (r.owner === index || r.owner === -1) return r;
            other ??= r;
          } else young ??= r;
        }
        first = false;
      }
    }
    return other ?? young;
  };
  const send = (helper, r) => {
    const ms = Math.min(parallel.sliceMs, deadline - performance.now());
    if (ms <= 0) return; // the timer ends the solve
    r.running = true;
    r.owner = helper.index;
    helper.task = { r, b, id: ++seq };
    const [xl, xh, yl, yh] = r.pos;
    helper.worker.postMessage({ id: seq, pl: xl, ph: xh, ol: yl, oh: yh, alpha: b - 1, beta: b, ms });
  };
  const dispatch = () => {
    for (const helper of pool.helpers) {
      if (helper.task) continue;
      const r = pick(helper.index);
      if (r) send(helper, r);
    }
  };
  // Ends the step when the moves decide it: one move at least b, or all below it.
  const decide = () => {
    let best = null;
    let holds = null;
    let pending = false;
    for (const m of moves) {
      if (m.replies.length) {
        m.lo = Math.min(...m.replies.map((r) => r.lo));
        m.hi = Math.min(...m.replies.map((r) => r.hi));
      }
      if (m.lo >= b) {
        if (!holds || m.lo > holds.lo) holds = m;
      } else if (m.hi < b) {
        if (!best || m.hi > best.hi) best = m;
      } else pending = true;
    }
    if (!holds && pending) return false;
    const lead = holds ?? best;
    for (const m of moves) m.held = m === holds;
    g = holds ? holds.lo : best.hi;
    if (holds) {
      lower = g;
      found = holds.square;
    } else upper = g;
    if (lower >= upper) {
      finish({ score: g | 0, move: found !== -1 ? found : lead.square });
      return true;
    }
    step(lead);
    return true;
  };
  // The next null window; the last step's move first, each move's replies by their upper
  // bounds (the last refutation first), as the solver's table orders its moves.
  const step = (lead) => {
    b = g === lower ? g + 1 : g;
    moves.sort((x, y) => (y === lead) - (x === lead) || x.key - y.key);
    for (const m of moves) if (m.sorted) m.replies.sort((x, y) => x.hi - y.hi || x.key - y.key);
    if (!decide()) dispatch();
  };

  pool.listener = {
    onAnswer(helper, data) {
      if (over || !helper.task || data.id !== helper.task.id) return;
      const { r, b: bound } = helper.task;
      helper.task = null;
      r.running = false;
      nodes += data.nodes;
      byHelper[helper.index] += data.nodes;
      if (!data.stopped) {
        if (data.score >= bound) r.lo = Math.max(r.lo, data.score);
        else r.hi = Math.min(r.hi, data.score);
      }
      if (shouldStop?.()) {
        finish({ stopped: true, move: found, lower });
        return;
      }
      if (decide()) return;
      if (data.stopped && open(r)) send(helper, r); // on where it stopped
      dispatch();
    },
    onBroken() {
      finish({ failed: true });
    },
  };
  if (deadline < Infinity) {
    timer = setTimeout(() => finish({ stopped: true, move: found, lower }), Math.max(0, deadline - performance.now()));
  }
  if (moves.length < 2) finish({ failed: true });
  else step(null);
  return done;
}
