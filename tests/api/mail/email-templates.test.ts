import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusesNonAdmins, type Route } from '../../helpers/admin-only.ts'
import { client, createTestApp, newUser, readJson, type JsonBody, type TestApp } from '../../helpers/test-app.ts'

let t: TestApp
let admin: ReturnType<typeof client>
let seller: ReturnType<typeof client>

beforeAll(async () => {
  t = await createTestApp()
  admin = client(t.app)
  seller = client(t.app)
  await admin.post('/api/register', { ...newUser('root'), setupCode: t.setupCode })
  await seller.post('/api/register', newUser('seller'))
})
afterAll(() => t.close())

const template = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  subject: 'Hello {{username}}',
  htmlContent: '<p>Hello {{username}}</p>',
  textContent: 'Hello {{username}}',
  isActive: true,
  ...extra,
})

async function create(body: unknown) {
  const response = await admin.post('/api/email-templates', body)
  expect(response.status).toBe(201)
  return readJson(response)
}

const listTemplates = async () => (await readJson(await admin.get('/api/email-templates'))) as unknown as JsonBody[]
const countTemplates = async () => (await t.db.sql`select count(*)::int as n from email_templates`)[0]!.n as number

/** The latest mail the outbox holds for this recipient, once the app has finished sending. */
async function lastMailTo(recipient: string, template: string) {
  await t.settle()
  const [mail] = await t.db.sql`
    select subject, html, text, template from mail_outbox where recipient = ${recipient} and template = ${template} order by id desc limit 1`
  return mail
}

describe('email template access', () => {
  const routes: Route[] = [
    ['GET', '/api/email-templates'],
    ['POST', '/api/email-templates'],
    ['PUT', '/api/email-templates/1'],
    ['DELETE', '/api/email-templates/1'],
    ['GET', '/api/email-templates/purposes'],
    ['PUT', '/api/email-templates/purposes/welcome'],
  ]
  refusesNonAdmins(routes, () => ({ t, seller }), template('sneaky'))

  it('changes nothing for a seller who tries', async () => {
    const before = await listTemplates()
    for (const [method, url] of routes)
      await seller.call(method, url, method === 'POST' || method === 'PUT' ? template('sneaky') : undefined)
    expect(await listTemplates()).toEqual(before)
  })
})

