// An in-process stand-in for Supabase Storage's REST API (/storage/v1/object…), as strict as the real service about
// keys, buckets and duplicates, so the real storage-js client can be tested against it without a Supabase project.
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono, type Context, type HonoRequest } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { closeServer } from './listen.ts'

export interface FakeObject {
  bytes: Buffer
  contentType: string
  cacheControl?: string
  /** When it was last written (list's updated_at). */
  updatedAt?: Date
}

export interface FakeSupabaseStorageOptions {
  serviceKey: string
  bucket: string
  /** Defaults to true; a private bucket refuses /object/public/ reads like Supabase does. */
  publicBucket?: boolean
}

export interface FakeSupabaseStorage {
  /** The project URL, without /storage/v1. */
  url: string
  /** Stored objects by their path inside the bucket. */
  objects: Map<string, FakeObject>
  requests: { method: string; path: string }[]
  /** Holds every request unanswered until resume(), as a paused or hung storage server does. */
  pause(): void
  resume(): void
  close(): Promise<void>
}

const API = '/storage/v1'

// Supabase's error body: statusCode is a string and need not match the HTTP status.
function fail(c: Context, status: ContentfulStatusCode, error: string, message: string, statusCode = String(status)) {
  return c.json({ statusCode, error, message }, status)
}

// The part of the URL after `${prefix}<bucket>/`, decoded per segment as Supabase does.
function objectPath(c: Context, prefix: string): string {
  const raw = new URL(c.req.url).pathname.slice(`${API}${prefix}`.length)
  const afterBucket = raw.slice(raw.indexOf('/') + 1)
  return afterBucket.split('/').map(decodeURIComponent).join('/')
}

// Raw bodies (what storage-js sends for a Buffer) carry the type and cache headers; multipart bodies (Blob, FormData)
// carry a file part plus a cacheControl field.
async function readUpload(req: HonoRequest): Promise<FakeObject | undefined> {
  const type = req.header('content-type')
  if (!type) return undefined
  if (!type.startsWith('multipart/form-data')) {
    return { bytes: Buffer.from(await req.arrayBuffer()), contentType: type, cacheControl: req.header('cache-control') }
  }
  const form = await req.formData()
  const file = [...form.values()].find((value) => typeof value !== 'string')
  if (file === undefined || typeof file === 'string') return undefined
  const cacheControl = form.get('cacheControl')
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    contentType: file.type || 'application/octet-stream',
    cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : undefined,
  }
}

function metadataOf(bucket: string, name: string, object: FakeObject) {
  const now = new Date().toISOString()
  return {
    name,
    bucket_id: bucket,
    id: randomUUID(),
    owner: null,
    created_at: now,
    updated_at: now,
    last_accessed_at: now,
    metadata: {
      mimetype: object.contentType,
      size: object.bytes.length,
      cacheControl: object.cacheControl ?? 'no-cache',
    },
  }
}

function folderEntry(name: string) {
  return { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null }
}

function listen(app: Hono): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(server))
  })
}

