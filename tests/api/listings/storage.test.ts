// File storage: the local folder, and Supabase Storage through the real storage-js client against the REST fake.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { StorageClient } from '@supabase/storage-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../api/errors.ts'
import { createLocalStorage } from '../../../api/services/listings/local-storage.ts'
import {
  isValidKey,
  LOCAL_FILES_PATH,
  type FileStorage,
  type LocalStorage,
} from '../../../api/services/listings/storage.ts'
import { createSupabaseStorage } from '../../../api/services/listings/supabase-storage.ts'
import { startFakeSupabaseStorage, type FakeSupabaseStorage } from '../../fakes/supabase-storage.ts'
import { SERVER_TEST_TIMEOUT_MS, startServer } from '../../helpers/server-process.ts'

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9])
const WEBP = Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')
const KEY = 'u12/3f9a0c1de1.jpg'
const THUMB_KEY = 'u12/3f9a0c1de1-thumb.webp'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('isValidKey', () => {
  it('accepts flat and one-folder content-hashed jpg and webp names', () => {
    for (const key of ['abc.jpg', KEY, THUMB_KEY, 'u1/a_b-c.webp']) expect(isValidKey(key)).toBe(true)
  })

  it('refuses traversal, deeper folders, other extensions and unsafe characters', () => {
    const bad = [
      '../../etc/passwd',
      'u12/../x.jpg',
      'a/b/c.jpg',
      '/abc.jpg',
      'abc.png',
      'ABC.jpg',
      '.jpg',
      'a b.jpg',
      'abc.jpg\n',
      'u12/.jpg',
      '',
    ]
    for (const key of bad) expect(isValidKey(key), key).toBe(false)
  })
})

describe('local storage', () => {
  let dir: string
  let storage: LocalStorage
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'snaplist-storage-'))
    storage = createLocalStorage(dir)
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('reads back the same bytes with the content type given by the extension', async () => {
    await storage.put(KEY, JPEG, 'image/jpeg')
    await storage.put(THUMB_KEY, WEBP, 'image/webp')
    expect(await storage.read(KEY)).toEqual({ bytes: JPEG, contentType: 'image/jpeg' })
    expect(await storage.read(THUMB_KEY)).toEqual({ bytes: WEBP, contentType: 'image/webp' })
  })

  it('returns a URL on the app origin under /files/', async () => {
    expect(await storage.put('flat.jpg', JPEG, 'image/jpeg')).toEqual({ key: 'flat.jpg', url: '/files/flat.jpg' })
    expect((await storage.put(KEY, JPEG, 'image/jpeg')).url).toBe(`${LOCAL_FILES_PATH}${KEY}`)
  })

  it('accepts the same key twice and leaves no temporary files behind', async () => {
    await storage.put('u7/same.jpg', JPEG, 'image/jpeg')
    await storage.put('u7/same.jpg', JPEG, 'image/jpeg')
    expect((await storage.read('u7/same.jpg'))?.bytes).toEqual(JPEG)
    expect(await readdir(path.join(dir, 'u7'))).toEqual(['same.jpg'])
  })

  it('removes files and ignores keys that do not exist', async () => {
    await storage.put('u8/gone.jpg', JPEG, 'image/jpeg')
    await storage.remove(['u8/gone.jpg', 'u8/never.jpg', 'nofolder/never.webp'])
    expect(await storage.read('u8/gone.jpg')).toBeUndefined()
    await expect(storage.remove([])).resolves.toBeUndefined()
  })

  it('reads nothing for a missing or invalid key', async () => {
    expect(await storage.read('u9/missing.jpg')).toBeUndefined()
    expect(await storage.read('../../etc/passwd')).toBeUndefined()
  })

  it('turns its own URLs back into keys and rejects anything else', async () => {
    const { url } = await storage.put(KEY, JPEG, 'image/jpeg')
    expect(storage.keyFromUrl(url)).toBe(KEY)
    for (const foreign of [
      '/files/../etc/passwd',
      '/files/a/b/c.jpg',
      'https://evil/x.jpg',
      '/files/',
      '/other/abc.jpg',
    ]) {
      expect(storage.keyFromUrl(foreign), foreign).toBeUndefined()
    }
  })

  it('refuses invalid keys in put and remove without touching the disk', async () => {
    await expect(storage.put('../../escape.jpg', JPEG, 'image/jpeg')).rejects.toThrow(/Invalid storage key/)
    await expect(storage.put('a/b/c.jpg', JPEG, 'image/jpeg')).rejects.toThrow(/Invalid storage key/)
    await expect(storage.remove(['../../escape.jpg'])).rejects.toThrow(/Invalid storage key/)
    expect(await readdir(path.dirname(dir))).not.toContain('escape.jpg')
  })
})