describe('email templates', () => {
  it('starts with the password-reset and welcome templates, active, written with their placeholders', async () => {
    const templates = await listTemplates()
    const byName = Object.fromEntries(templates.map((row) => [row.name, row]))
    expect(byName['password-reset']).toMatchObject({ isActive: true, subject: 'Reset your {{appName}} password' })
    expect(byName['password-reset']!.htmlContent).toContain('href="{{resetUrl}}"')
    expect(byName['password-reset']!.textContent).toContain('{{resetUrl}}')
    expect(byName.welcome).toMatchObject({ isActive: true })
    expect(byName.welcome!.htmlContent).toContain('{{username}}')
    expect(byName.welcome!.htmlContent).toContain('{{appName}}')
  })

  it('creates, lists, updates and deletes a template', async () => {
    const created = await create(template('order-shipped', { textContent: '' }))
    expect(created).toMatchObject({ id: expect.any(Number), name: 'order-shipped', textContent: null, isActive: true })
    expect((await listTemplates()).map((row) => row.name)).toContain('order-shipped')

    const response = await admin.call(
      'PUT',
      `/api/email-templates/${created.id}`,
      template('order-shipped', { subject: 'Shipped!', isActive: false }),
    )
    expect(response.status).toBe(200)
    const updated = await readJson(response)
    expect(updated).toMatchObject({ subject: 'Shipped!', isActive: false, textContent: 'Hello {{username}}' })
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt).getTime())

    expect((await admin.call('DELETE', `/api/email-templates/${created.id}`)).status).toBe(200)
    expect((await listTemplates()).map((row) => row.name)).not.toContain('order-shipped')
    const gone = await admin.call('DELETE', `/api/email-templates/${created.id}`)
    expect(gone.status).toBe(404)
    expect((await admin.call('PUT', `/api/email-templates/${created.id}`, template('order-shipped'))).status).toBe(404)
  })

  it('refuses a second template with the same name, whatever its case, with 409 and a clear message', async () => {
    const first = await create(template('newsletter'))
    const again = await admin.post('/api/email-templates', template('Newsletter'))
    expect(again.status).toBe(409)
    expect((await readJson(again)).message).toBe('A template named "Newsletter" already exists. Choose another name.')
    const other = await create(template('digest'))
    const rename = await admin.call('PUT', `/api/email-templates/${other.id}`, template('NEWSLETTER'))
    expect(rename.status).toBe(409)
    // Saving a template under its own name is not a clash.
    expect(
      (await admin.call('PUT', `/api/email-templates/${first.id}`, template('newsletter', { subject: 'New' }))).status,
    ).toBe(200)
  })

  it('refuses a blank name, subject or HTML content with the one message, and writes nothing', async () => {
    const before = await countTemplates()
    for (const blank of [{ name: '  ' }, { subject: '' }, { htmlContent: undefined }]) {
      const response = await admin.post('/api/email-templates', template('blanks', blank))
      expect(response.status).toBe(400)
      expect((await readJson(response)).message).toBe('Name, subject, and HTML content are required.')
    }
    const allBlank = await admin.post('/api/email-templates', {})
    expect((await readJson(allBlank)).message).toBe('Name, subject, and HTML content are required.')
    expect(await countTemplates()).toBe(before)
  })

  it('keeps a template holding a <script> exactly as written: the admin screen shows it in a sandboxed frame', async () => {
    const html = '<h1>Hi {{username}}</h1><script>alert(document.cookie)</script><img src=x onerror="alert(1)">'
    const created = await create(template('scripted', { htmlContent: html }))
    expect(created.htmlContent).toBe(html)
    expect((await listTemplates()).find((row) => row.id === created.id)!.htmlContent).toBe(html)
  })

  it('refuses to make an active password-reset template without {{resetUrl}}, but saves it inactive', async () => {
    const [seeded] = (await listTemplates()).filter((row) => row.name === 'password-reset')
    const noLink = { ...template('password-reset'), htmlContent: '<p>Forgot it? Too bad.</p>', textContent: null }
    const refused = await admin.call('PUT', `/api/email-templates/${seeded!.id}`, noLink)
    expect(refused.status).toBe(400)
    expect((await readJson(refused)).message).toMatch(/must contain \{\{resetUrl\}\}/)
    expect((await admin.call('PUT', `/api/email-templates/${seeded!.id}`, { ...noLink, isActive: false })).status).toBe(
      200,
    )
    // Put the seeded one back for the tests below.
    await admin.call('PUT', `/api/email-templates/${seeded!.id}`, { ...seeded, textContent: seeded!.textContent })
  })
})

