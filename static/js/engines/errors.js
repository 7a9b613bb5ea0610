// The one error type every engine throws; `code` matches the Python engines (docs/ENGINES.md).
export class EngineError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}
