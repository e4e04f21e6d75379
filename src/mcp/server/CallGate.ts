/**
 * Served calls arrive whenever clients send them, not as one batch, so the scheduler's rule is
 * kept here: concurrency-safe calls run beside each other, any other call runs alone. First come,
 * first served: a call waiting to run alone holds back the safe calls that arrive after it.
 */

interface Waiter {
  exclusive: boolean;
  start: () => void;
}

/** A readers-writer gate over the session's calls. */
export class CallGate {
  private shared = 0;
  private exclusive = false;
  private readonly waiting: Waiter[] = [];

  /** Runs `work` once the gate lets it: alone when `exclusive`, beside other shared work otherwise. */
  async run<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting.push({ exclusive, start: resolve });
      this.admit();
    });
    try {
      return await work();
    } finally {
      if (exclusive) this.exclusive = false;
      else this.shared--;
      this.admit();
    }
  }

  private admit(): void {
    while (this.waiting.length > 0 && !this.exclusive) {
      const next = this.waiting[0];
      if (next === undefined) return;
      if (next.exclusive && this.shared > 0) return;
      this.waiting.shift();
      if (next.exclusive) this.exclusive = true;
      else this.shared++;
      next.start();
    }
  }
}
