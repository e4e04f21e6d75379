/** A small external store the React view subscribes to (useSyncExternalStore): the state and its changes. */

export interface Store<State> {
  get(): State;
  /** Replaces the state with what `change` makes of it, then tells every listener. */
  update(change: (state: State) => State): void;
  subscribe(listener: () => void): () => void;
}

/** A store holding `initial`. */
export function createStore<State>(initial: State): Store<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(change) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
