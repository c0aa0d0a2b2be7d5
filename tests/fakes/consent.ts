// What the OAuth stand-ins share: eBay's and Etsy's token errors ({error, error_description}) and playing the seller on
// a consent page: open it, follow the link with the chosen label, and return where the provider sends the browser.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const oauthError = (c: Context, status: ContentfulStatusCode, error: string, description: string) =>
  c.json({ error, error_description: description }, status)

export async function followConsent(fakeUrl: string, authorizationUrl: string, label: string): Promise<URL> {
  const page = await fetch(authorizationUrl)
  if (!page.ok) throw new Error(`the consent page refused the request: ${page.status} ${await page.text()}`)
  const link = new RegExp(`<a href="([^"]+)">${label}</a>`).exec(await page.text())?.[1]
  if (!link) throw new Error(`no ${label} link on the consent page`)
  const decision = await fetch(new URL(link.replace(/&amp;/g, '&'), fakeUrl), { redirect: 'manual' })
  return new URL(decision.headers.get('location') ?? '')
}