export async function startFakeSupabaseStorage(options: FakeSupabaseStorageOptions): Promise<FakeSupabaseStorage> {
  const { serviceKey, bucket, publicBucket = true } = options
  const objects = new Map<string, FakeObject>()
  const requests: { method: string; path: string }[] = []

  // Missing headers fail validation (400); a wrong key fails the JWT check (403), as on a real project.
  function refuse(c: Context): Response | undefined {
    const authorization = c.req.header('authorization')
    if (!authorization) return fail(c, 400, 'Bad Request', "headers must have required property 'authorization'")
    if (authorization !== `Bearer ${serviceKey}` || c.req.header('apikey') !== serviceKey) {
      return fail(c, 403, 'Unauthorized', 'invalid signature')
    }
    if (c.req.param('bucket') !== bucket) return fail(c, 404, 'Bucket not found', 'Bucket not found')
    return undefined
  }

  async function store(c: Context, mode: 'create' | 'update') {
    const refused = refuse(c)
    if (refused) return refused
    const name = objectPath(c, '/object/')
    if (!name || name.split('/').some((segment) => segment === '' || segment === '..')) {
      return fail(c, 400, 'InvalidKey', 'Invalid key')
    }
    const exists = objects.has(name)
    if (mode === 'create' && exists && c.req.header('x-upsert') !== 'true') {
      return fail(c, 409, 'Duplicate', 'The resource already exists')
    }
    if (mode === 'update' && !exists) return fail(c, 404, 'not_found', 'Object not found')
    const upload = await readUpload(c.req)
    if (!upload) return fail(c, 400, 'InvalidRequest', 'The upload has no content type or no file')
    objects.set(name, { ...upload, updatedAt: new Date() })
    return c.json({ Id: randomUUID(), Key: `${bucket}/${name}` })
  }

  let paused: Promise<void> | undefined
  let resume = () => {}

  const app = new Hono()
  app.use('*', async (c, next) => {
    requests.push({ method: c.req.method, path: c.req.path })
    if (paused) await paused
    await next()
  })
  // getBucket: the service key reads any bucket's settings.
  app.get(`${API}/bucket/:bucket`, (c) => {
    const refused = refuse(c)
    if (refused) return refused
    const now = new Date().toISOString()
    return c.json({
      id: bucket,
      name: bucket,
      owner: '',
      public: publicBucket,
      created_at: now,
      updated_at: now,
      file_size_limit: null,
      allowed_mime_types: null,
    })
  })
  // Before the uploads' route, which would take 'list' for a bucket's name.
  // list: one level under the prefix, as Supabase answers it: files with their metadata, folders with a null id.
  app.post(`${API}/object/list/:bucket`, async (c) => {
    const refused = refuse(c)
    if (refused) return refused
    const body = (await c.req.json().catch(() => undefined)) as
      { prefix?: unknown; limit?: unknown; offset?: unknown } | undefined
    if (typeof body?.prefix !== 'string')
      return fail(c, 400, 'Bad Request', "body must have required property 'prefix'")
    const limit = typeof body.limit === 'number' ? body.limit : 100
    const offset = typeof body.offset === 'number' ? body.offset : 0
    const folder = body.prefix.replace(/\/+$/, '')
    const within = folder ? `${folder}/` : ''
    const entries = new Map<string, ReturnType<typeof metadataOf> | ReturnType<typeof folderEntry>>()
    for (const [name, object] of objects) {
      if (!name.startsWith(within)) continue
      const [first, ...rest] = name.slice(within.length).split('/')
      if (rest.length > 0) entries.set(first!, folderEntry(first!))
      else
        entries.set(first!, {
          ...metadataOf(bucket, first!, object),
          updated_at: (object.updatedAt ?? new Date()).toISOString(),
        })
    }
    const sorted = [...entries.keys()].sort().map((name) => entries.get(name)!)
    return c.json(sorted.slice(offset, offset + limit))
  })

  app.post(`${API}/object/:bucket/*`, (c) => store(c, 'create'))
  app.put(`${API}/object/:bucket/*`, (c) => store(c, 'update'))

  app.get(`${API}/object/public/:bucket/*`, (c) => {
    // Supabase answers a public read of a private bucket with 400 and a "Bucket not found" body.
    if (c.req.param('bucket') !== bucket || !publicBucket) {
      return fail(c, publicBucket ? 404 : 400, 'Bucket not found', 'Bucket not found', '404')
    }
    const object = objects.get(objectPath(c, '/object/public/'))
    if (!object) return fail(c, 404, 'not_found', 'Object not found')
    return c.body(new Uint8Array(object.bytes), 200, {
      'Content-Type': object.contentType,
      'Cache-Control': object.cacheControl ?? 'no-cache',
    })
  })

  app.delete(`${API}/object/:bucket`, async (c) => {
    const refused = refuse(c)
    if (refused) return refused
    const body: unknown = await c.req.json().catch(() => undefined)
    const prefixes = (body as { prefixes?: unknown } | undefined)?.prefixes
    if (!Array.isArray(prefixes) || !prefixes.every((prefix) => typeof prefix === 'string')) {
      return fail(c, 400, 'Bad Request', "body must have required property 'prefixes'")
    }
    if (prefixes.length === 0) return fail(c, 400, 'Bad Request', 'body/prefixes must NOT have fewer than 1 items')
    const deleted = prefixes.flatMap((name) => {
      const object = objects.get(name)
      if (!object) return []
      objects.delete(name)
      return [metadataOf(bucket, name, object)]
    })
    return c.json(deleted)
  })

  app.notFound((c) => fail(c, 404, 'Not Found', `Route ${c.req.method}:${c.req.path} not found`))

  const server = await listen(app)
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    pause: () => {
      paused ??= new Promise((resolve) => (resume = () => resolve()))
    },
    resume: () => {
      paused = undefined
      resume()
    },
    close: () => {
      resume()
      return closeServer(server)
    },
  }
}
