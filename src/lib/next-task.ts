/** Resolves in a later task: the browser paints and answers a tap in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))
