// Sellers for the benchmarks: registered over HTTP as the app would, each answered with their session cookie.

/** Registers a seller and returns the `name=value` of their session cookie. */
export async function signUp(origin: string, name: string): Promise<string> {
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    // The same-origin check wants what a browser on this origin would send.
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, firstName: 'Bench', lastName: 'Mark', password: 'bench password' }),
  })
  if (response.status !== 201) throw new Error(`registering ${name} answered ${response.status}: ${await response.text()}`)
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`registering ${name} set no session cookie`)
  return cookie
}
