import { expect, test } from '@playwright/test'
import { ADMIN, expectNoSidewaysScroll, PASSWORD, registerThroughUi, signInThroughUi, uniqueName } from './helpers.ts'

const ACCESS_DENIED = 'Access denied. Admin privileges required.'

test('a seller who opens the admin screens reads that they are for admins only', async ({ page }) => {
  await registerThroughUi(page)
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
      .fill('<h1>Hi {{username}}</h1><p>Everything 20% off.</p><script>document.body.dataset.ran = "yes"; parent.document.title = "pwned"</script>')
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
    await expect(frame).toHaveAttribute('sandbox', '')
    const html = page.frameLocator(`iframe[title="HTML of ${name}"]`)
    await expect(html.getByRole('heading', { name: `Hi ${ADMIN.username}` })).toBeVisible()
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

    let question = ''
    page.once('dialog', (dialog) => {
      question = dialog.message()
      void dialog.accept()
    })
    await card.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(page.getByText('Email template deleted successfully')).toBeVisible()
    expect(question).toContain(`"${name}"`)
    await expect(card).toHaveCount(0)
  })

  test('an admin pages through all listings and deletes a seller, who can no longer sign in', async ({ page, request }) => {
    const seller = uniqueName('doomed')
    const registered = await request.post('/api/register', {
      data: { username: seller, email: `${seller}@example.com`, firstName: 'Dee', lastName: 'Doomed', password: PASSWORD },
    })
    expect(registered.status()).toBe(201)
    await request.post('/api/listings', { data: { title: `Lamp of ${seller}`, price: 15, category: 'home', color: 'white' } })

    await signInThroughUi(page, ADMIN.username)
    await page.goto('/admin?tab=listings')
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await expect(page.getByRole('row', { name: new RegExp(`Lamp of ${seller}`) })).toBeVisible()
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible()

    await page.getByRole('tab', { name: 'All Users' }).click()
    const row = page.getByRole('row', { name: new RegExp(seller) })
    await expect(page.getByRole('row', { name: new RegExp(ADMIN.email) }).getByRole('button', { name: /Delete/ })).toHaveCount(0)
    await row.getByRole('button', { name: `Delete user ${seller}` }).click()
    await page.getByRole('dialog', { name: 'Delete this user?' }).getByRole('button', { name: 'Delete user' }).click()
    await expect(page.getByText('User deleted successfully')).toBeVisible()
    await expect(row).toHaveCount(0)

    const signIn = await request.post('/api/login', { data: { username: seller, password: PASSWORD } })
    expect(signIn.status()).toBe(401)
  })
})
