/**
 * Interrupting one turn of a run that goes on: `query` asks for a signal as each turn starts and
 * lets go of it when the turn ends; `interrupt()` aborts the turn running then (and nothing when
 * none is), so the messages after it still run. (A stream-json `control_request` interrupt.)
 */
export interface TurnInterrupter {
  /** The signal of the turn starting now. */
  begin(): AbortSignal;
  /** The turn ended. */
  end(): void;
  /** Aborts the running turn, if one is running. */
  interrupt(): void;
}

export function createTurnInterrupter(): TurnInterrupter {
  let current: AbortController | undefined;
  return {
    begin() {
      current = new AbortController();
      return current.signal;
    },
    end() {
      current = undefined;
    },
    interrupt() {
      current?.abort();
    },
  };
}
