// Sellers for the benchmarks: registered over HTTP as the app would, each answered with their session cookie.

/** Registers a seller; returns the `name=value` of their session cookie and the account's id (drafts belong to it). */
export async function registerSeller(origin: string, name: string): Promise<{ cookie: string; userId: number }> {
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    // The same-origin check wants what a browser on this origin would send.
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      firstName: 'Bench',
      lastName: 'Mark',
      password: 'bench password',
    }),
  })
  if (response.status !== 201)
    throw new Error(`registering ${name} answered ${response.status}: ${await response.text()}`)
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`registering ${name} set no session cookie`)
  return { cookie, userId: ((await response.json()) as { id: number }).id }
}

/** Registers a seller and returns the `name=value` of their session cookie. */
export const signUp = async (origin: string, name: string): Promise<string> =>
  (await registerSeller(origin, name)).cookie
