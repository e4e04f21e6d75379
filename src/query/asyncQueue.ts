/** A queue one side pushes into and the other awaits: how tool progress joins the loop's events. */

export class AsyncQueue<T> {
  private readonly items: T[] = [];
  private waiting: ((item: T) => void) | undefined;

  push(item: T): void {
    const wake = this.waiting;
    if (wake !== undefined) {
      this.waiting = undefined;
      wake(item);
    } else this.items.push(item);
  }

  /** The next item, at once when one is queued. */
  next(): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Every queued item, leaving the queue empty. */
  drain(): T[] {
    return this.items.splice(0);
  }
}
