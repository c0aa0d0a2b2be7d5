import { expect, test } from '@playwright/test'
import { ADMIN, expectNoSidewaysScroll, PASSWORD, signInThroughUi, signUpThroughApi, uniqueName } from './helpers.ts'

const ACCESS_DENIED = 'Access denied. Admin privileges required.'

test('a seller who opens the admin screens reads that they are for admins only', async ({ page }) => {
  await signUpThroughApi(page)
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
  for (const path of ['/admin', '/admin/email-templates']) {
    await page.goto(path)
    await expect(page.getByText(ACCESS_DENIED)).toBeVisible()
  }
  await expectNoSidewaysScroll(page)
})

test.describe('on a desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'admins work from a desktop')

  test('an admin creates, previews, edits and deletes an email template', async ({ page }) => {
    const name = uniqueName('spring-sale-')
    await signInThroughUi(page, ADMIN.username)
    await page.getByRole('link', { name: 'Admin', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
    await page.getByRole('link', { name: 'Email Templates' }).click()
    await expect(page.getByRole('heading', { name: 'Email Templates' })).toBeVisible()
    await expect(page.getByRole('article', { name: 'password-reset' })).toBeVisible()

    await page.getByRole('button', { name: 'Create Template' }).click()
    const form = page.getByRole('dialog', { name: 'Create Template' })
    await form.getByRole('button', { name: 'Create Template' }).click()
    await expect(form.getByText('Name, subject, and HTML content are required')).toBeVisible()
    await form.getByLabel('Template Name').fill(name)
    await form.getByRole('switch', { name: 'Active' }).click()
    await form.getByLabel('Email Subject').fill('Spring sale for {{username}}')
    await form
      .getByRole('textbox', { name: 'HTML Content' })
      .fill(
        '<style>h1 { color: rgb(200, 0, 0) }</style><h1>Hi {{username}}</h1><p>Everything 20% off.</p>' +
          '<a href="{{appUrl}}" style="background-color: rgb(0, 128, 0); color: rgb(255, 255, 255); padding: 12px 20px">Shop now</a>' +
          '<img src="x" onerror="document.body.dataset.ran = \'yes\'"><script>document.body.dataset.ran = "yes"; parent.document.title = "pwned"</script>',
      )
    await form.getByRole('tab', { name: 'Text Content (optional)' }).click()
    await form.getByRole('textbox', { name: 'Text Content (optional)' }).fill('Hi {{username}}, everything 20% off.')
    await form.getByRole('button', { name: 'Create Template' }).click()
    await expect(page.getByText('Email template created successfully')).toBeVisible()
    await expect(form).toBeHidden()

    const card = page.getByRole('article', { name })
    await expect(card.getByText('Inactive')).toBeVisible()
    await expect(card.getByText('Spring sale for {{username}}')).toBeVisible()
    await expect(card.getByText('<h1>Hi {{username}}</h1>')).toBeVisible()

    await card.getByRole('button', { name: `Preview ${name}` }).click()
    const preview = page.getByRole('dialog', { name: `Preview: ${name}` })
    await expect(preview.getByText(`Spring sale for ${ADMIN.username}`)).toBeVisible()
    await expect(preview.getByText(`Hi ${ADMIN.username}, everything 20% off.`)).toBeVisible()
    const frame = preview.locator('iframe')
    // Sandboxed without allow-scripts: neither the script nor the event handler runs.
    await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin')
    const html = page.frameLocator(`iframe[title="HTML of ${name}"]`)
    await expect(html.getByRole('heading', { name: `Hi ${ADMIN.username}` })).toBeVisible()
    // As a mail client shows it: the button's inline style and the <style> element apply.
    const button = html.getByRole('link', { name: 'Shop now' })
    await expect(button).toHaveCSS('background-color', 'rgb(0, 128, 0)')
    await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)')
    await expect(button).toHaveCSS('padding-left', '20px')
    await expect(html.getByRole('heading', { name: `Hi ${ADMIN.username}` })).toHaveCSS('color', 'rgb(200, 0, 0)')
    await expect(html.locator('body')).not.toHaveAttribute('data-ran', 'yes')
    expect(await page.title()).not.toBe('pwned')
    await preview.getByRole('button', { name: 'Close dialog' }).click()

    await card.getByRole('button', { name: `Edit ${name}` }).click()
    const editor = page.getByRole('dialog', { name: 'Edit Template' })
    await expect(editor.getByLabel('Template Name')).toHaveValue(name)
    await editor.getByLabel('Email Subject').fill('Last days of the spring sale, {{username}}')
    await editor.getByRole('switch', { name: 'Active' }).click()
    await editor.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Email template updated successfully')).toBeVisible()
    await expect(card.getByText('Active', { exact: true })).toBeVisible()
    await expect(card.getByText('Last days of the spring sale, {{username}}')).toBeVisible()

    // A template the app does not send: the browser's confirm, naming it.
    let question = ''
    page.once('dialog', (dialog) => {
      question = dialog.message()
      void dialog.accept()
    })
    await card.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(page.getByText('Email template deleted successfully')).toBeVisible()
    expect(question).toBe(`Are you sure you want to delete the template "${name}"? This cannot be undone.`)
    await expect(card).toHaveCount(0)
  })

  test('an admin pages through all listings and deletes a seller, who can no longer sign in', async ({
    page,
    request,
  }) => {
    const seller = uniqueName('doomed')
    const registered = await request.post('/api/register', {
      data: {
        username: seller,
        email: `${seller}@example.com`,
        firstName: 'Dee',
        lastName: 'Doomed',
        password: PASSWORD,
      },
    })
    expect(registered.status()).toBe(201)
    await request.post('/api/listings', {
      data: { title: `Lamp of ${seller}`, price: 15, category: 'home', color: 'white' },
    })

    await signInThroughUi(page, ADMIN.username)
    await page.goto('/admin?tab=listings')
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await expect(page.getByRole('row', { name: new RegExp(`Lamp of ${seller}`) })).toBeVisible()
    const listingCount = Number((await page.request.get('/api/admin/listings')).headers()['x-total-count'])
    await expect(
      page.getByText(
        `Page 1 of ${Math.max(1, Math.ceil(listingCount / 20))} · ${listingCount} ${listingCount === 1 ? 'listing' : 'listings'}`,
      ),
    ).toBeVisible()

    await page.getByRole('tab', { name: 'All Users' }).click()
    const row = page.getByRole('row', { name: new RegExp(seller) })
    await page.getByLabel('Search users').fill(`${seller}@EXAMPLE`)
    await expect(row).toBeVisible()
    await expect(row.getByRole('cell').filter({ has: page.locator('time') })).toHaveCount(1)
    await expect(page.getByRole('row', { name: new RegExp(ADMIN.email) })).toHaveCount(0)
    await expect(page.getByText(/^1 of \d+ users match$/)).toBeVisible()
    await page.getByLabel('Search users').fill('')
    await expect(
      page.getByRole('row', { name: new RegExp(ADMIN.email) }).getByRole('button', { name: /Delete/ }),
    ).toHaveCount(0)
    await row.getByRole('button', { name: `Delete user ${seller}` }).click()
    await page.getByRole('dialog', { name: 'Delete this user?' }).getByRole('button', { name: 'Delete user' }).click()
    await expect(page.getByText('User deleted successfully')).toBeVisible()
    await expect(row).toHaveCount(0)

    const signIn = await request.post('/api/login', { data: { username: seller, password: PASSWORD } })
    expect(signIn.status()).toBe(401)
  })

  test('an admin sees which emails use which template, chooses one for welcome, and deleting it says so and falls back', async ({
    page,
  }) => {
    const name = uniqueName('welcome-spring-')
    await signInThroughUi(page, ADMIN.username)
    const created = await page.request.post('/api/email-templates', {
      data: {
        name,
        subject: 'Welcome, {{username}}',
        htmlContent: '<p>Welcome to the spring sale, {{username}}</p>',
        isActive: true,
      },
    })
    expect(created.status()).toBe(201)
    await page.goto('/admin/email-templates')
    const welcome = page.getByRole('listitem', { name: 'welcome email' })
    await expect(welcome.getByText('Sent when someone creates an account.')).toBeVisible()
    await expect(
      page
        .getByRole('listitem', { name: 'password-reset email' })
        .getByText(/Sent when someone asks for a password reset link/),
    ).toBeVisible()
    await expect(welcome.getByText('Uses now: welcome')).toBeVisible()

    await welcome.getByLabel('Template for welcome').selectOption({ label: name })
    await expect(welcome.getByText(`Uses now: ${name}`)).toBeVisible()
    await page
      .getByRole('region', { name: 'Emails Snaplist sends' })
      .screenshot({ path: test.info().outputPath('emails-snaplist-sends.png') })

    await page
      .getByRole('article', { name })
      .getByRole('button', { name: `Delete ${name}` })
      .click()
    const asked = page.getByRole('dialog', { name: 'Delete this template?' })
    await expect(asked.getByText('Snaplist sends it as the welcome email.', { exact: false })).toBeVisible()
    await asked.getByRole('button', { name: 'Delete template' }).click()
    await expect(page.getByText('Email template deleted successfully')).toBeVisible()
    await expect(welcome.getByText('Uses now: welcome')).toBeVisible()
    await expect(welcome.getByLabel('Template for welcome')).toHaveValue('')
  })
})
