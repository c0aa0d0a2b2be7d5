// Issue 13, finding 4: a page on another site must not be able to link the attacker's eBay account to the signed-in
// victim's Snaplist account. The attacker gets a code for their own eBay account, then the victim visits their page
// (on 127.0.0.1, another site than localhost), which starts an authorization in the victim's session with a top-level
// GET, posts the code with a form, and sends the victim to the eBay callback screen with the code and no state.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { ebayRedirectAddress, registerThroughApi, signUpThroughApi } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

const APP = `http://localhost:${E2E_PORT}`

/** The attacker's page: each button is one step of the attack, so the test can wait for each to land. */
const attackerPage = (code: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Free shipping labels</title></head>
<body>
  <img alt="" src="${APP}/api/marketplace-connections/ebay/auth">
  <iframe title="sink" name="sink" src="${APP}/api/marketplace-connections/ebay/auth"></iframe>
  <form method="post" action="${APP}/api/marketplace-connections/ebay/exchange-token" enctype="text/plain" target="sink">
    <input type="hidden" name='{"code":"${code}","x":"' value='"}'>
  </form>
  <button id="start" onclick="window.open('${APP}/api/marketplace-connections/ebay/auth', 'start')">Claim your labels</button>
  <button id="post" onclick="document.forms[0].submit()">Confirm</button>
  <button id="finish" onclick="location.href = '${APP}/ebay-auth/success?code=${encodeURIComponent(code)}'">Continue</button>
</body></html>`

function serveAttackerPage(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  )
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }),
    ),
  )
}

test('a page on another site cannot link its eBay account to the signed-in seller', async ({ page, playwright }) => {
  // The attacker, in their own Snaplist account, has eBay's consent page send them a code without spending it.
  const attacker = await playwright.request.newContext({ baseURL: APP })
  await registerThroughApi(attacker, 'attacker')
  const { authUrl } = (await (await attacker.get('/api/marketplace-connections/ebay/auth')).json()) as {
    authUrl: string
  }
  const code = new URL(await ebayRedirectAddress(attacker, authUrl)).searchParams.get('code')!
  await attacker.dispose()

  const { url, server } = await serveAttackerPage(attackerPage(code))
  try {
    await signUpThroughApi(page)
    await page.goto(url)
    const [started] = await Promise.all([page.waitForEvent('popup'), page.click('#start')])
    await started.waitForLoadState()
    await started.close()
    await page.click('#post')
    await page.click('#finish')
    await expect(page.getByRole('heading', { name: /eBay Connect/ })).toBeVisible()
    const check = await page.request.get('/api/marketplace-connections/ebay/check-authentication')
    expect(((await check.json()) as { connected: boolean }).connected).toBe(false)
    await expect(page.getByRole('heading', { name: 'eBay Connection Failed' })).toBeVisible()
  } finally {
    server.close()
  }
})
