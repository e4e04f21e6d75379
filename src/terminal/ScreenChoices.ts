/**
 * The choices the screen offers the person, each waiting for its answer: the permission question
 * (withdrawn, answered no, when its call is stopped) and a list to choose from (/model, /resume,
 * the trust question). The view draws them from the store; the keys come back through here.
 */
import type { Store } from "./Store.ts";
import { nextItemId, type PickerView, type QuestionOption, type QuestionView, type TerminalState } from "./terminalState.ts";

/** What the busy line says while a question waits. */
export const WAITING_FOR_ANSWER = "Waiting for your answer";

type Answer = QuestionOption["answer"] | undefined;

export class ScreenChoices {
  private question: ((answer: Answer) => void) | undefined;
  private picker: ((index: number | undefined) => void) | undefined;
  private pickerMany: ((indexes: number[] | undefined) => void) | undefined;

  constructor(private readonly store: Store<TerminalState>) {}

  /** Shows `view` until it is answered; `signal` withdraws it (the answer is then undefined). */
  ask(view: QuestionView, signal: AbortSignal | undefined): Promise<Answer> {
    if (signal?.aborted) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const settle = (answer: Answer) => {
        signal?.removeEventListener("abort", onAbort);
        this.question = undefined;
        this.store.update((state) => ({ ...state, question: undefined, busy: state.busy === WAITING_FOR_ANSWER ? "Running" : state.busy }));
        resolve(answer);
      };
      const onAbort = () => settle(undefined);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.question = settle;
      this.store.update((state) => ({ ...state, question: view, busy: WAITING_FOR_ANSWER }));
    });
  }

  answer(answer: QuestionOption["answer"]): void {
    this.question?.(answer);
  }

  /** Shows a list; resolves with the chosen index, or undefined when cancelled. A new list replaces an open one. */
  pick(title: string, options: PickerView["options"], selected = 0): Promise<number | undefined> {
    this.picker?.(undefined);
    return new Promise((resolve) => {
      this.picker = (index) => {
        this.picker = undefined;
        this.store.update((state) => ({ ...state, picker: undefined }));
        resolve(index);
      };
      this.store.update((state) => ({ ...state, picker: { id: nextItemId(), title, options, selected } }));
    });
  }

  /** Shows a list where several entries may be ticked; resolves with the ticked indexes (the highlighted one when none is), or undefined when cancelled. */
  pickMany(title: string, options: PickerView["options"]): Promise<number[] | undefined> {
    this.picker?.(undefined);
    return new Promise((resolve) => {
      this.pickerMany = (indexes) => {
        this.pickerMany = undefined;
        this.picker = undefined;
        this.store.update((state) => ({ ...state, picker: undefined }));
        resolve(indexes);
      };
      this.picker = (index) => this.pickerMany?.(index === undefined ? undefined : this.ticked(index));
      this.store.update((state) => ({ ...state, picker: { id: nextItemId(), title, options, selected: 0, checked: options.map(() => false) } }));
    });
  }

  private ticked(fallback: number): number[] {
    const checked = this.store.get().picker?.checked ?? [];
    const indexes = checked.flatMap((tick, index) => (tick ? [index] : []));
    return indexes.length > 0 ? indexes : [fallback];
  }

  /** Ticks or unticks the highlighted entry of a list where several may be chosen. */
  toggle(): void {
    this.store.update((state) => {
      const picker = state.picker;
      if (picker?.checked === undefined) return state;
      return { ...state, picker: { ...picker, checked: picker.checked.map((tick, index) => (index === picker.selected ? !tick : tick)) } };
    });
  }

  move(delta: number): void {
    this.store.update((state) => state.picker === undefined ? state : {
      ...state,
      picker: { ...state.picker, selected: (state.picker.selected + delta + state.picker.options.length) % state.picker.options.length },
    });
  }

  /** Chooses entry `index`, or the selected one. */
  choose(index?: number): void {
    const picker = this.store.get().picker;
    if (picker !== undefined) this.picker?.(index ?? picker.selected);
  }

  cancel(): void {
    this.picker?.(undefined);
  }

  /** Withdraws whatever is open (the person is leaving). */
  withdraw(): void {
    this.question?.(undefined);
    this.picker?.(undefined);
  }
}