describe('rendering the app’s email from templates', () => {
  it('fills placeholders HTML-escaped in the HTML and as written in the text, leaving the template’s own markup alone', async () => {
    const username = '<img src=x onerror=alert(1)>'
    await t.db
      .sql`insert into users (username, email, first_name, last_name, password_hash) values (${username}, 'xss@example.com', 'X', 'S', 'none')`
    expect((await client(t.app).post('/api/forgot-password', { username: 'xss@example.com' })).status).toBe(200)
    const mail = await lastMailTo('xss@example.com', 'password-reset')
    expect(mail!.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,')
    expect(mail!.html).not.toContain('<img src=x')
    expect(mail!.html).toContain('<a href="http://localhost/reset-password?token=')
    expect(mail!.text).toContain(`Hi ${username},`)
    expect(mail!.subject).toBe('Reset your Snaplist password')
  })

  it('sends the welcome email from the welcome template when someone registers, and the link confirming the address', async () => {
    await client(t.app).post('/api/register', newUser('newbie'))
    const mail = await lastMailTo('newbie@example.com', 'welcome')
    expect(mail).toMatchObject({ template: 'welcome', subject: 'Welcome to Snaplist, newbie' })
    expect(mail!.html).toContain('<a href="http://localhost"')
    const confirmation = await lastMailTo('newbie@example.com', 'email-verification')
    expect(confirmation).toMatchObject({ subject: 'Confirm your email address for Snaplist' })
    expect(confirmation!.html).toMatch(/<a href="http:\/\/localhost\/verify-email\?token=[\w-]{43}"/)
    expect(confirmation!.text).toMatch(/Hi newbie,[\s\S]*http:\/\/localhost\/verify-email\?token=[\w-]{43}/)
  })

  it('falls back to the built-in email when the template is inactive or deleted, so the mail still goes out', async () => {
    const templates = await listTemplates()
    const reset = templates.find((row) => row.name === 'password-reset')!
    const welcome = templates.find((row) => row.name === 'welcome')!
    await admin.call('PUT', `/api/email-templates/${reset.id}`, { ...reset, isActive: false })
    await admin.call('DELETE', `/api/email-templates/${welcome.id}`)

    await client(t.app).post('/api/register', newUser('fallback'))
    await client(t.app).post('/api/forgot-password', { username: 'fallback@example.com' })
    await t.settle()
    const mails = await t.db.sql`
      select template, subject, html, text from mail_outbox where recipient = 'fallback@example.com' and template <> 'email-verification' order by id`
    expect(mails.map((mail) => mail.template)).toEqual(['welcome', 'password-reset'])
    expect(mails[0]).toMatchObject({ subject: 'Welcome to Snaplist' })
    expect(mails[1]!.subject).toBe('Reset your Snaplist password')
    expect(mails[1]!.html).not.toContain('<!DOCTYPE html>')
    expect(mails[1]!.html).toMatch(/<a href="http:\/\/localhost\/reset-password\?token=[\w-]{43}">/)
    expect(mails[1]!.text).toMatch(/Hi fallback,/)
  })
})

describe('choosing the template of each email the app sends', () => {
  const purposes = async () =>
    (await readJson(await admin.get('/api/email-templates/purposes'))) as unknown as JsonBody[]
  const choose = (purpose: string, templateId: number | null) =>
    admin.call('PUT', `/api/email-templates/purposes/${purpose}`, { templateId })

  it('sends the chosen template for welcome, falls back when it is deleted, and goes back to the named one on null', async () => {
    const named = await create(template('welcome-named-check', { subject: 'unused' }))
    const spring = await create(
      template(`welcome-spring-${Date.now()}`, {
        subject: 'Spring welcome, {{username}}',
        htmlContent: '<p style="color: #0a0">Hi {{username}}</p>',
      }),
    )
    expect(named.id).toBeGreaterThan(0)
    const chosen = await choose('welcome', spring.id)
    expect(chosen.status).toBe(200)
    expect(((await readJson(chosen)) as unknown as JsonBody[]).find((row) => row.purpose === 'welcome')).toMatchObject({
      chosenTemplateId: spring.id,
      sentTemplateId: spring.id,
    })

    await client(t.app).post('/api/register', newUser('springer'))
    expect(await lastMailTo('springer@example.com', 'welcome')).toMatchObject({
      template: 'welcome',
      subject: 'Spring welcome, springer',
    })

    // Deleting the chosen template: the email goes out as before the choice.
    await admin.call('DELETE', `/api/email-templates/${spring.id}`)
    expect((await purposes()).find((row) => row.purpose === 'welcome')).toMatchObject({ chosenTemplateId: null })
    await client(t.app).post('/api/register', newUser('afterspring'))
    expect((await lastMailTo('afterspring@example.com', 'welcome'))!.subject).not.toContain('Spring')

    const again = await create(template(`welcome-again-${Date.now()}`, { subject: 'Again, {{username}}' }))
    await choose('welcome', again.id)
    expect((await choose('welcome', null)).status).toBe(200)
    expect((await purposes()).find((row) => row.purpose === 'welcome')).toMatchObject({ chosenTemplateId: null })
  })

  it('refuses a password-reset choice without {{resetUrl}}, an unknown email or template, and changes nothing', async () => {
    const plain = await create(template(`no-link-${Date.now()}`))
    const before = await purposes()
    const noLink = await choose('password-reset', plain.id)
    expect(noLink.status).toBe(400)
    expect((await readJson(noLink)).message).toContain('{{resetUrl}}')
    expect((await choose('newsletter', plain.id)).status).toBe(400)
    expect((await choose('welcome', 999_999)).status).toBe(404)
    expect((await admin.call('PUT', '/api/email-templates/purposes/welcome', { templateId: 'one' })).status).toBe(400)
    expect(await purposes()).toEqual(before)
  })

  it('keeps a template chosen for password-reset from losing {{resetUrl}} while active', async () => {
    const reset = await create(
      template(`reset-choice-${Date.now()}`, { htmlContent: '<a href="{{resetUrl}}">Reset</a>', textContent: null }),
    )
    expect((await choose('password-reset', reset.id)).status).toBe(200)
    const edited = await admin.call('PUT', `/api/email-templates/${reset.id}`, {
      ...template(reset.name as string),
      htmlContent: '<p>No link</p>',
      textContent: null,
    })
    expect(edited.status).toBe(400)
    expect((await choose('password-reset', null)).status).toBe(200)
  })
})
