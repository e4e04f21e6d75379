/** The message of anything thrown, as text; never throws itself. */

/**
 * `error.message` for an Error, the value as text otherwise. Safe for values that cannot become
 * text (`Object.create(null)`, a throwing `toString`): those are named by their type.
 */
export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return `a thrown ${typeof error} that cannot be shown as text`;
  }
}
