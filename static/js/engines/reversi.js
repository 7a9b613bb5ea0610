// Reversi twin of games/engine/reversi.py: 8x8, black (side 0) first, a disc must outflank a
// line of enemy discs, which turn; a side with no such square passes (`pass`, then its only
// legal move); the game ends when neither side can move and the side with more discs wins.
// Moves are square indices 0-63 (a1 top-left, h8 bottom-right: column a-h, row 1-8 from the
// top, as the WOF records games) or PASS (64). Each side's discs are a bitboard kept as two
// 32-bit halves, `lo` rows 1-4 (squares 0-31) and `hi` rows 5-8, so no BigInt is needed; the
// bitboard functions (movesOf, flipsOf, finalScore) are exported for the endgame solver
// (static/js/ai/reversi-solve.js), which thus plays by these rules and no copy of them.
import { EngineError } from "./errors.js";

const SLUG = "reversi";
export const SQUARES = 64;
export const PASS = 64;
const COLUMNS = "abcdefgh";
const REASON = "discs";

export const SQUARE_NAMES = Object.freeze(
  Array.from({ length: SQUARES }, (_, s) => COLUMNS[s & 7] + ((s >> 3) + 1)),
);

// Column masks for one half (four rows): a line of discs may not wrap around an edge.
const INNER = 0x7e7e7e7e; // not column a or h
const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;

// The eight directions as index steps, and for each square and direction how many squares
// lie that way before the edge (RUN[square * 8 + d]).
const STEPS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]];
export const DELTA = Int8Array.from(STEPS, ([dc, dr]) => dr * 8 + dc);
export const RUN = new Int8Array(SQUARES * 8);
for (let s = 0; s < SQUARES; s++) {
  STEPS.forEach(([dc, dr], d) => {
    let c = (s & 7) + dc;
    let r = (s >> 3) + dr;
    let n = 0;
    while (c >= 0 && c < 8 && r >= 0 && r < 8) {
      n++;
      c += dc;
      r += dr;
    }
    RUN[s * 8 + d] = n;
  });
}

// The squares where the player (discs pl/ph) may put a disc against the opponent (ol/oh):
// out[0] the low half, out[1] the high half. Each pair of opposite directions shifts the
// 64-bit board by k (1 east/west, 8 south/north, 7 and 9 the diagonals) across the halves;
// a run of enemy discs is found by doubling (1, 2, then 4 and 6 discs long).
export function movesOf(pl, ph, ol, oh, out) {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  const il = ol & INNER;
  const ih = oh & INNER;
  let ml = 0;
  let mh = 0;
  for (let pair = 0; pair < 4; pair++) {
    const k = pair === 0 ? 1 : pair === 1 ? 8 : pair === 2 ? 7 : 9;
    const k2 = k + k;
    const j = 32 - k;
    const j2 = 32 - k2;
    const tl = pair === 1 ? ol : il;
    const th = pair === 1 ? oh : ih;
    // towards higher squares (east, south, south-west, south-east)
    let xl = tl & (pl << k);
    let xh = th & ((ph << k) | (pl >>> j));
    let nl = xl << k;
    xh |= th & ((xh << k) | (xl >>> j));
    xl |= tl & nl;
    let ql = tl & (tl << k); // two enemy discs in a row
    let qh = th & ((th << k) | (tl >>> j));
    nl = xl << k2;
    xh |= qh & ((xh << k2) | (xl >>> j2));
    xl |= ql & nl;
    nl = xl << k2;
    xh |= qh & ((xh << k2) | (xl >>> j2));
    xl |= ql & nl;
    mh |= eh & ((xh << k) | (xl >>> j));
    ml |= el & (xl << k);
    // towards lower squares (west, north, north-east, north-west)
    xl = tl & ((pl >>> k) | (ph << j));
    xh = th & (ph >>> k);
    nl = (xl >>> k) | (xh << j);
    xh |= th & (xh >>> k);
    xl |= tl & nl;
    ql = tl & ((tl >>> k) | (th << j));
    qh = th & (th >>> k);
    nl = (xl >>> k2) | (xh << j2);
    xh |= qh & (xh >>> k2);
    xl |= ql & nl;
    nl = (xl >>> k2) | (xh << j2);
    xh |= qh & (xh >>> k2);
    xl |= ql & nl;
    ml |= el & ((xl >>> k) | (xh << j));
    mh |= eh & (xh >>> k);
  }
  out[0] = ml;
  out[1] = mh;
}

