// The one error type every engine throws; `code` matches the Python engines (docs/ENGINES.md).
// Its message is cut at MESSAGE_LIMIT characters, as in Python: some messages quote the input
// they refuse, and input from outside has no length of its own.
export const MESSAGE_LIMIT = 160;

export class EngineError extends Error {
  constructor(code, message) {
    super(message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT - 1)}…` : message);
    this.name = "EngineError";
    this.code = code;
  }
}
