/** The numbers the pipeline enforces on every call, whatever the tool. */

/**
 * The longest error result the model gets (or the tool's own limit, when that is smaller):
 * errors often quote the input, and a 10 MB path must not come back as 20 MB of error text.
 */
export const MAX_ERROR_RESULT_CHARS = 10_000;
/** How much of the end of a cut error is kept: its advice is usually there. */
export const ERROR_TAIL_CHARS = 2_000;
/**
 * Tool input nested deeper than this is refused before validation: built-in inputs are a level
 * or two deep, and validating (or printing) a 100,000-deep value would overflow the stack.
 */
export const MAX_INPUT_DEPTH = 64;