describe('Supabase storage', () => {
  const serviceKey = 'service-role-secret-key'
  const bucket = 'photos'
  let fake: FakeSupabaseStorage
  let storage: FileStorage
  beforeAll(async () => {
    fake = await startFakeSupabaseStorage({ serviceKey, bucket })
    storage = createSupabaseStorage({ url: fake.url, serviceKey, bucket })
  })
  afterAll(() => fake.close())

  const publicUrl = (key: string) => `${fake.url}/storage/v1/object/public/${bucket}/${key}`

  it('uploads the bytes with their content type and a year of caching', async () => {
    await storage.put(KEY, JPEG, 'image/jpeg')
    const stored = fake.objects.get(KEY)
    expect(stored?.bytes).toEqual(JPEG)
    expect(stored?.contentType).toBe('image/jpeg')
    expect(stored?.cacheControl).toBe('max-age=31536000')
  })

  it('returns the bucket public URL, which serves the bytes', async () => {
    const stored = await storage.put(THUMB_KEY, WEBP, 'image/webp')
    expect(stored).toEqual({ key: THUMB_KEY, url: publicUrl(THUMB_KEY) })
    const response = await fetch(stored.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('max-age=31536000')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(WEBP)
  })

  it('uploads the same key again as an upsert', async () => {
    await storage.put('u3/again.jpg', JPEG, 'image/jpeg')
    await expect(storage.put('u3/again.jpg', JPEG, 'image/jpeg')).resolves.toEqual({
      key: 'u3/again.jpg',
      url: publicUrl('u3/again.jpg'),
    })
  })

  it('removes objects, ignores missing ones, and makes no request for an empty list', async () => {
    const { url } = await storage.put('u4/bye.jpg', JPEG, 'image/jpeg')
    await storage.remove(['u4/bye.jpg', 'u4/never-there.jpg'])
    expect(fake.objects.has('u4/bye.jpg')).toBe(false)
    expect((await fetch(url)).status).toBe(404)
    const before = fake.requests.length
    await storage.remove([])
    expect(fake.requests.length).toBe(before)
  })

  it('turns its public URLs back into keys and rejects anything else', async () => {
    const { url } = await storage.put(KEY, JPEG, 'image/jpeg')
    expect(storage.keyFromUrl(url)).toBe(KEY)
    for (const foreign of [
      `${fake.url}/storage/v1/object/public/other/${KEY}`,
      `${fake.url}/storage/v1/object/public/${bucket}/../x.jpg`,
      `/files/${KEY}`,
      'https://evil/x.jpg',
    ]) {
      expect(storage.keyFromUrl(foreign), foreign).toBeUndefined()
    }
  })

  it("removes a seller's folder with everything in it, and nobody else's", async () => {
    for (const key of ['u21/a.jpg', 'u21/a-thumb.webp', 'u22/b.jpg']) await storage.put(key, JPEG, 'image/jpeg')
    await storage.removeFolder('u21')
    expect([...fake.objects.keys()].filter((key) => key.startsWith('u21/'))).toEqual([])
    expect(fake.objects.has('u22/b.jpg')).toBe(true)
  })

  it('lists the files written before a time, for the sweep of files no row names', async () => {
    await storage.put('u23/old.jpg', JPEG, 'image/jpeg')
    fake.objects.get('u23/old.jpg')!.updatedAt = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await storage.put('u23/new.jpg', JPEG, 'image/jpeg')
    const oneHourAgo = new Date(Date.now() - 60 * 60 * 1000)
    const listed = await storage.listWrittenBefore(oneHourAgo)
    expect(listed).toContain('u23/old.jpg')
    expect(listed).not.toContain('u23/new.jpg')
  })

  it('refuses invalid keys without calling Supabase', async () => {
    const before = fake.requests.length
    await expect(storage.put('../../x.jpg', JPEG, 'image/jpeg')).rejects.toThrow(/Invalid storage key/)
    await expect(storage.remove(['a/b/c.jpg'])).rejects.toThrow(/Invalid storage key/)
    expect(fake.requests.length).toBe(before)
  })

  it('reports a rejected service key as storage_failed 502 without the key or the file name', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const wrong = createSupabaseStorage({ url: fake.url, serviceKey: 'wrong-secret-key', bucket })
    const error: unknown = await wrong.put('u5/secret-name.jpg', JPEG, 'image/jpeg').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ status: 502, code: 'storage_failed' })
    expect((error as AppError).message).not.toMatch(/wrong-secret-key|secret-name/)
    expect(log).toHaveBeenCalledOnce()
    const logged = JSON.stringify(log.mock.calls)
    expect(logged).toContain('403')
    expect(logged).not.toMatch(/wrong-secret-key|secret-name/)
    expect(fake.objects.has('u5/secret-name.jpg')).toBe(false)
  })

  it('reports an unreachable Supabase as storage_failed 502', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const down = await startFakeSupabaseStorage({ serviceKey, bucket })
    await down.close()
    const unreachable = createSupabaseStorage({ url: down.url, serviceKey, bucket })
    await expect(unreachable.remove([KEY])).rejects.toMatchObject({ status: 502, code: 'storage_failed' })
  })

  it('reports an unknown bucket as storage_failed 502', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const missing = createSupabaseStorage({ url: fake.url, serviceKey, bucket: 'nope' })
    await expect(missing.put(KEY, JPEG, 'image/jpeg')).rejects.toMatchObject({ status: 502, code: 'storage_failed' })
  })
})