// Each square's rays, one per direction (RAY_LO/RAY_HI[square * 8 + d]): the squares beyond
// it that way to the edge, as halves. Directions 0, 2, 4, 7 run towards higher squares (east,
// south, south-east, south-west), the others towards lower ones.
const RAY_LO = new Int32Array(SQUARES * 8);
const RAY_HI = new Int32Array(SQUARES * 8);
for (let s = 0; s < SQUARES; s++) {
  for (let d = 0; d < 8; d++) {
    for (let i = 1, t = s + DELTA[d]; i <= RUN[s * 8 + d]; i++, t += DELTA[d]) {
      if (t < 32) RAY_LO[s * 8 + d] |= 1 << t;
      else RAY_HI[s * 8 + d] |= 1 << (t - 32);
    }
  }
}

// The opponent's discs a disc of the player on the empty `square` turns, into out[0] (low
// half) and out[1] (high half); both 0 when it turns none. Along each ray the nearest square
// that holds no enemy disc ends the run of enemy discs: they turn if it holds a disc of the
// player's.
export function flipsOf(pl, ph, ol, oh, square, out) {
  let fl = 0;
  let fh = 0;
  const base = square * 8;
  for (let d = 0; d < 8; d++) {
    const rl = RAY_LO[base + d];
    const rh = RAY_HI[base + d];
    const bl = rl & ~ol;
    const bh = rh & ~oh;
    if (DELTA[d] > 0) { // the nearest square is the lowest
      if (bl) {
        const first = bl & -bl;
        if (first & pl) fl |= rl & (first - 1);
      } else if (bh) {
        const first = bh & -bh;
        if (first & ph) {
          fl |= rl;
          fh |= rh & (first - 1);
        }
      }
    } else if (bh) { // the nearest square is the highest
      const first = 1 << (31 - Math.clz32(bh));
      if (first & ph) fh |= rh & ~((first << 1) - 1);
    } else if (bl) {
      const first = 1 << (31 - Math.clz32(bl));
      if (first & pl) {
        fh |= rh;
        fl |= rl & ~((first << 1) - 1);
      }
    }
  }
  out[0] = fl;
  out[1] = fh;
}

// How many discs a disc of the player (pl/ph) on `square` turns when that square is the only
// empty one, every other square not the player's being the opponent's (the last move of a
// game): along each ray the run of enemy discs reaches the player's nearest disc, if any, and
// turns. The count alone, from the player's discs alone (the endgame solver's last square).
export function lastFlips(pl, ph, square) {
  let n = 0;
  const base = square * 8;
  for (let d = 0; d < 8; d++) {
    const rl = RAY_LO[base + d];
    const rh = RAY_HI[base + d];
    const bl = rl & pl;
    const bh = rh & ph;
    if (DELTA[d] > 0) { // the nearest square is the lowest
      if (bl) n += popcount(rl & ((bl & -bl) - 1));
      else if (bh) n += popcount(rl) + popcount(rh & ((bh & -bh) - 1));
    } else if (bh) {
      n += popcount(rh & ~((1 << (31 - Math.clz32(bh)) << 1) - 1));
    } else if (bl) n += popcount(rh) + popcount(rl & ~((1 << (31 - Math.clz32(bl)) << 1) - 1));
  }
  return n;
}

export function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

