import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cameraJpeg, photoForm, solidJpeg } from '../../helpers/images.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../../helpers/test-app.ts'

let t: TestApp & { photosDir: string }
let alice: ReturnType<typeof client>
let bob: ReturnType<typeof client>

beforeAll(async () => {
  t = await createTestApp()
  alice = client(t.app)
  bob = client(t.app)
  await alice.post('/api/register', newUser('alice'))
  await bob.post('/api/register', newUser('bob'))
})
afterAll(() => t.close())

const storedPath = (url: string) => path.join(t.photosDir, url.replace(/^\/files\//, ''))

const listing = (images: string[], extra: Record<string, unknown> = {}) => ({
  title: "Levi's 501 Jeans W32 L34 Blue",
  description: 'Classic straight fit, light wear.',
  price: '45',
  medianUsedPrice: 28,
  quantity: '1',
  category: 'clothing',
  keywords: 'levis, 501, denim ,  jeans',
  color: 'blue',
  images,
  brand: "Levi's",
  size: 'W32 L34',
  type: 'Vintage',
  sizeType: 'Regular',
  department: 'Men',
  ...extra,
})

async function uploadPhoto(user = alice, bytes?: Buffer) {
  const response = await user.post(
    '/api/images',
    photoForm(bytes ?? (await solidJpeg({ r: 20, g: 40, b: 200 })), { id: randomUUID() }),
  )
  expect(response.status).toBe(201)
  return readJson(response)
}

describe('analyze-image', () => {
  it('stores a camera photo shrunk to 1600 px with every bit of metadata removed, and measures its colour', async () => {
    const response = await alice.post('/api/analyze-image', photoForm(await cameraJpeg()))
    expect(response.status).toBe(200)
    const result = await readJson(response)
    expect(result).toMatchObject({ analyzer: 'local', primaryColor: 'red', title: '', suggestedPrice: 0 })
    expect(result.notice).toMatch(/^AI suggestions are not set up on this server\./)
    expect(result.imageUrl).toMatch(/^\/files\/u\d+\/[0-9a-f]{32}\.jpg$/)

    const stored = await sharp(await readFile(storedPath(result.imageUrl))).metadata()
    expect(stored.format).toBe('jpeg')
    // Orientation 6 was applied: the 4000×3000 landscape photo is stored upright as portrait.
    expect([stored.width, stored.height]).toEqual([1200, 1600])
    expect(stored.exif).toBeUndefined()
    expect(stored.icc).toBeUndefined()
    expect(stored.xmp).toBeUndefined()

    const thumbnail = await readFile(storedPath(result.thumbnailUrl))
    const thumbMeta = await sharp(thumbnail).metadata()
    expect(thumbMeta.format).toBe('webp')
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(400)
    expect(thumbnail.length).toBeLessThan(30 * 1024)
  })

  it('serves stored photos as images with long-lived caching and no way to run them as a page', async () => {
    const { imageUrl } = await uploadPhoto()
    const response = await t.app.request(imageUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await t.app.request('/files/u1/../../etc/passwd')).status).toBe(404)
  })

  it('refuses a text file renamed .jpg by decoding it, not by trusting its name', async () => {
    const response = await alice.post(
      '/api/analyze-image',
      photoForm('just some text, not a photo', { name: 'fake.jpg' }),
    )
    expect(response.status).toBe(400)
    expect((await readJson(response)).message).toMatch(/not a photo Snaplist can read/)
  })

  it('refuses a 16 MB upload with 413', async () => {
    const response = await alice.post('/api/analyze-image', photoForm(Buffer.alloc(16 * 1024 * 1024, 1)))
    expect(response.status).toBe(413)
    expect((await readJson(response)).message).toMatch(/too large|larger than 15 MB/)
  })

  it('refuses an upload of 100,000 tiny fields with 400 before parsing them, and stores nothing', async () => {
    const flood = photoForm(await solidJpeg({ r: 4, g: 5, b: 6 }))
    for (let field = 0; field < 100_000; field++) flood.append(`f${field}`, '')
    const [before] = await t.db.sql`select count(*)::int as photos from images`
    const started = performance.now()
    for (const route of ['/api/analyze-image', '/api/images']) {
      const response = await alice.post(route, flood)
      expect(response.status).toBe(400)
      expect((await readJson(response)).message).toMatch(
        /^The upload has too many fields\. Send the photo in a field named "image"/,
      )
    }
    console.log(`two 100,000-field uploads refused in ${Math.round(performance.now() - started)} ms`)
    expect((await t.db.sql`select count(*)::int as photos from images`)[0]).toEqual(before)
  })

  it('counts the fields by the real boundary, not a decoy parameter whose name ends in "boundary"', async () => {
    const part = (name: string, value: string, file = '') =>
      `--BND\r\nContent-Disposition: form-data; name="${name}"${file && `; filename="${file}"\r\nContent-Type: image/jpeg`}\r\n\r\n${value}\r\n`
    const fields = Array.from({ length: 150_000 }, (_, field) => part(`f${field}`, ''))
    const body = [part('image', 'not really a photo', 'a.jpg'), ...fields, '--BND--\r\n'].join('')
    for (const contentType of [
      'multipart/form-data; xboundary=z; boundary=BND',
      'multipart/form-data; BOUNDARY="BND"',
    ]) {
      const response = await alice.post('/api/images', body, { 'content-type': contentType })
      expect(response.status).toBe(400)
      expect((await readJson(response)).message).toMatch(/^The upload has too many fields/)
    }
  })

  it('needs a session and the image field', async () => {
    expect(
      (await client(t.app).post('/api/analyze-image', photoForm(await solidJpeg({ r: 1, g: 2, b: 3 })))).status,
    ).toBe(401)
    const empty = new FormData()
    empty.append('other', 'x')
    expect((await alice.post('/api/analyze-image', empty)).status).toBe(400)
    expect((await alice.post('/api/analyze-image', { image: 'x' })).status).toBe(415)
  })
})

describe('POST /api/images', () => {
  it('stores a photo once per UUID: sending it again returns the same URL without a second file', async () => {
    const id = randomUUID()
    const bytes = await solidJpeg({ r: 0, g: 150, b: 0 })
    const first = await alice.post('/api/images', photoForm(bytes, { id }))
    expect(first.status).toBe(201)
    const again = await alice.post('/api/images', photoForm(bytes, { id }))
    expect(again.status).toBe(200)
    expect((await readJson(again)).imageUrl).toBe((await readJson(first)).imageUrl)
    const rows = await t.db.sql`select count(*)::int as n from images where id = ${id}`
    expect(rows[0]!.n).toBe(1)
  })

  it("refuses another user's photo UUID", async () => {
    const id = randomUUID()
    await alice.post('/api/images', photoForm(await solidJpeg({ r: 9, g: 9, b: 9 }), { id }))
    expect((await bob.post('/api/images', photoForm(await solidJpeg({ r: 9, g: 9, b: 9 }), { id }))).status).toBe(409)
  })
})

describe('listings', () => {
  it('creates a listing with numbers coerced and keywords split and trimmed, and lists it', async () => {
    const photo = await uploadPhoto()
    const response = await alice.post('/api/listings', listing([photo.imageUrl]))
    expect(response.status).toBe(201)
    const created = await readJson(response)
    expect(created).toMatchObject({
      price: 45,
      medianUsedPrice: 28,
      quantity: 1,
      keywords: ['levis', '501', 'denim', 'jeans'],
      images: [photo.imageUrl],
    })
    const list = await readJson(await alice.get('/api/listings'))
    expect(list.map((item: { id: number }) => item.id)).toContain(created.id)
  })

  it('lists listings newest first, each exactly as its create answered (dates, nulls, arrays, AI suggestions), not on eBay', async () => {
    const photo = await uploadPhoto()
    const older = await readJson(
      await alice.post(
        '/api/listings',
        listing([photo.imageUrl], { aiSuggestions: { title: 'Jeans', keywords: ['denim'] } }),
      ),
    )
    const newer = await readJson(await alice.post('/api/listings', listing([], { title: 'Plain tee', keywords: '' })))
    const list = await readJson(await alice.get('/api/listings'))
    expect(list.slice(0, 2)).toEqual([newer, older].map((created) => ({ ...created, viewUrl: null })))
  })

  it('answers one listing as the list does (what an edit starts from), only to its seller and while it exists', async () => {
    const photo = await uploadPhoto()
    const created = await readJson(await alice.post('/api/listings', listing([photo.imageUrl])))
    const one = await alice.get(`/api/listings/${created.id}`)
    expect(one.status).toBe(200)
    const inList = (await readJson(await alice.get('/api/listings'))).find(
      (item: { id: number }) => item.id === created.id,
    )
    // With its floor, which only the one listing's answer carries (issue 51): none without a cost.
    expect(await readJson(one)).toEqual({
      ...inList,
      floor: expect.objectContaining({ source: 'none', priceCents: null }),
    })
    expect((await bob.get(`/api/listings/${created.id}`)).status).toBe(404)
    expect((await client(t.app).get(`/api/listings/${created.id}`)).status).toBe(401)
    expect((await alice.get('/api/listings/not-a-number')).status).toBe(400)
    expect((await alice.call('DELETE', `/api/listings/${created.id}`)).status).toBe(200)
    const gone = await alice.get(`/api/listings/${created.id}`)
    expect(gone.status).toBe(404)
    expect((await readJson(gone)).code).toBe('not_found')
  })

  it("answers the chosen listings in the order chosen, leaving out what is not the seller's or is gone", async () => {
    const create = async (title: string) => readJson(await alice.post('/api/listings', listing([], { title })))
    const first = await create('Chosen one')
    const second = await create('Chosen two')
    const third = await create('Chosen three')
    const bobs = await readJson(await bob.post('/api/listings', listing([], { title: "Bob's own" })))
    expect((await alice.call('DELETE', `/api/listings/${second.id}`)).status).toBe(200)
    const chosen = await alice.get(
      `/api/listings/chosen?ids=${third.id},${bobs.id},${first.id},${second.id},${third.id}`,
    )
    expect(chosen.status).toBe(200)
    const whole = await readJson(await alice.get('/api/listings'))
    const asListed = (id: number) => whole.find((item: { id: number }) => item.id === id)
    expect(await readJson(chosen)).toEqual([asListed(third.id), asListed(first.id)])
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(',')
    for (const ids of ['', 'one,two', '1,,2', '-1', '2147483648', `${first.id},9999999999`, tooMany]) {
      const refused = await alice.get(`/api/listings/chosen?ids=${ids}`)
      expect(refused.status, ids.slice(0, 20)).toBe(400)
    }
    expect((await alice.get('/api/listings/chosen')).status).toBe(400)
  })

  it('returns the first listing when the same clientId is sent twice, never a duplicate', async () => {
    const photo = await uploadPhoto()
    const clientId = randomUUID()
    const first = await alice.post('/api/listings', listing([photo.imageUrl], { clientId }))
    const retry = await alice.post('/api/listings', listing([photo.imageUrl], { clientId, title: 'Changed on retry' }))
    expect(first.status).toBe(201)
    expect(retry.status).toBe(200)
    expect((await readJson(retry)).id).toBe((await readJson(first)).id)
    const rows = await t.db.sql`select count(*)::int as n from listings where client_id = ${clientId}`
    expect(rows[0]!.n).toBe(1)
  })

  it("refuses more than 8 images, photos that are not the seller's uploads, and bad fields, writing nothing", async () => {
    const before = (await t.db.sql`select count(*)::int as n from listings`)[0]!.n
    const nine = await alice.post('/api/listings', listing(Array.from({ length: 9 }, (_, i) => `/files/u1/${i}.jpg`)))
    expect(nine.status).toBe(400)
    expect((await readJson(nine)).fields.images).toBe('Maximum 8 images allowed')
    const bobsPhoto = await uploadPhoto(bob)
    expect((await alice.post('/api/listings', listing([bobsPhoto.imageUrl]))).status).toBe(400)
    expect((await alice.post('/api/listings', listing(['https://example.com/x.jpg']))).status).toBe(400)
    const bad = await alice.post(
      '/api/listings',
      listing([], { title: '', price: 'lots', category: 'cars', quantity: 0 }),
    )
    expect(bad.status).toBe(400)
    expect((await readJson(bad)).fields).toMatchObject({
      title: 'Title is required',
      price: 'Retail Price must be a number',
      category: 'Choose a category',
      quantity: 'Quantity must be at least 1',
    })
    expect((await t.db.sql`select count(*)::int as n from listings`)[0]!.n).toBe(before)
  })

  it("hides other users' listings and answers 404 when they try to delete one", async () => {
    const photo = await uploadPhoto()
    const created = await readJson(await alice.post('/api/listings', listing([photo.imageUrl])))
    const bobsList = await readJson(await bob.get('/api/listings'))
    expect(bobsList.some((item: { id: number }) => item.id === created.id)).toBe(false)
    expect((await bob.call('DELETE', `/api/listings/${created.id}`)).status).toBe(404)
    expect((await client(t.app).call('DELETE', `/api/listings/${created.id}`)).status).toBe(401)
    expect((await alice.call('DELETE', '/api/listings/not-a-number')).status).toBe(400)
    expect(
      (await readJson(await alice.get('/api/listings'))).some((item: { id: number }) => item.id === created.id),
    ).toBe(true)
  })

  it('deleting a listing deletes its photo files, but keeps a photo another listing still uses', async () => {
    const shared = await uploadPhoto(alice, await solidJpeg({ r: 120, g: 60, b: 10 }))
    const own = await uploadPhoto(alice, await solidJpeg({ r: 250, g: 250, b: 0 }))
    const first = await readJson(await alice.post('/api/listings', listing([own.imageUrl, shared.imageUrl])))
    await alice.post('/api/listings', listing([shared.imageUrl]))
    expect((await alice.call('DELETE', `/api/listings/${first.id}`)).status).toBe(200)
    await expect(readFile(storedPath(own.imageUrl))).rejects.toThrow()
    await expect(readFile(storedPath(own.thumbnailUrl))).rejects.toThrow()
    await expect(readFile(storedPath(shared.imageUrl))).resolves.toBeInstanceOf(Buffer)
  })
})

describe('a shared phone: what one account queued never lands in another', () => {
  const userId = async (user: ReturnType<typeof client>) => (await readJson(await user.get('/api/user'))).id as number

  it("refuses a listing whose clientId is another seller's, and gives neither that listing nor a copy", async () => {
    const photo = await uploadPhoto()
    const clientId = randomUUID()
    const alicesListing = await readJson(await alice.post('/api/listings', listing([photo.imageUrl], { clientId })))
    const bobsPhoto = await uploadPhoto(bob)
    const claimed = await bob.post('/api/listings', listing([bobsPhoto.imageUrl], { clientId }))
    expect(claimed.status).toBe(409)
    expect(await readJson(claimed)).toMatchObject({
      code: 'conflict',
      message: 'This draft was made by another account. Sign in as that account to send it.',
    })
    const rows = await t.db.sql`select id, user_id from listings where client_id = ${clientId}`
    expect(rows).toEqual([{ id: alicesListing.id, userId: await userId(alice) }])
  })

  it("refuses a photo id that is another seller's, on upload and on analysis", async () => {
    const id = randomUUID()
    const bytes = await solidJpeg({ r: 10, g: 200, b: 30 })
    expect((await alice.post('/api/images', photoForm(bytes, { id }))).status).toBe(201)
    for (const path of ['/api/images', '/api/analyze-image']) {
      const response = await bob.post(path, photoForm(bytes, { id }))
      expect(response.status).toBe(409)
      expect((await readJson(response)).message).toBe(
        'This photo id is already in use. Take or choose the photo again.',
      )
    }
    expect(await t.db.sql`select user_id from images where id = ${id}`).toEqual([{ userId: await userId(alice) }])
  })

  it('refuses a sync request sent for another account (the phone changed hands mid-sync), with account_changed', async () => {
    const sentForAlice = { 'X-Snaplist-Account': String(await userId(alice)) }
    const before = (await t.db.sql`select count(*)::int as n from listings`)[0]!.n
    const refused = await bob.post('/api/listings', listing([], { clientId: randomUUID() }), sentForAlice)
    expect(refused.status).toBe(409)
    expect((await readJson(refused)).code).toBe('account_changed')
    expect(
      (
        await bob.post(
          '/api/images',
          photoForm(await solidJpeg({ r: 1, g: 2, b: 3 }), { id: randomUUID() }),
          sentForAlice,
        )
      ).status,
    ).toBe(409)
    expect((await t.db.sql`select count(*)::int as n from listings`)[0]!.n).toBe(before)
    expect((await alice.post('/api/listings', listing([], { clientId: randomUUID() }), sentForAlice)).status).toBe(201)
  })
})

describe('POST /api/listings/{id}/fill-empty (AI suggestions that arrive after the listing exists)', () => {
  const late = {
    description: 'AI description',
    price: 70,
    medianUsedPrice: 28,
    keywords: ['levis', '501'],
    brand: "Levi's",
    size: 'W32 L32',
    department: 'Men',
    aiSuggestions: { title: 'AI title', source: 'ai' },
  }

  it('fills only the fields still empty on the listing and says which; what the seller set stays', async () => {
    const created = await readJson(
      await alice.post(
        '/api/listings',
        listing([], {
          description: 'Mine',
          price: '0',
          medianUsedPrice: 0,
          keywords: '',
          brand: '',
          size: 'M',
          type: '',
          sizeType: '',
          department: '',
        }),
      ),
    )
    const response = await alice.post(`/api/listings/${created.id}/fill-empty`, late)
    expect(response.status).toBe(200)
    const { listing: filled, filled: fields } = await readJson(response)
    expect(fields.sort()).toEqual(['aiSuggestions', 'brand', 'department', 'keywords', 'medianUsedPrice', 'price'])
    expect(filled).toMatchObject({
      description: 'Mine',
      size: 'M',
      brand: "Levi's",
      price: 70,
      medianUsedPrice: 28,
      keywords: ['levis', '501'],
      department: 'Men',
      title: created.title,
    })
    expect(filled.aiSuggestions).toEqual(late.aiSuggestions)
    // Sent again (a lost reply), nothing is empty any more: nothing changes.
    expect(
      (await readJson(await alice.post(`/api/listings/${created.id}/fill-empty`, { ...late, brand: 'Other' }))).filled,
    ).toEqual([])
    expect(
      (await readJson(await alice.get('/api/listings'))).find((item: { id: number }) => item.id === created.id),
    ).toEqual({ ...filled, viewUrl: null })
  })

  it('marks what it filled of the AI’s estimates (the parcel) as guesses, and the condition nobody chose', async () => {
    const created = await readJson(await alice.post('/api/listings', listing([], { packageHeight: 3 })))
    expect(created.guesses).toEqual([])
    const parcel = { packageWeightOz: 24, packageLength: 13, packageWidth: 10, packageHeight: 2 }
    const { listing: filled } = await readJson(
      await alice.post(`/api/listings/${created.id}/fill-empty`, { ...late, ...parcel }),
    )
    // The height was the seller's: kept, and no guess.
    expect(filled).toMatchObject({ packageWeightOz: 24, packageHeight: 3 })
    expect(filled.guesses.toSorted()).toEqual(
      ['packageWeightOz', 'packageLength', 'packageWidth', 'condition'].toSorted(),
    )
  })

  it('takes only JSON: a body sent as application/jsonp is refused with 415, not read as an empty fill', async () => {
    const created = await readJson(await alice.post('/api/listings', listing([], { brand: '' })))
    const response = await alice.post(
      `/api/listings/${created.id}/fill-empty`,
      { brand: 'Sneaky' },
      { 'content-type': 'application/jsonp' },
    )
    expect(response.status).toBe(415)
    expect((await readJson(response)).code).toBe('unsupported_media_type')
  })

  it("refuses another seller's listing (404) and bad values (400), changing nothing", async () => {
    const created = await readJson(await alice.post('/api/listings', listing([], { brand: '' })))
    expect((await bob.post(`/api/listings/${created.id}/fill-empty`, late)).status).toBe(404)
    expect((await alice.post(`/api/listings/${created.id}/fill-empty`, { department: 'Martians' })).status).toBe(400)
    // Title, category and colour are never empty on a listing: nothing to fill.
    expect((await alice.post(`/api/listings/${created.id}/fill-empty`, { title: 'Not fillable' })).status).toBe(400)
    const [row] = await t.db.sql`select brand, title from listings where id = ${created.id}`
    expect(row).toEqual({ brand: '', title: created.title })
  })
})
