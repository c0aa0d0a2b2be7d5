// The Connect dialog of a marketplace whose sellers each have a store (Shopify, decision 0074): it asks the store's
// name, connects only once one is typed, sends it as the auth route's `shop`, and shows the server's sentence when
// what was typed is not a store's name.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { ConnectMarketplaceDialog } from '../../../src/features/marketplaces/ConnectMarketplaceDialog.tsx'
import { notify } from '../../../src/lib/notify.tsx'
import { renderScreen } from '../render.tsx'

vi.mock('../../../src/lib/notify.tsx', () => ({ notify: vi.fn() }))

afterEach(() => vi.unstubAllGlobals())

const NOT_A_STORE = 'Enter your Shopify store’s name, as in your-store or your-store.myshopify.com.'

/** The server: Shopify set up, and the auth route answering for what was typed. */
function answer() {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    if (url.pathname.endsWith('/shopify/status'))
      return Response.json({ platform: 'shopify', configured: true, setupMessage: null, connection: null })
    if (url.pathname.endsWith('/shopify/auth'))
      return Response.json({ message: NOT_A_STORE, code: 'validation_failed' }, { status: 400 })
    return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

it('asks for the store, and sends what the seller typed as the auth route’s shop', async () => {
  const fetch = answer()
  renderScreen(<ConnectMarketplaceDialog platform="shopify" open onClose={() => {}} />)
  const connect = await screen.findByRole('button', { name: 'Connect with Shopify' })
  expect((connect as HTMLButtonElement).disabled).toBe(true)
  await userEvent.type(screen.getByRole('textbox', { name: 'Your Shopify store' }), 'evil.com')
  expect((connect as HTMLButtonElement).disabled).toBe(false)
  await userEvent.click(connect)
  await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('Connection Failed', NOT_A_STORE, 'error'))
  const asked = fetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .find((url) => url.pathname.endsWith('/shopify/auth'))
  expect(asked?.searchParams.get('shop')).toBe('evil.com')
})
