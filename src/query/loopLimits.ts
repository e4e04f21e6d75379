/** The bounds of the loop's own recoveries, so none of them can go on forever. */

/** Times in a row an answer cut off by max_tokens is continued. */
export const MAX_TOKENS_CONTINUATIONS = 2;

/** Times in a row a paused server-side turn (pause_turn) is sent back. */
export const PAUSE_TURN_LIMIT = 5;

export { CONTINUE_AFTER_MAX_TOKENS, cutOffToolUseText } from "./prompt.ts";
