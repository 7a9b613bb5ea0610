// What a 2D board shows and how it reads a choice, for any position of an engine twin: the
// play page (page.js) and the rules pages' example puzzles (examples/puzzle.js) both draw and
// refuse through these, so an example looks and answers exactly as a game does.
import { PASS, choose, highlights } from "./intents.js";
import { describe, gameInfo, linesThrough, occupancy } from "./status.js";

// The Board2D strings (board.js) from a page's string table; `boardLabel` names the board.
export function boardStrings(t, boardLabel = t("board-label")) {
  return {
    boardLabel,
    pointLabel: t("point-label"),
    pointWithState: t("point-with-state"),
    pointEmpty: t("point-empty"),
    pieceNames: [t("piece-0"), t("piece-1")],
    stateSeparator: t("listSeparator"),
    stateSelected: t("state-selected"),
    stateDestination: t("state-destination"),
    stateRemovable: t("state-removable"),
    stateProtected: t("state-protected"),
    stateWinning: t("state-winning"),
    stateGhost: t("state-ghost"),
    stateForbidden: t("state-forbidden"),
    // Asked only on a board that marks legal placements (registry Board show_moves): the
    // other games' pages have no such words.
    get stateLegal() {
      return t("state-legal");
    },
    "stateLast-to": t("state-last-to"),
    "stateLast-from": t("state-last-from"),
    "stateLast-capture": t("state-last-capture"),
  };
}

// The legal moves of `state` in the site's notation.
export function legalTexts(engine, state) {
  return engine.legalMoves(state).map((move) => engine.formatMove(state, move));
}

// The side to move has no legal point and passes (registry Rules
// passing): its one move is `pass`, which
// the page's Pass button plays.
export function mustPass(engine, state) {
  const moves = legalTexts(engine, state);
  return moves.length === 1 && moves[0] === PASS;
}

// A point chosen with `pending` already picked: intents.js's choose() on this position.
export function choosePoint(engine, state, pending, point) {
  const dump = engine.dump(state);
  const owners = occupancy(engine.slug, dump);
  return choose({
    moves: legalTexts(engine, state),
    placing: describe(engine.slug, dump).phase === "placing",
    owner: (p) => (owners.has(p) ? owners.get(p) : null),
    player: engine.toMove(state),
    movement: gameInfo(engine.slug).movement,
  }, pending, point);
}

// Why the engine refuses `text` (a choice choose() found illegal): its EngineError code.
export function engineCode(engine, state, text) {
  try {
    engine.play(state, engine.parseMove(state, text));
  } catch (error) {
    if (typeof error?.code === "string") return error.code;
    throw error;
  }
  // choose() only asks about texts that are not legal moves; reaching here is a bug.
  throw new Error(`the engine accepted ${text}, which is not among the legal moves`);
}

// The string key that words a refusal `code` at `point`. capture-invalid has two causes (a
// protected enemy piece, or no enemy piece at all); wrong-phase two (moving while pieces remain
// to be placed, or placing once all are placed).
export function refusalKey(engine, state, code, point) {
  const dump = engine.dump(state);
  if (mustPass(engine, state)) return "error-must-pass";
  if (code === "capture-invalid") {
    const enemy = occupancy(engine.slug, dump).get(point) === 1 - engine.toMove(state);
    return enemy ? "error-capture-protected" : "error-capture-invalid";
  }
  if (code === "wrong-phase" && describe(engine.slug, dump).phase !== "placing") return "error-wrong-phase-moving";
  return `error-${code}`;
}

// What Board2D.render() draws for `state` with the half-built move `pending` (drawn as made
// while it waits for its capture), and the facts around it.
export function boardView(engine, state, pending, { interactive, lastMove, moveCount, hint = null, ghost = null }) {
  const dump = engine.dump(state);
  const facts = describe(engine.slug, dump);
  const outcome = engine.outcome(state);
  const owners = occupancy(engine.slug, dump);
  const marks = highlights(interactive ? legalTexts(engine, state) : [], pending);
  const player = engine.toMove(state);
  if (pending.to !== null) {
    if (pending.from) owners.delete(pending.from);
    owners.set(pending.to, player);
  }
  // The mill or run of three just made: by the piece waiting for its capture, else by the last
  // move if it captured (shown until the next move).
  let formedBy = null;
  if (marks.stage === "capture" && pending.to !== null) formedBy = pending.to;
  else if (lastMove?.capture) formedBy = lastMove.to;
  const formedLines = formedBy ? linesThrough(engine.slug, owners, formedBy) : [];
  const protectedPieces = new Set();
  if (marks.stage === "capture") {
    for (const [p, owner] of owners) if (owner !== player && !marks.removable.has(p)) protectedPieces.add(p);
  }
  const view = {
    owners,
    selected: pending.from,
    pendingTo: pending.to,
    selectable: marks.selectable,
    destinations: marks.destinations,
    removable: marks.removable,
    protectedPieces,
    placing: facts.phase === "placing",
    lastMove,
    winCells: outcome?.cells ?? [],
    formedLines,
    moveCount,
    interactive,
    hint,
    // A chosen placement waiting for its confirmation, drawn see-through (never while it
    // is not the player's turn).
    ghost: interactive && ghost ? { to: ghost, player } : null,
    // The engine's forbidden points for the side to move, when it has any (Renju's for
    // black); drawn whoever is to move, so a player sees where black may not play.
    forbidden: engine.forbiddenPoints && !outcome ? engine.forbiddenPoints(state) : {},
  };
  return { view, facts, stage: marks.stage, outcome };
}
