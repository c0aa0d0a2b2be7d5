import { randomUUID } from 'node:crypto'
import { access } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SELLER_ONLY_FIELDS } from '../../api/contract/listing-fields.ts'
import { setAdmin } from '../../api/db/users.ts'
import { refusesNonAdmins } from '../helpers/admin-only.ts'
import { photoForm, solidJpeg } from '../helpers/images.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../helpers/test-app.ts'

let t: TestApp & { photosDir: string }
let admin: ReturnType<typeof client>
let seller: ReturnType<typeof client>
let sellerId: number

beforeAll(async () => {
  t = await createTestApp()
  admin = client(t.app)
  seller = client(t.app)
  expect(
    (await readJson(await admin.post('/api/register', { ...newUser('root'), setupCode: t.setupCode }))).isAdmin,
  ).toBe(true)
  sellerId = (await readJson(await seller.post('/api/register', newUser('seller')))).id
})
afterAll(() => t.close())

const count = async (table: string, userId: number) =>
  (await t.db.sql`select count(*)::int as n from ${t.db.sql(table)} where user_id = ${userId}`)[0]!.n as number

const fileExists = (url: string) =>
  access(path.join(t.photosDir, url.replace(/^\/files\//, ''))).then(
    () => true,
    () => false,
  )

const listing = (title: string, images: string[] = []) => ({
  title,
  price: 12,
  category: 'other',
  color: 'black',
  images,
})

async function uploadPhoto(user: ReturnType<typeof client>, shade: number) {
  const response = await user.post(
    '/api/images',
    photoForm(await solidJpeg({ r: shade, g: 80, b: 120 }), { id: randomUUID() }),
  )
  expect(response.status).toBe(201)
  return readJson(response) as Promise<{ imageUrl: string; thumbnailUrl: string }>
}

async function createListing(user: ReturnType<typeof client>, title: string, images: string[] = []) {
  const response = await user.post('/api/listings', listing(title, images))
  expect(response.status).toBe(201)
  return readJson(response)
}

describe('admin access', () => {
  refusesNonAdmins(
    [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/listings?page=1'],
      ['DELETE', '/api/admin/users/1'],
      ['DELETE', '/api/admin/listings/1'],
      ['GET', '/api/admin/no-such-route'],
    ],
    () => ({ t, seller }),
  )

  it('deletes nothing for a seller who tries', async () => {
    await seller.call('DELETE', '/api/admin/users/1')
    expect((await t.db.sql`select count(*)::int as n from users where id = 1`)[0]!.n).toBe(1)
  })
})

describe('users', () => {
  it('lists every user with id, username, email, admin flag and when they joined, never a password hash', async () => {
    const response = await admin.get('/api/admin/users')
    expect(response.status).toBe(200)
    const users = (await readJson(response)) as Record<string, unknown>[]
    expect(users.map((user) => user.username)).toEqual(expect.arrayContaining(['root', 'seller']))
    expect(users.find((user) => user.username === 'root')).toMatchObject({
      id: expect.any(Number),
      email: 'root@example.com',
      isAdmin: true,
    })
    expect(Date.now() - Date.parse(users[0]!.createdAt as string)).toBeLessThan(3_600_000)
    // hasPassword says only whether one is set (an account made with Google has none until a reset).
    for (const user of users)
      expect(Object.keys(user).some((key) => key !== 'hasPassword' && /password|reset/i.test(key))).toBe(false)
  })

  it('deletes a seller with their listings, photo rows, photo files and sessions; their cookie stops working', async () => {
    const doomed = client(t.app)
    const { id } = await readJson(await doomed.post('/api/register', newUser('doomed')))
    const otherDevice = client(t.app)
    await otherDevice.post('/api/login', { username: 'doomed', password: newUser('doomed').password })
    const photos = [await uploadPhoto(doomed, 10), await uploadPhoto(doomed, 60)]
    await createListing(doomed, 'Doomed jacket', [photos[0]!.imageUrl])
    await createListing(doomed, 'Doomed boots', [photos[1]!.imageUrl])
    expect(await fileExists(photos[0]!.thumbnailUrl)).toBe(true)

    const response = await admin.call('DELETE', `/api/admin/users/${id}`)
    expect(response.status).toBe(200)

    expect(await count('listings', id)).toBe(0)
    expect(await count('images', id)).toBe(0)
    expect(await count('sessions', id)).toBe(0)
    expect(await t.db.sql`select 1 from users where id = ${id}`).toHaveLength(0)
    for (const photo of photos) {
      expect(await fileExists(photo.imageUrl)).toBe(false)
      expect(await fileExists(photo.thumbnailUrl)).toBe(false)
    }
    expect((await doomed.get('/api/user')).status).toBe(401)
    expect((await otherDevice.get('/api/user')).status).toBe(401)
    expect((await seller.get('/api/user')).status).toBe(200)
  })

  it('never deletes an administrator, not even the one asking', async () => {
    const second = client(t.app)
    const { id } = await readJson(await second.post('/api/register', newUser('deputy')))
    await setAdmin(t.db.sql, 'deputy')
    for (const target of [id, 1]) {
      const response = await admin.call('DELETE', `/api/admin/users/${target}`)
      expect(response.status).toBe(403)
      expect((await readJson(response)).message).toBe('Administrator accounts cannot be deleted.')
    }
    expect(await t.db.sql`select id from users where id in (${id}, 1)`).toHaveLength(2)
    expect((await second.get('/api/user')).status).toBe(200)
  })

  it('answers 404 for a user who does not exist and 400 for an id that is not a number', async () => {
    const missing = await admin.call('DELETE', '/api/admin/users/999999')
    expect(missing.status).toBe(404)
    expect((await readJson(missing)).message).toMatch(/no longer exists/)
    expect((await admin.call('DELETE', '/api/admin/users/abc')).status).toBe(400)
  })
})

describe('listings', () => {
  it('pages every listing 20 at a time, newest first: page 2 holds the rest and a page past the end is empty', async () => {
    const lister = client(t.app)
    await lister.post('/api/register', newUser('lister'))
    const before = (await t.db.sql`select count(*)::int as n from listings`)[0]!.n as number
    for (let i = 1; i <= 23; i++) await createListing(lister, `Paged item ${i}`)
    const total = before + 23

    const page1 = (await readJson(await admin.get('/api/admin/listings?page=1'))) as Record<string, unknown>[]
    const page2 = (await readJson(await admin.get('/api/admin/listings?page=2'))) as Record<string, unknown>[]
    const page3 = await admin.get('/api/admin/listings?page=3')
    expect(page1).toHaveLength(20)
    expect((await admin.get('/api/admin/listings?page=2')).headers.get('X-Total-Count')).toBe(String(total))
    expect(page1[0]).toMatchObject({ title: 'Paged item 23', price: 12, ownerUsername: 'lister' })
    expect(page2).toHaveLength(total - 20)
    expect(page3.status).toBe(200)
    expect(await readJson(page3)).toEqual([])
    const ids = [...page1, ...page2].map((row) => row.id)
    expect(new Set(ids).size).toBe(total)
    expect(await readJson(await admin.get('/api/admin/listings'))).toEqual(page1)
  })

  it("carries only what the admin's list shows: none of the seller's books (cost, notes, where and when bought, bin, SKU)", async () => {
    const owner = client(t.app)
    await owner.post('/api/register', newUser('bookkeeper'))
    const photos = [(await uploadPhoto(owner, 30)).imageUrl, (await uploadPhoto(owner, 60)).imageUrl]
    const books = {
      cost: 987.65,
      sku: 'SECRET-SKU-1',
      bin: 'SECRET-BIN',
      boughtAt: '2026-01-02',
      boughtWhere: 'SECRET-THRIFT',
      privateNotes: 'SECRET-NOTE',
    }
    expect(Object.keys(books).sort()).toEqual([...SELLER_ONLY_FIELDS].sort())
    const response = await owner.post('/api/listings', {
      ...listing('Booked jacket', photos),
      askingPrice: 15,
      ...books,
    })
    expect(response.status, await response.clone().text()).toBe(201)
    const { id } = await readJson(response)

    const text = await (await admin.get('/api/admin/listings?page=1')).text()
    const row = (JSON.parse(text) as Record<string, unknown>[]).find((held) => held.id === id)!
    // The row's id, title, price (what it sells at: the asking price, else the retail price), first photo and owner.
    expect(row).toEqual({
      id,
      title: 'Booked jacket',
      price: 12,
      askingPrice: 15,
      medianUsedPrice: 0,
      photo: photos[0],
      ownerUsername: 'bookkeeper',
    })
    for (const field of SELLER_ONLY_FIELDS) expect(text).not.toContain(`"${field}"`)
    for (const secret of ['987.65', 'SECRET-SKU-1', 'SECRET-BIN', '2026-01-02', 'SECRET-THRIFT', 'SECRET-NOTE'])
      expect(text).not.toContain(secret)
  })

  it('refuses a page number that is not a whole number from 1', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '']) {
      const response = await admin.get(`/api/admin/listings?page=${page}`)
      expect(response.status, `page=${page}`).toBe(400)
      expect((await readJson(response)).message).toMatch(/page must be/)
    }
  })

  it("deletes any seller's listing with the photos no other listing uses, then answers 404", async () => {
    const photo = await uploadPhoto(seller, 200)
    const { id } = await createListing(seller, 'Vintage lamp', [photo.imageUrl])
    const response = await admin.call('DELETE', `/api/admin/listings/${id}`)
    expect(response.status).toBe(200)
    expect(await t.db.sql`select 1 from listings where id = ${id}`).toHaveLength(0)
    expect(await t.db.sql`select 1 from images where url = ${photo.imageUrl}`).toHaveLength(0)
    expect(await fileExists(photo.imageUrl)).toBe(false)
    expect(await fileExists(photo.thumbnailUrl)).toBe(false)
    expect(await count('sessions', sellerId)).toBeGreaterThan(0)

    const again = await admin.call('DELETE', `/api/admin/listings/${id}`)
    expect(again.status).toBe(404)
    expect((await readJson(again)).message).toBe('That listing no longer exists. Refresh the page.')
  })
})