// The player's disc count minus the opponent's at the end, the empty squares going to the side
// with more discs (the usual convention of endgame scores).
export function finalScore(mine, theirs) {
  if (mine > theirs) return SQUARES - 2 * theirs;
  if (mine < theirs) return 2 * mine - SQUARES;
  return 0;
}

const hasBit = (lo, hi, s) => (s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1);

const OUTCOMES = Object.freeze({
  0: Object.freeze({ winner: 0, reason: REASON, cells: Object.freeze([]) }),
  1: Object.freeze({ winner: 1, reason: REASON, cells: Object.freeze([]) }),
  draw: Object.freeze({ winner: null, reason: REASON, cells: Object.freeze([]) }),
});

const scratch = new Int32Array(2);

// The state with `toMove` to play: its legal squares, or a forced pass, or the end.
function settle(bl, bh, wl, wh, toMove) {
  const [pl, ph, ol, oh] = toMove ? [wl, wh, bl, bh] : [bl, bh, wl, wh];
  movesOf(pl, ph, ol, oh, scratch);
  const movesLo = scratch[0];
  const movesHi = scratch[1];
  let result = null;
  if (!movesLo && !movesHi) {
    movesOf(ol, oh, pl, ph, scratch);
    if (!scratch[0] && !scratch[1]) {
      const blacks = popcount(bl) + popcount(bh);
      const whites = popcount(wl) + popcount(wh);
      result = blacks > whites ? OUTCOMES[0] : whites > blacks ? OUTCOMES[1] : OUTCOMES.draw;
    }
  }
  return Object.freeze({ bl, bh, wl, wh, toMove, movesLo, movesHi, result });
}

const INITIAL = settle((1 << 28) | 0, 1 << 3, 1 << 27, 1 << 4, 0); // e4 d5 black, d4 e5 white

function initialState() {
  return INITIAL;
}

function legalMoves(state) {
  if (state.result) return [];
  const moves = [];
  for (let s = 0; s < SQUARES; s++) if (hasBit(state.movesLo, state.movesHi, s)) moves.push(s);
  return moves.length ? moves : [PASS];
}

// How many discs each side has: [black, white].
export function discs(state) {
  return [popcount(state.bl) + popcount(state.bh), popcount(state.wl) + popcount(state.wh)];
}

function checkMove(move) {
  if (!Number.isInteger(move) || move < 0 || move > PASS) {
    throw new EngineError("bad-notation", "not a square index 0-63 or PASS");
  }
}

function play(state, move) {
  if (state.result) throw new EngineError("game-over", "the game is over");
  checkMove(move);
  const { bl, bh, wl, wh, toMove, movesLo, movesHi } = state;
  const none = !movesLo && !movesHi;
  if (move === PASS) {
    if (!none) throw new EngineError("pass-not-allowed", "pass is only allowed when no square is legal");
    return settle(bl, bh, wl, wh, 1 - toMove);
  }
  const name = SQUARE_NAMES[move];
  if (hasBit(bl | wl, bh | wh, move)) throw new EngineError("occupied", `${name} already holds a disc`);
  if (!hasBit(movesLo, movesHi, move)) {
    throw new EngineError("no-flip", `${name} outflanks no disc${none ? ": the only move is pass" : ""}`);
  }
  const bitLo = move < 32 ? 1 << move : 0;
  const bitHi = move < 32 ? 0 : 1 << (move - 32);
  if (toMove) {
    flipsOf(wl, wh, bl, bh, move, scratch);
    return settle(bl ^ scratch[0], bh ^ scratch[1], wl | bitLo | scratch[0], wh | bitHi | scratch[1], 0);
  }
  flipsOf(bl, bh, wl, wh, move, scratch);
  return settle(bl | bitLo | scratch[0], bh | bitHi | scratch[1], wl ^ scratch[0], wh ^ scratch[1], 1);
}

const SQUARE_TEXT = /^[a-h][1-8]$/;

