// Wire events and batches, checked against the same vocabulary the server enforces
// (schema.js), so a bug in a page shows up here and not as a refused batch.
import { SCHEMA } from "./schema.js";

export class StatsError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "StatsError";
    this.code = code;
  }
}

// One wire event: {event, ...fields of its kind, ...device}. Throws StatsError.
export function makeEvent(kind, fields, device) {
  const shape = SCHEMA.kinds[kind];
  if (!shape) throw new StatsError("bad-value", `unknown event ${JSON.stringify(kind)}`);
  const event = { event: kind };
  for (const [name, need] of Object.entries(shape)) {
    const value = fields[name];
    if (value === undefined || value === null) {
      if (need === "required") throw new StatsError("missing-field", `${kind}.${name} is required`);
      continue;
    }
    event[name] = value;
  }
  for (const name of Object.keys(fields)) {
    if (!(name in shape)) throw new StatsError("unknown-field", `${kind}.${name} is not a field of ${kind}`);
  }
  for (const name of SCHEMA.deviceFields) event[name] = device[name];
  checkValues(event);
  return event;
}

function checkValues(event) {
  for (const [name, value] of Object.entries(event)) {
    if (name === "phone") {
      if (typeof value !== "boolean") throw new StatsError("bad-type", "phone must be a boolean");
    } else if (name === "moves") {
      if (!Number.isInteger(value) || value < 0 || value > SCHEMA.maxMoves) {
        throw new StatsError("bad-value", `moves ${value} is outside 0..${SCHEMA.maxMoves}`);
      }
    } else if (name === "tries") {
      if (!Number.isInteger(value) || value < 1 || value > SCHEMA.maxTries) {
        throw new StatsError("bad-value", `tries ${value} is outside 1..${SCHEMA.maxTries}`);
      }
    } else if (name === "puzzle") {
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        throw new StatsError("bad-value", "puzzle must be a date YYYY-MM-DD");
      }
    } else if (name === "result" && event.event === "puzzle-attempt") {
      if (!["win", "loss"].includes(value)) throw new StatsError("bad-value", "a puzzle attempt is a win or a loss");
    } else if (name === "result") {
      const allowed = event.mode === "local" ? SCHEMA.resultsLocal : SCHEMA.resultsPlayer;
      if (!allowed.includes(value)) throw new StatsError("bad-value", `result ${value} in mode ${event.mode}`);
    } else if (!SCHEMA.values[name].includes(value)) {
      throw new StatsError("bad-value", `${name} ${JSON.stringify(value)} is not one of ${SCHEMA.values[name].join(", ")}`);
    }
  }
  if ((event.mode === "ai") !== ("level" in event)) {
    throw new StatsError("bad-value", "level is sent exactly when the mode is ai");
  }
  if (event.event === "board-3d" && !SCHEMA.games3d.includes(event.game)) {
    throw new StatsError("bad-value", `${event.game} has no 3D board`);
  }
  if ("outcome" in event) {
    const detail = event.event === "room-connection" ? "reconnects" : "render";
    if (event.outcome === "failed" && detail in event) {
      throw new StatsError("bad-value", `${detail} is only sent with outcome ok`);
    }
    if (event.event === "room-connection" && event.outcome === "ok" && !("reconnects" in event)) {
      throw new StatsError("missing-field", "reconnects is required with outcome ok");
    }
  }
}

const byteLength = (text) => new TextEncoder().encode(text).length;

// Request bodies for queued events, each within the server's event count and size limits,
// in the order the events happened.
export function buildBodies(events, { maxEvents = SCHEMA.maxEvents, maxBytes = SCHEMA.maxBodyBytes } = {}) {
  const bodies = [];
  let chunk = [];
  const close = () => {
    if (chunk.length) bodies.push(JSON.stringify({ events: chunk }));
    chunk = [];
  };
  for (const event of events) {
    const alone = JSON.stringify({ events: [event] });
    if (byteLength(alone) > maxBytes) throw new StatsError("too-large", "one event exceeds the body limit");
    if (chunk.length === maxEvents || byteLength(JSON.stringify({ events: [...chunk, event] })) > maxBytes) close();
    chunk.push(event);
  }
  close();
  return bodies;
}
