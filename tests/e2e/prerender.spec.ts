// The public screens arrive as HTML and stay (docs/decisions/0014): readable before any script runs, adopted by React
// (hydrated, not painted again) with nothing in the console, and no session check for a visitor who never signed in.
import { expect, test, type Page } from '@playwright/test'
import { createListingThroughApi, PASSWORD, registerThroughApi, registerThroughUi } from './helpers.ts'

const PUBLIC_SCREENS = [
  { path: '/auth', heading: 'List what you find in the time it takes to take a photo.' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password?token=abc', heading: 'Verifying Reset Token' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/integrate-with-etsy', heading: 'Integrations' },
] as const

/** Every console error or warning and every failed request the page has, e.g. a hydration mismatch or a 401. */
function problemsOf(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Once React has adopted the first element `selector` matches (its fiber is on the element): the page is hydrated. */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction(
    (css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  )

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  for (const { path, heading } of PUBLIC_SCREENS) {
    test(`${path} shows its screen from the HTML alone`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    })
  }

  test('the sign-in form is there before any script runs', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByLabel('Username')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  })

  test('the sign-in form sent before any script runs never puts the password in the address', async ({ page }) => {
    // The page paints before its starter script has run (a deferred module): a password manager's fill and a quick tap
    // would otherwise send the form as a GET, the password in the URL, the history and the server's log.
    await page.goto('/auth')
    await page.getByLabel('Username').fill('rita')
    await page.getByLabel('Password', { exact: true }).fill('a password never to be in a URL')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForLoadState()
    expect(page.url()).not.toContain('password')
    expect(page.url()).not.toContain('rita')
  })

  test('an address no screen has answers 404 with the Not Found page', async ({ page }) => {
    const response = await page.goto('/no-such-screen')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  })
})

for (const { path, heading } of PUBLIC_SCREENS) {
  test(`${path}: React adopts the prerendered markup, and the console stays clean`, async ({ page }) => {
    const problems = problemsOf(page)
    const userChecks: string[] = []
    page.on(
      'request',
      (request) => void (new URL(request.url()).pathname === '/api/user' && userChecks.push(request.url())),
    )
    // The app's code waits until the HTML's heading is marked: the very element must still be there afterwards.
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    // The screen's own requests (the reset link's token check) wait too, so its first state is what is compared; not the
    // sign-in page's settings, which the starter reads to know when to start the app.
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await page.route(/\/api\/(?!auth\/config$)/, async (route) => {
      await answered
      await route.continue().catch(() => {})
    })
    await page.goto(path, { waitUntil: 'commit' })
    const title = page.getByRole('heading', { level: 1, name: heading })
    await expect(title).toBeVisible()
    await title.evaluate((element) => ((window as unknown as { prerenderedTitle: Element }).prerenderedTitle = element))
    release()
    // The starter (a deferred module script) listens for the visitor's first use once the document is parsed; the page
    // paints before that, its stylesheet inline (docs/decisions/0021). Then the visitor starts using the page (a form or
    // a text screen runs its code from then on).
    await page.waitForLoadState('domcontentloaded')
    await title.click()
    await hydrated(page, 'h1')
    expect(
      await title.evaluate(
        (element) => element === (window as unknown as { prerenderedTitle: Element }).prerenderedTitle,
      ),
    ).toBe(true)
    answer()
    expect(userChecks, 'a visitor who never signed in is not checked').toEqual([])
    expect(problems).toEqual([])
  })
}

