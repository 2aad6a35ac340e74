/**
 * At most `limit` tasks at once; the others wait in memory, in arrival order, except that an
 * `urgent` one (work that finishes something already started) goes before the new ones.
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private urgentWaiting = 0;

  constructor(readonly limit: number) {}

  /** Tasks running now, and waiting for a turn. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>, options: { urgent?: boolean } = {}): Promise<T> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      // The slot is handed over by the task that ends (active stays counted), so a task
      // arriving meanwhile cannot overtake the ones already waiting.
      await new Promise<void>((resolve) => {
        if (options.urgent) this.waiting.splice(this.urgentWaiting++, 0, resolve);
        else this.waiting.push(resolve);
      });
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        if (this.urgentWaiting > 0) this.urgentWaiting--;
        next();
      } else {
        this.active--;
      }
    }
  }
}
