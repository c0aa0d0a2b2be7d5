// Work that runs after the reply has gone (mail, and the lookups whose timing must not show in a reply). A failure is
// logged, never thrown at a caller who has already been answered; drain() lets shutdown and tests wait for the rest.
export function createBackgroundTasks() {
  const running = new Set<Promise<void>>()
  return {
    run(label: string, task: () => Promise<void>): void {
      const settled: Promise<void> = task()
        .catch((error: unknown) => console.error(`Background task "${label}" failed:`, error))
        .finally(() => running.delete(settled))
      running.add(settled)
    },

    /** Resolves once every task has finished, including tasks started while waiting. */
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.all(running)
    },
  }
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>