test.describe('the first visit, as the network sees it', () => {
  // No service worker answers from its cache meanwhile: its copies link the stylesheet, which it keeps.
  test.use({ serviceWorkers: 'block' })

  test('/auth and the Dashboard paint styled from the page itself: no stylesheet to wait for, nothing refused by the policy', async ({
    page,
  }) => {
    const stylesheets: string[] = []
    page.on('request', (request) => void (request.resourceType() === 'stylesheet' && stylesheets.push(request.url())))
    // Counted from the document's first script on: a style the Content-Security-Policy refused would show here.
    await page.addInitScript(() => {
      const refused: string[] = ((window as unknown as { refused: string[] }).refused = [])
      document.addEventListener('securitypolicyviolation', (event) =>
        refused.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
    })
    await page.goto('/auth')
    const login = page.getByRole('button', { name: 'Login' })
    await expect(login).toBeVisible()
    // The app's indigo, from the inlined stylesheet (unstyled, a button has no colour of its own).
    expect(await login.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    const { username } = await registerThroughApi(page.request, 'styled')
    await page.goto('/')
    // text-xl: 20px, where an unstyled h1 is 32px.
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${username}` })).toHaveCSS('font-size', '20px')
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([])
    // A lazily loaded screen does not ask for the page's stylesheet either (Vite's loader once did, for every lazy chunk
    // of the app's: it looks for a <link> to it, and the page carries it inlined).
    await page.getByRole('link', { name: 'New Listing' }).first().click()
    await expect(page.getByRole('heading', { name: 'Create New Listing' })).toBeVisible()
    // A screen the browser draws, opened by its address: the page the server sends for it carries the stylesheet too
    // (it is what the Dashboard falls back to when the server's render is slow).
    await page.goto('/list-item')
    await expect(page.getByRole('heading', { name: 'Create New Listing' })).toHaveCSS('font-size', '24px')
    // Only the toasts' own small stylesheet, which comes with their code after the first screen, is ever fetched.
    expect(stylesheets.filter((url) => !/\/assets\/ToastHost-[^/]+\.css$/.test(url))).toEqual([])
  })
})

test("the service worker's copy of a page links the stylesheet it keeps, rather than carrying it", async ({
  request,
}) => {
  const copy = await (await request.get('/auth.html')).text()
  const stylesheet = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/.exec(copy)?.[1]
  expect(copy).not.toContain('<style>')
  expect((await request.get(stylesheet!)).ok()).toBe(true)
})

test('offline, a page to read opens from the code the phone keeps, not a second copy of its words', async ({
  page,
  context,
}) => {
  // The signed-in app installs the service worker (a public page starts no app code until it is used).
  await registerThroughApi(page.request)
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await context.setOffline(true)
  for (const { path, heading } of PUBLIC_SCREENS.slice(3)) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
  await context.setOffline(false)
})

test('a form or text screen runs no app code until the visitor starts using it', async ({ page }) => {
  const scripts: string[] = []
  page.on(
    'request',
    (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)),
  )
  await page.goto('/auth', { waitUntil: 'load' })
  await page.waitForTimeout(1_000)
  expect(
    scripts.filter((script) => !script.includes('/start-')),
    'nothing but the starter before the first touch',
  ).toEqual([])
  await page.getByLabel('Username').focus()
  await hydrated(page, '[data-auth-form] input[type="radio"]')
  expect(scripts.some((script) => /\/assets\/app-/.test(script))).toBe(true)
})

test('the Login and Register tabs work with the keyboard once hydrated', async ({ page }) => {
  await page.goto('/auth')
  // Focusing the tab starts the app; hydrated, React has the tab (a key pressed before that is the browser's alone).
  await page.getByRole('radio', { name: 'Login' }).focus()
  await hydrated(page, '[data-auth-form] input[type="radio"]')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Register' })).toBeFocused()
  await expect(page.getByRole('radio', { name: 'Register' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
  await page.keyboard.press('Home')
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible()
})

test('signing in leaves a hint for the next visit, signing out takes it away, and neither logs an error', async ({
  page,
}) => {
  const problems = problemsOf(page)
  const hint = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'snaplist_signed_in')
  const username = await registerThroughUi(page)
  expect((await hint())?.httpOnly).toBe(false)
  // The next visit asks the server and opens signed in.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByLabel('Username')).toBeVisible()
  expect(await hint()).toBeUndefined()
  // Signed out, / sends the visitor to sign in without a 401 on the way.
  await page.goto('/')
  await expect(page.getByLabel('Username')).toBeVisible()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible()
  expect(problems).toEqual([])
})

test.describe('the Dashboard, rendered by the server for its seller', () => {
  test('shows the seller their frame from the HTML alone', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const { username } = await registerThroughApi(page.request, 'ssr')
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${username}` })).toBeVisible()
    await expect(page.getByText(`Welcome, ${username}`)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Confirm your email address' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Connected Marketplaces' })).toBeVisible()
    // Nobody else gets it: another browser, signed out, gets the page the app draws itself (and is sent to sign in).
    const html = await (await request.get('/')).text()
    expect(html).not.toContain(username)
    await context.close()
  })

  test('React adopts the markup, its lists then load, and the console stays clean', async ({ page }) => {
    const problems = problemsOf(page)
    const { username } = await registerThroughApi(page.request, 'ssr')
    await createListingThroughApi(page, {
      title: 'Pyrex mixing bowl, 2.5 qt',
      category: 'home',
      color: 'white',
      price: 18,
    })
    const userChecks: string[] = []
    page.on(
      'request',
      (request) => void (new URL(request.url()).pathname === '/api/user' && userChecks.push(request.url())),
    )
    // A slow phone: React adopts the markup in slices, so an answer arriving in between would show as a hydration error.
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    const title = page.getByRole('heading', { level: 1, name: `Hello, ${username}` })
    await expect(title).toBeVisible()
    await expect(page.getByText('Loading your listings')).toBeVisible()
    await title.evaluate((element) => ((window as unknown as { renderedTitle: Element }).renderedTitle = element))
    release()
    await expect(page.getByText('Pyrex mixing bowl, 2.5 qt')).toBeVisible()
    expect(
      await title.evaluate((element) => element === (window as unknown as { renderedTitle: Element }).renderedTitle),
    ).toBe(true)
    expect(userChecks, 'the page says who is signed in').toEqual([])
    expect(problems).toEqual([])
  })
})

test('assets go out compressed at build time, hashed ones cached for good', async ({ request, page }) => {
  await page.goto('/auth')
  const script = await page.locator('script[type="module"]').getAttribute('src')
  for (const encoding of ['br', 'gzip']) {
    const response = await request.get(script!, { headers: { 'Accept-Encoding': encoding } })
    expect(response.headers()['content-encoding']).toBe(encoding)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  }
  const html = await request.get('/auth', { headers: { 'Accept-Encoding': 'br' } })
  expect(html.headers()['content-encoding']).toBe('br')
  expect(html.headers()['cache-control']).toBe('no-cache')
})
