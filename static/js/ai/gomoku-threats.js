// Gomoku's forcing searches on a Board (static/js/ai/gomoku-board.js):
//   VCF, victory by continuous fours: every attacking move makes a four, so the defender's
//       one answer is forced; complete within its depth (every four is tried), so a VCF
//       inside the horizon is never missed.
//   VCT, victory by continuous threats: fours and threes (a move after which the attacker
//       threatens an open four); every defence of a three is tried (the points of the open
//       fours it threatens and their completions, and every counter-four).
// Renju is in the rules the board applies: black's attacking and defending moves must be
// legal, and a white four whose completion is forbidden to black cannot be blocked (white
// exploits it). The searches stop at `limits.deadline` (ms, performance.now()) or after
// `limits.nodes` nodes, reporting `null` (unknown) rather than a wrong answer.
const now = () => performance.now();

class OutOfTime extends Error {}

export function makeLimits({ deadline = Infinity, nodes = Infinity, shouldStop = () => false } = {}) {
  return { deadline, nodes, shouldStop, used: 0 };
}

function tick(limits) {
  limits.used++;
  if (limits.used > limits.nodes || ((limits.used & 15) === 0 && (now() >= limits.deadline || limits.shouldStop()))) {
    throw new OutOfTime();
  }
}

// Whether the defender cannot take the point w (black's forbidden point under Renju).
function blockLoses(board, w, defender) {
  return !board.legal(w, defender);
}

// Fours in a useful order: moves whose completion the defender cannot take first, then by
// how much the move adds.
function orderedFours(board, attacker) {
  const defender = 3 - attacker;
  return board.fourMoves(attacker)
    .map(([p, wins]) => [p, wins, wins.length >= 2 || (wins.length === 1 && blockLoses(board, wins[0], defender)) ? 1e9 : board.pointValue(p, attacker)])
    .sort((a, b) => b[2] - a[2]);
}

// A winning line for `attacker` (to move) by continuous fours within `depth` of its moves:
// [attack, answer, attack, ...], ending on the four the defender cannot stop (or on the
// five itself when the attacker already has one). [] when there is none, null when
// the limits ran out before the answer was known.
export function findVcf(board, attacker, depth, limits = makeLimits(), seen = new Map()) {
  return guarded(board, attacker, () => vcf(board, attacker, depth, limits, seen));
}

// Runs `search` with `attacker` to move: null when the limits stop it, and the board comes
// back as it was (stones and side to move), however deep the search stopped.
function guarded(board, attacker, search) {
  const count = board.placed.length;
  const toMove = board.toMove;
  board.toMove = attacker;
  try {
    return search();
  } catch (error) {
    if (error instanceof OutOfTime) return null;
    throw error;
  } finally {
    board.undoTo(count);
    board.toMove = toMove;
  }
}

function vcf(board, attacker, depth, limits, seen) {
  tick(limits);
  const defender = 3 - attacker;
  const mine = board.winPoints(attacker);
  if (mine.length > 0) return [mine[0]];
  if (depth === 0) return [];
  const key = board.key;
  if ((seen.get(key) ?? -1) >= depth) return [];
  const theirs = board.winPoints(defender);
  if (theirs.length >= 2) return [];
  for (const [p, wins] of orderedFours(board, attacker)) {
    if (theirs.length === 1 && p !== theirs[0]) continue; // the defender's four comes first
    if (wins.length >= 2) return [p];
    const w = wins[0];
    if (blockLoses(board, w, defender)) return [p];
    board.place(p, attacker);
    board.place(w, defender);
    // A block that makes the defender's five ends the attack; one that makes a four must be
    // answered by the next four itself (the check at the top of vcf()).
    const rest = board.wonAt(w, defender) ? [] : vcf(board, attacker, depth - 1, limits, seen);
    board.lift(w);
    board.lift(p);
    if (rest.length > 0) return [p, w, ...rest];
  }
  seen.set(key, depth);
  return [];
}

// The defences of a three: every point of the open fours it threatens and their
// completions, then the defender's counter-fours.
function threeDefences(board, threats, defender) {
  const points = new Set();
  for (const [x, wins] of threats) {
    points.add(x);
    for (const w of wins) points.add(w);
  }
  for (const [p] of board.fourMoves(defender)) points.add(p);
  return [...points].filter((p) => board.legal(p, defender));
}

// A win for `attacker` (to move) by fours and threes within `depth` attacking moves,
// each branch's fours searched to `vcfDepth`: the first move of such a win, [] when none
// was found, null when the limits ran out.
export function findVct(board, attacker, depth, vcfDepth, limits = makeLimits()) {
  const seen = new Map();
  const vcfSeen = new Map();
  return guarded(board, attacker, () => vct(board, attacker, depth, vcfDepth, limits, seen, vcfSeen));
}

function vct(board, attacker, depth, vcfDepth, limits, seen, vcfSeen) {
  tick(limits);
  const byFours = vcf(board, attacker, vcfDepth, limits, vcfSeen);
  if (byFours.length > 0) return byFours.slice(0, 1);
  if (depth === 0) return [];
  const key = board.key;
  if ((seen.get(key) ?? -1) >= depth) return [];
  const defender = 3 - attacker;
  const theirs = board.winPoints(defender);
  if (theirs.length >= 2) return [];
  const candidates = theirs.length === 1 ? [theirs[0]] : threeMoves(board, attacker);
  for (const p of candidates) {
    if (!board.legal(p, attacker)) continue;
    board.place(p, attacker);
    const won = winsAsThreat(board, p, attacker, depth, vcfDepth, limits, seen, vcfSeen);
    board.lift(p);
    if (won) return [p];
  }
  seen.set(key, depth);
  return [];
}

// The attacker's candidate threes: points in windows holding two of its stones, best first.
function threeMoves(board, attacker) {
  return board.pointsInWindows(attacker, 2)
    .map((p) => [p, board.pointValue(p, attacker)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 24)
    .map(([p]) => p);
}

// After the attacker's stone at p (defender to move): does every defence lose?
function winsAsThreat(board, p, attacker, depth, vcfDepth, limits, seen, vcfSeen) {
  const defender = 3 - attacker;
  const wins = board.winPoints(attacker);
  if (wins.length >= 2) return true;
  let defences;
  if (wins.length === 1) {
    defences = board.legal(wins[0], defender) ? [wins[0]] : [];
  } else {
    const threats = board.openFourPoints(attacker);
    if (threats.length === 0) return false; // not a threat: the defender could play anywhere
    defences = threeDefences(board, threats, defender);
  }
  for (const d of defences) {
    board.place(d, defender);
    const answered = board.wonAt(d, defender) ? [] : vct(board, attacker, depth - 1, vcfDepth, limits, seen, vcfSeen);
    board.lift(d);
    if (answered.length === 0) return false;
  }
  return true;
}
