// A friend-room game behind the session interface of docs/FRONTEND.md, over the room socket
// of docs/PROTOCOL.md. The server is the authority: the local engine only refuses a move early
// (same EngineError as the local game) and draws it before the server confirms. The server
// sends the full state as a header (`welcome`/`state`) followed by the move list in slices
// (`moves`), which this replays with the local engine; after that each event carries one move
// and the room's version, and a gap in the versions asks for the full state again.
//
//   const session = new RoomSession({ engine, slug, roomId, variant });  // variant: the room's
//   // rule setting as the page has it ("" for a game with one rule); the header's wins
//   session.addEventListener("change", (e) => draw(e.detail));
//   session.start();            // connects, and reconnects by itself with backoff
//   session.play("B2");         // when session.canPlay()
//   session.requestRematch();   // after the game: "Swap colours and play again"
//   session.resign(); session.offerDraw(); session.answerDraw(true | false);
//   session.claim("draw" | "win");   // the friend has been away 2 (draw) or 5 (win) minutes
//
// Events: "change" {state, moves, outcome, lastMove, thinking, cause} (cause: sync (welcome or
// resync), play (own move, drawn before the server confirms), confirmed (the server applied
// it), remote (the friend's move), rematch (a rematch was asked for or started), ending (a
// resignation, an agreed draw or a claimed game), draw (a draw offer made or declined));
// "draw" {offer: side whose offer stands or null, fromFriend};
// "error" {error: {code, message, for}}; "presence" {players, spectators, friendConnected};
// "seat" {seat, side}; "rematch" {requested, round, started};
// "connection" {connection: connecting | open | reconnecting | full | busy | overloaded |
// unavailable | gone, code} (full: the room has all the watchers it takes; busy: too many
// sockets or connects from this network; overloaded: the server is saturated and takes no new
// watcher for now; all retried with backoff, as close code 4429 asks; unavailable: the
// server's database is unreachable, on connecting (retried so) or for a request (the room is
// asked for again every 2 s until it comes)).

import { EngineError } from "../engines/errors.js";

const PING_MS = 10_000; // the heartbeat interval docs/PROTOCOL.md gives
const SILENCE_MS = 25_000; // no message for this long: the socket is dead (phone slept)
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const CLOSE_GONE = 4404;
// Refusals of a socket as it opens that pass with time: the page says which, and retries.
const LIMITED = {
  "room-full": "full",
  "too-many-sockets": "busy",
  "too-many-connects": "busy",
  "server-busy": "overloaded",
  unavailable: "unavailable",
};
// The server's database unreachable for a moment (a restart, a failover): a request refused
// with "unavailable" changed nothing; the page says so and asks for the room again until
// the answer comes.
const UNAVAILABLE_RETRY_MS = 2000;
// The "change" cause of a room event other than a move (rematches are the default).
const EVENT_CAUSES = {
  resigned: "ending", "draw-agreed": "ending", abandoned: "ending",
  "draw-offered": "draw", "draw-declined": "draw",
};

export class RoomSessionError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "RoomSessionError";
    this.code = code;
  }
}

export class RoomSession extends EventTarget {
  static current = null;

  constructor({ engine, slug, roomId, variant = "", url = null, WebSocketImpl = globalThis.WebSocket }) {
    super();
    if (!engine) throw new TypeError("RoomSession needs an engine");
    if (!roomId) throw new TypeError("RoomSession needs a room id");
    this.engine = engine;
    this.slug = slug ?? engine.slug;
    this.roomId = roomId;
    this.url = url ?? RoomSession.defaultUrl(roomId);
    this.WebSocketImpl = WebSocketImpl;
    this._variant = variant;
    this._state = this._initialState();
    this._moves = [];
    this._room = null; // the last room header from the server
    this._confirmed = { state: this._state, moves: [] }; // the server's position and moves
    this._incoming = null; // {room, texts}: a full state whose move slices are arriving
    this._you = { seat: null, side: null };
    this._presence = { players: [false, false], spectators: 0, away: [null, null] };
    this._presenceAt = Date.now();
    this._pending = null; // {ply, text} sent, not yet confirmed
    this._connection = "connecting";
    this._limited = null; // "full" or "busy" while the server refuses this socket for a while
    this._socket = null;
    this._attempt = 0;
    this._stopped = true;
    this._timers = new Set();
    RoomSession.current = this;
    globalThis.document?.dispatchEvent(new CustomEvent("roomsession", { detail: this }));
  }

