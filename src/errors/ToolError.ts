/**
 * An error a tool throws when the model did something it can correct: the message goes to the
 * model as it is, without a stack. Any other error thrown by a tool is treated as a bug.
 */
export class ToolError extends Error {
  override readonly name = "ToolError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Raised for bad command-line usage; the CLI exits with status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