describe('Supabase storage that does not answer, and the start-up check', () => {
  const serviceKey = 'service-role-secret-key'
  let fake: FakeSupabaseStorage
  beforeAll(async () => {
    fake = await startFakeSupabaseStorage({ serviceKey, bucket: 'photos' })
  })
  afterAll(() => fake.close())
  afterEach(() => fake.resume())

  it('gives up an upload and a delete at the time limit with storage_failed 502, and works again once it answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const storage = createSupabaseStorage({ url: fake.url, serviceKey, bucket: 'photos', timeoutMs: 300 })
    fake.pause()
    const started = Date.now()
    await expect(storage.put(KEY, JPEG, 'image/jpeg')).rejects.toMatchObject({ status: 502, code: 'storage_failed' })
    await expect(storage.remove([KEY])).rejects.toMatchObject({ status: 502, code: 'storage_failed' })
    expect(Date.now() - started).toBeLessThan(3_000)
    fake.resume()
    await expect(storage.put(KEY, JPEG, 'image/jpeg')).resolves.toMatchObject({ key: KEY })
  })

  const checkOf = (config: Partial<Parameters<typeof createSupabaseStorage>[0]>) =>
    createSupabaseStorage({ url: fake.url, serviceKey, bucket: 'photos', ...config }).check()

  it('passes with the right address, key and public bucket', async () => {
    expect(await checkOf({})).toEqual({ ok: true, summary: `Supabase Storage, bucket 'photos' at ${fake.url}` })
  })

  it('names the setting that is wrong, and never prints the key', async () => {
    const wrongKey = await checkOf({ serviceKey: 'not-the-key' })
    expect(wrongKey).toMatchObject({ ok: false, summary: expect.stringContaining('SUPABASE_SERVICE_KEY') as unknown })
    expect(wrongKey.summary).not.toContain('not-the-key')
    expect(await checkOf({ bucket: 'fotos' })).toMatchObject({
      ok: false,
      summary: expect.stringContaining("has no bucket named 'fotos'") as unknown,
    })
    // The bare storage server's address (the client adds /storage/v1 again): its routes are not found.
    const bare = await checkOf({ url: `${fake.url}/storage/v1` })
    expect(bare).toMatchObject({
      ok: false,
      summary: expect.stringContaining('SUPABASE_URL must be the project') as unknown,
    })
  })

  it('says a private bucket will not show photos', async () => {
    const privateBucket = await startFakeSupabaseStorage({ serviceKey, bucket: 'photos', publicBucket: false })
    try {
      const check = await createSupabaseStorage({ url: privateBucket.url, serviceKey, bucket: 'photos' }).check()
      expect(check).toMatchObject({ ok: false, summary: expect.stringContaining('public bucket') as unknown })
    } finally {
      await privateBucket.close()
    }
  })

  it('says when the address does not answer, within the check time limit', async () => {
    fake.pause()
    const started = Date.now()
    const check = await checkOf({ timeoutMs: 300 })
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(check).toMatchObject({ ok: false, summary: expect.stringContaining('check SUPABASE_URL') as unknown })
  })

  it(
    'is said in the start summary of the server, naming the setting to fix',
    async () => {
      const started = await startServer({
        SUPABASE_URL: fake.url,
        SUPABASE_SERVICE_KEY: 'a-wrong-service-key',
        SUPABASE_BUCKET: 'photos',
      })
      try {
        // The line is on stderr, the address the start waits for on stdout: either pipe may be read first.
        await expect.poll(() => started.output()).toMatch(/Photos: +NOT WORKING: .*SUPABASE_SERVICE_KEY/)
        expect(started.output()).not.toContain('a-wrong-service-key')
      } finally {
        started.server.kill()
      }
    },
    SERVER_TEST_TIMEOUT_MS,
  )

  it('checks that the local photo folder can be written', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snaplist-check-'))
    try {
      expect(await createLocalStorage(path.join(dir, 'photos')).check()).toEqual({
        ok: true,
        summary: `on this disk, in ${path.join(dir, 'photos')}`,
      })
      await writeFile(path.join(dir, 'file'), 'not a folder')
      expect((await createLocalStorage(path.join(dir, 'file', 'photos')).check()).ok).toBe(false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the Supabase Storage fake', () => {
  const serviceKey = 'fake-check-key'
  let fake: FakeSupabaseStorage
  let client: StorageClient
  beforeAll(async () => {
    fake = await startFakeSupabaseStorage({ serviceKey, bucket: 'private', publicBucket: false })
    client = new StorageClient(`${fake.url}/storage/v1`, { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` })
  })
  afterAll(() => fake.close())

  it('refuses a second upload of a key without upsert, as Supabase does', async () => {
    const files = client.from('private')
    expect((await files.upload('dup.jpg', JPEG, { contentType: 'image/jpeg' })).error).toBeNull()
    const { error } = await files.upload('dup.jpg', JPEG, { contentType: 'image/jpeg' })
    expect(error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' })
  })

  it('takes the file part of a multipart upload', async () => {
    const blob = new Blob([new Uint8Array(WEBP)], { type: 'image/webp' })
    const { error } = await client.from('private').upload('form.webp', blob, { cacheControl: '60' })
    expect(error).toBeNull()
    expect(fake.objects.get('form.webp')).toMatchObject({
      bytes: WEBP,
      contentType: 'image/webp',
      cacheControl: 'max-age=60',
    })
  })

  it('does not serve a private bucket on its public URL', async () => {
    const { data } = client.from('private').getPublicUrl('dup.jpg')
    expect((await fetch(data.publicUrl)).status).toBe(400)
  })

  it('requires prefixes to delete', async () => {
    const response = await fetch(`${fake.url}/storage/v1/object/private`, {
      method: 'DELETE',
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(400)
  })
})
