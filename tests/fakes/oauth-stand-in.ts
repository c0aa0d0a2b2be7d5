// What the OAuth stand-ins (eBay, Etsy) share, so each holds only what its provider does differently: the consent page
// (checking the request, keeping it until the seller chooses, sending the browser back), playing the seller on it, the token errors ({error, error_description}), the
// presented Bearer token, and the tests' token controls: a clock that can be moved on, and revoking every token.
import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import { randomBytes } from 'node:crypto'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const oauthError = (c: Context, status: ContentfulStatusCode, error: string, description: string) =>
  c.json({ error, error_description: description }, status)

/** The token a request presents as `Authorization: Bearer …`; empty when none. */
export const presentedToken = (c: Context) => /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''

export interface ConsentPage {
  /** The provider's name in the page's title. */
  provider: string
  question: string
  /** Where the choices go: `${decidePath}?consent=<id>&choice=<choice>`. */
  decidePath: string
  /** The link labels the seller chooses between, first the one that grants access. */
  choices: [{ choice: string; label: string }, { choice: string; label: string }]
}

const consentPage = (page: ConsentPage, id: string, scopes: string[]) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.provider} (stand-in): ${page.question}</title>
      </head>
      <body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
        <h1>${page.question}</h1>
        <p>Snaplist asks for: ${scopes.join(', ')}</p>
        ${page.choices.map(({ choice, label }) => html`<p><a href="${page.decidePath}?consent=${id}&amp;choice=${choice}">${label}</a></p>`)}
      </body>
    </html>`

/** How one provider's consent goes; `Pending` is what it keeps of a request until the seller chooses. */
export interface ConsentFlow<Pending> {
  page: ConsentPage
  authorizePath: string
  /** Why the provider refuses this authorization request, if it does. */
  problem(query: Record<string, string>): string | undefined
  pending(query: Record<string, string>, id: string): Pending
  /** Where the browser goes when the seller grants access (having issued the code), and when they refuse. */
  granted(consent: Pending, id: string): string
  denied(consent: Pending): string
}

/** The consent page (authorizePath) and the seller's choice on it (decidePath); each request can be answered once. */
export function consentRoutes<Pending>(flow: ConsentFlow<Pending>) {
  const consents = new Map<string, Pending>()
  return new Hono()
    .get(flow.authorizePath, (c) => {
      const query = c.req.query()
      const problem = flow.problem(query)
      if (problem) return c.text(`The ${flow.page.provider} authorization request is invalid: ${problem}`, 400)
      const id = randomBytes(12).toString('hex')
      consents.set(id, flow.pending(query, id))
      return c.html(consentPage(flow.page, id, (query.scope ?? '').split(' ')))
    })
    .get(flow.page.decidePath, (c) => {
      const id = c.req.query('consent') ?? ''
      const consent = consents.get(id)
      if (!consent) return c.text('This consent request is unknown or was already answered.', 400)
      consents.delete(id)
      return c.redirect(
        c.req.query('choice') === flow.page.choices[0].choice ? flow.granted(consent, id) : flow.denied(consent),
      )
    })
}

/** The address the provider sends the browser back to: `address` with these query parameters (undefined ones left out). */
export function backTo(address: string, params: Record<string, string | undefined>): string {
  const url = new URL(address)
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value)
  return url.toString()
}

/** Plays the seller on a consent page: opens it, follows the link with this label, returns where the provider sends the browser. */
export async function followConsent(fakeUrl: string, authorizationUrl: string, label: string): Promise<URL> {
  const page = await fetch(authorizationUrl)
  if (!page.ok) throw new Error(`the consent page refused the request: ${page.status} ${await page.text()}`)
  const link = new RegExp(`<a href="([^"]+)">${label}</a>`).exec(await page.text())?.[1]
  if (!link) throw new Error(`no ${label} link on the consent page`)
  const decision = await fetch(new URL(link.replace(/&amp;/g, '&'), fakeUrl), { redirect: 'manual' })
  return new URL(decision.headers.get('location') ?? '')
}

/** What a test may do to a provider's tokens. */
export interface TokenControls {
  /** Moves the stand-in's clock forward: codes and access tokens age as if that much time had passed. */
  advanceClock(ms: number): void
  /** Forgets every token, as when the seller revokes the app on the provider's site. */
  revokeAll(): void
}

/** A provider's clock and its live access and refresh tokens (each with what the provider keeps about it), and their controls. */
export function createTokens<Access, Refresh>() {
  let clockOffset = 0
  const access = new Map<string, Access>()
  const refresh = new Map<string, Refresh>()
  const controls: TokenControls = {
    advanceClock: (ms) => {
      clockOffset += ms
    },
    revokeAll: () => {
      access.clear()
      refresh.clear()
    },
  }
  return { now: () => Date.now() + clockOffset, access, refresh, controls }
}
