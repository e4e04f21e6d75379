/**
 * SIGTERM for the commands that run calls: instead of dying at once (and losing the results of
 * the calls that finished), the session is aborted, the running call ends as interrupted, the
 * command prints what finished and exits with 143. A call that does not end within
 * TERMINATION_GRACE_MS is given up, so a termination is never ignored.
 */

/** How long the call running at a SIGTERM has to end before the command prints what it has and exits. */
export const TERMINATION_GRACE_MS = 3_000;

/** Whether a SIGTERM came, and a promise that settles once its grace period is over. */
export interface Termination {
  readonly terminated: boolean;
  /** Resolves TERMINATION_GRACE_MS after a SIGTERM (never, without one). */
  readonly expired: Promise<"expired">;
  /** Stops listening. */
  dispose(): void;
}

/** Listens for SIGTERM; on the first one calls `abort` (which should abort the session's calls). */
export function listenForTermination(abort: () => void, graceMs: number = TERMINATION_GRACE_MS): Termination {
  let terminated = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expire: (value: "expired") => void = () => {};
  const expired = new Promise<"expired">((resolve) => (expire = resolve));
  const onTerminate = () => {
    if (terminated) return;
    terminated = true;
    timer = setTimeout(() => expire("expired"), graceMs);
    abort();
  };
  process.on("SIGTERM", onTerminate);
  return {
    get terminated() {
      return terminated;
    },
    expired,
    dispose() {
      process.off("SIGTERM", onTerminate);
      clearTimeout(timer);
    },
  };
}
