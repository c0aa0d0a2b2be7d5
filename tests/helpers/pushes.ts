// A marketplace stand-in's push (Etsy's webhook, eBay's notification) reaching the app: they are delivered apart from
// the sale that made them, as the marketplaces deliver them, so a test waits for the app's answer.
const WAIT_MS = 5_000
const STEP_MS = 20

/** The push `find` picks once the app answered it 2xx; fails after 5 s, showing every push made. */
export async function answeredPush<Push extends { attempts: number[] }>(
  pushes: Push[],
  find: (push: Push) => boolean,
): Promise<Push> {
  for (let waited = 0; waited < WAIT_MS; waited += STEP_MS) {
    const push = pushes.find(find)
    if (push?.attempts.some((status) => status >= 200 && status < 300)) return push
    await new Promise((resolve) => setTimeout(resolve, STEP_MS))
  }
  throw new Error(`the push was not answered: ${JSON.stringify(pushes)}`)
}