function parseMove(state, text) {
  if (typeof text === "string") {
    const lowered = text.toLowerCase();
    if (lowered === "pass") return PASS;
    if (SQUARE_TEXT.test(lowered)) return (lowered.charCodeAt(1) - 49) * 8 + lowered.charCodeAt(0) - 97;
  }
  throw new EngineError("bad-notation", "a Reversi move is a square a1 to h8, or pass");
}

function formatMove(state, move) {
  checkMove(move);
  return move === PASS ? "pass" : SQUARE_NAMES[move];
}

// `board`: 64 characters in square order (a1 b1 ... h1 a2 ... h8), "b", "w" or ".": the
// Python engine's dump, key for key.
function dump(state) {
  let board = "";
  for (let s = 0; s < SQUARES; s++) {
    board += hasBit(state.bl, state.bh, s) ? "b" : hasBit(state.wl, state.wh, s) ? "w" : ".";
  }
  return { game: SLUG, board, to_move: state.toMove };
}

const badState = (message) => new EngineError("bad-state", message);

// The squares next to (in the eight directions) any square of the board (lo, hi), into out.
function neighbours(lo, hi, out) {
  const sl = lo | ((lo & NOT_H) << 1) | ((lo & NOT_A) >>> 1);
  const sh = hi | ((hi & NOT_H) << 1) | ((hi & NOT_A) >>> 1);
  out[0] = sl | (sl << 8) | (sl >>> 8) | (sh << 24);
  out[1] = sh | (sh << 8) | (sh >>> 8) | (sl >>> 24);
}

// Refuses boards no game reaches, by the tests games/engine/reversi.py makes: the centre is
// never emptied, the discs form one group across the eight directions, and a side without
// discs is to move.
function checkReachable(bl, bh, wl, wh, toMove) {
  const ol = bl | wl;
  const oh = bh | wh;
  const centreLo = (1 << 27) | (1 << 28);
  const centreHi = (1 << 3) | (1 << 4);
  if ((ol & centreLo) !== centreLo || (oh & centreHi) !== centreHi) {
    throw badState("the four centre squares d4, e4, d5, e5 are never empty");
  }
  let gl = centreLo;
  let gh = centreHi;
  for (;;) {
    neighbours(gl, gh, scratch);
    const nl = scratch[0] & ol;
    const nh = scratch[1] & oh;
    if (nl === gl && nh === gh) break;
    gl = nl;
    gh = nh;
  }
  if (gl !== ol || gh !== oh) throw badState("every disc is put next to another: the discs form one group");
  const noBlack = !bl && !bh;
  const noWhite = !wl && !wh;
  if ((noBlack && toMove !== 0) || (noWhite && toMove !== 1)) {
    throw badState("a side without discs is to move: the other moved last");
  }
}

function load(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)
      || Object.keys(data).sort().join() !== "board,game,to_move") {
    throw badState("expected keys game, board, to_move");
  }
  const { board, to_move: toMove } = data;
  if (data.game !== SLUG) throw badState(`game must be ${SLUG}`);
  if (typeof board !== "string" || !/^[.bw]{64}$/.test(board)) throw badState("board must be 64 of b, w, '.'");
  if (toMove !== 0 && toMove !== 1) throw badState("to_move must be 0 or 1");
  let bl = 0;
  let bh = 0;
  let wl = 0;
  let wh = 0;
  for (let s = 0; s < SQUARES; s++) {
    const c = board[s];
    if (c === ".") continue;
    const lo = s < 32 ? 1 << s : 0;
    const hi = s < 32 ? 0 : 1 << (s - 32);
    if (c === "b") {
      bl |= lo;
      bh |= hi;
    } else {
      wl |= lo;
      wh |= hi;
    }
  }
  checkReachable(bl, bh, wl, wh, toMove);
  return settle(bl, bh, wl, wh, toMove);
}

export default Object.freeze({
  slug: SLUG,
  initialState,
  toMove: (state) => state.toMove,
  legalMoves,
  play,
  outcome: (state) => state.result,
  parseMove,
  formatMove,
  dump,
  load,
});