  static defaultUrl(roomId) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/rooms/${encodeURIComponent(roomId)}/`;
  }

  get state() { return this._state; }
  get moves() { return this._moves.map((move) => ({ ...move })); }
  // The position before each move and after the last, like GameSession.history.
  get history() {
    const states = [this._initialState()];
    for (const move of this._moves) {
      const before = states[states.length - 1];
      states.push(this.engine.play(before, this.engine.parseMove(before, move.text)));
    }
    return states;
  }
  // The rules' outcome, or the server's for an ending by agreement (`resigned`, `agreed`).
  get outcome() {
    return this.engine.outcome(this._state) ?? (this._room?.status === "finished" ? this._room.outcome : null);
  }
  // The room's rule setting: every round starts from initialState(variant) (docs/PROTOCOL.md).
  get variant() { return this._variant; }
  _initialState() {
    const variant = this.variant;
    return variant ? this.engine.initialState(variant) : this.engine.initialState();
  }
  get drawOffer() { return this._room?.draw_offer ?? null; }
  get mode() { return "friend"; }
  get level() { return null; }
  get humanSide() { return this._you.side; }
  get seat() { return this._you.seat; }
  get thinking() { return this._pending !== null; }
  get status() { return this._room?.status ?? "connecting"; }
  get round() { return this._room?.round ?? 1; }
  get version() { return this._room?.version ?? 0; }
  get rematch() { return this._room?.rematch ?? [false, false]; }
  get presence() { return { ...this._presence, friendConnected: this.friendConnected }; }
  get connection() { return this._connection; }
  get friendConnected() {
    const side = this._you.side;
    return side === null ? false : Boolean(this._presence.players[1 - side]);
  }

  canPlay() {
    return (
      this._connection === "open" &&
      this._room?.status === "playing" &&
      this._you.side !== null &&
      this._pending === null &&
      !this.outcome &&
      this.engine.toMove(this._state) === this._you.side
    );
  }

  // Throws EngineError for an illegal move (state unchanged), RoomSessionError when it is not
  // this player's turn to send one.
  play(text) {
    if (!this.canPlay()) {
      throw new RoomSessionError("not-your-turn", "you cannot move now");
    }
    const move = this.engine.parseMove(this._state, text);
    const canonical = this.engine.formatMove(this._state, move);
    const after = this.engine.play(this._state, move);
    const ply = this._moves.length;
    this._pending = { ply, text: canonical };
    this._state = after;
    this._moves = [...this._moves, { text: canonical, player: this._you.side }];
    this._send({ type: "move", ply, move: canonical });
    this._changed("play");
  }

  // Endings by agreement (docs/PROTOCOL.md): the server decides; the result comes as an event.
  resign() { this._sendInPlay({ type: "resign" }); }
  offerDraw() { this._sendInPlay({ type: "offer-draw" }); }
  answerDraw(accept) { this._sendInPlay({ type: "answer-draw", accept: Boolean(accept) }); }
  claim(result) { this._sendInPlay({ type: "claim", result }); }

  // Seconds the friend has had no live socket, as the server counted it plus the time since
  // (null while the friend is present, or for a spectator).
  get friendAwaySeconds() {
    const side = this._you.side;
    const away = side === null ? null : this._presence.away?.[1 - side];
    if (away === null || away === undefined) return null;
    return away + Math.floor((Date.now() - this._presenceAt) / 1000);
  }

  _sendInPlay(message) {
    if (this._you.side === null || this._room?.status !== "playing") {
      throw new RoomSessionError("not-playing", "only a player, while the game goes on");
    }
    this._send({ ...message, round: this._room.round });
  }

  requestRematch() {
    if (this._you.side === null || this._room?.status !== "finished") {
      throw new RoomSessionError("not-finished", "a rematch is possible once the game is over");
    }
    this._send({ type: "rematch", round: this._room.round });
  }

  start() {
    this._stopped = false;
    this._online = () => this._reconnectNow();
    this._visible = () => document.visibilityState === "visible" && this._reconnectNow();
    globalThis.addEventListener?.("online", this._online);
    globalThis.document?.addEventListener("visibilitychange", this._visible);
    this._connect();
  }

  stop() {
    this._stopped = true;
    globalThis.removeEventListener?.("online", this._online);
    globalThis.document?.removeEventListener("visibilitychange", this._visible);
    for (const timer of this._timers) clearTimeout(timer);
    this._timers.clear();
    this._socket?.close(1000);
    this._socket = null;
  }

  // --- socket ---------------------------------------------------------------------------

  _connect() {
    if (this._stopped) return;
    const socket = new this.WebSocketImpl(this.url);
    this._socket = socket;
    const first = this._attempt === 0 && !this._room;
    this._setConnection(this._limited ?? (first ? "connecting" : "reconnecting"));
    socket.addEventListener("message", (event) => socket === this._socket && this._receive(event.data));
    socket.addEventListener("close", (event) => socket === this._socket && this._closed(event.code));
    this._heard();
  }

  _closed(code) {
    this._socket = null;
    this._clearTimer("ping");
    this._clearTimer("silence");
    if (this._stopped) return;
    if (code === CLOSE_GONE) {
      this._stopped = true;
      this._setConnection("gone", code);
      return;
    }
    this._setConnection(this._limited ?? "reconnecting", code);
    const delay = BACKOFF_MS[Math.min(this._attempt, BACKOFF_MS.length - 1)];
    this._attempt += 1;
    this._later("retry", delay * (0.75 + Math.random() / 2), () => this._connect());
  }

  _reconnectNow() {
    if (this._stopped || this._connection === "open") return;
    this._clearTimer("retry");
    if (!this._socket) this._connect();
  }

  _send(message) {
    if (this._socket?.readyState === 1) this._socket.send(JSON.stringify(message));
  }

  _heard() {
    // Any message proves the socket alive; a silent one is closed and replaced.
    this._later("silence", SILENCE_MS, () => {
      const socket = this._socket;
      this._socket = null;
      socket?.close(4000);
      this._closed(1006);
    });
  }

  _later(name, ms, callback) {
    this._clearTimer(name);
    const timer = setTimeout(() => {
      this._timers.delete(timer);
      this[`_timer_${name}`] = null;
      callback();
    }, ms);
    this[`_timer_${name}`] = timer;
    this._timers.add(timer);
  }

  _clearTimer(name) {
    const timer = this[`_timer_${name}`];
    if (timer) {
      clearTimeout(timer);
      this._timers.delete(timer);
      this[`_timer_${name}`] = null;
    }
  }

  _schedulePing() {
    this._later("ping", PING_MS, () => {
      this._send({ type: "ping" });
      this._schedulePing();
    });
  }

  // --- messages from the server -----------------------------------------------------------

  _receive(data) {
    this._heard();
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    switch (message.type) {
      case "welcome":
        this._attempt = 0;
        this._limited = null;
        this._setConnection("open");
        this._schedulePing();
        this._setYou(message.you);
        this._startFull(message.room);
        break;
      case "state":
        if (this._connection === "unavailable") {
          this._clearTimer("unavailable");
          this._setConnection("open");
        }
        this._setYou(message.you);
        this._startFull(message.room);
        break;
      case "moves":
        this._receiveMoves(message);
        break;
      case "seat": // this seat moved to another device: this one watches from now on
        this._setYou(message.you);
        this._changed("seat");
        break;
      case "room":
        this._setYou(message.you);
        this._event(message);
        break;
      case "presence":
        this._setPresence(message);
        this._emit("presence", this.presence);
        break;
      case "pong":
        this._setPresence(message);
        this._emit("presence", this.presence);
        if (message.version > this.version) this._send({ type: "sync" }); // an event was lost
        break;
      case "error":
        this._refused(message);
        break;
      default:
        break;
    }
  }

  // An absence only grows until the friend is back: a report that counts less than this page
  // already does (its clocks differ from the server's) does not turn it back.
  _setPresence(message) {
    const elapsed = (Date.now() - this._presenceAt) / 1000;
    const before = this._presence.away ?? [null, null];
    const away = (message.away ?? [null, null]).map((seconds, side) =>
      seconds === null || before[side] === null ? seconds : Math.max(seconds, Math.floor(before[side] + elapsed)));
    this._presence = { players: message.players, spectators: message.spectators, away };
    this._presenceAt = Date.now();
  }

  _setYou(you) {
    if (!you) return;
    const changed = you.seat !== this._you.seat || you.side !== this._you.side;
    this._you = { seat: you.seat ?? null, side: you.side ?? null };
    if (changed) this._emit("seat", { ...this._you });
  }

  // A full state: the header now, its `ply` moves in the `moves` slices that follow.
  _startFull(room) {
    this._incoming = { room, texts: [] };
    this._finishFull();
  }

  _receiveMoves(message) {
    const incoming = this._incoming;
    if (!incoming) return;
    if (message.round !== incoming.room.round || message.from !== incoming.texts.length) {
      this._incoming = null; // a slice went missing: start over
      this._send({ type: "sync" });
      return;
    }
    incoming.texts.push(...message.moves);
    this._finishFull();
  }

  _finishFull() {
    const { room, texts } = this._incoming;
    if (texts.length < room.ply) return;
    this._incoming = null;
    this._variant = room.variant ?? this._variant; // the header is the authority
    let replayed;
    try {
      replayed = this._replay(texts);
    } catch (error) {
      this._emit("error", { error: { code: error.code ?? "bad-state", message: error.message, for: null } });
      return;
    }
    const previous = this._room;
    this._room = room;
    this._confirmed = replayed;
    this._settle(previous, "sync");
  }

  _replay(texts) {
    let state = this._initialState();
    const moves = [];
    for (const text of texts) {
      moves.push({ text, player: this.engine.toMove(state) });
      state = this.engine.play(state, this.engine.parseMove(state, text));
    }
    return { state, moves };
  }

  // A versioned change: one move (`moved`) or a change of status, seats or round.
  _event(message) {
    const room = message.room;
    if (this._incoming || !this._room || room.version <= this._room.version) return; // old news
    this._variant = room.variant ?? this._variant;
    const previous = this._room;
    if (message.event === "moved") {
      const move = message.move;
      const next = room.version === previous.version + 1 && room.round === previous.round;
      if (!next || move.ply !== this._confirmed.moves.length) {
        this._send({ type: "sync" }); // something was missed
        return;
      }
      const { state, moves } = this._confirmed;
      try {
        const after = this.engine.play(state, this.engine.parseMove(state, move.text));
        this._confirmed = { state: after, moves: [...moves, { text: move.text, player: move.player }] };
      } catch {
        this._send({ type: "sync" });
        return;
      }
      this._room = room;
      this._settle(previous, move.player === this._you.side ? "confirmed" : "remote");
      return;
    }
    if (room.round !== previous.round) {
      this._confirmed = { state: this._initialState(), moves: [] };
    } else if (room.ply !== this._confirmed.moves.length) {
      this._send({ type: "sync" });
      return;
    }
    this._room = room;
    this._settle(previous, EVENT_CAUSES[message.event] ?? "rematch");
  }

  // Show the server's position (dropping a move drawn before it was confirmed) and tell.
  _settle(previous, cause) {
    const room = this._room;
    this._state = this._confirmed.state;
    this._moves = this._confirmed.moves;
    this._pending = null;
    if ((previous?.draw_offer ?? null) !== (room.draw_offer ?? null)) {
      const offer = room.draw_offer ?? null;
      this._emit("draw", { offer, fromFriend: offer !== null && offer !== this._you.side });
    }
    if (previous?.round !== room.round || previous?.rematch?.join() !== room.rematch.join()) {
      this._emit("rematch", {
        requested: [...room.rematch],
        round: room.round,
        started: Boolean(previous) && previous.round !== room.round,
      });
    }
    this._changed(cause);
  }

  _refused(message) {
    const error = { code: message.code, message: message.message, for: message.for };
    if (message.for === "move" && this._pending) {
      this._pending = null;
      this._send({ type: "sync" }); // put the board back to the server's position
    }
    const limited = message.for === "connect" ? LIMITED[message.code] : undefined;
    if (message.code === "unavailable" && message.for !== "connect") {
      this._setConnection("unavailable");
      this._later("unavailable", UNAVAILABLE_RETRY_MS, () => this._send({ type: "sync" }));
    } else if (limited) {
      this._limited = limited; // the 4429 close that follows retries with backoff
    } else if (message.for === "connect" || message.code === "room-gone") {
      this._stopped = true;
      this._setConnection("gone", CLOSE_GONE);
    }
    this._emit("error", { error });
  }

  _setConnection(connection, code = null) {
    if (connection === this._connection) return;
    this._connection = connection;
    this._emit("connection", { connection, code });
  }

  _changed(cause) {
    const moves = this.moves;
    this._emit("change", {
      state: this._state,
      moves,
      outcome: this.outcome,
      lastMove: moves.length ? moves[moves.length - 1] : null,
      thinking: this.thinking,
      cause,
    });
  }

  _emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}

export { EngineError };
