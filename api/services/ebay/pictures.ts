// Getting a listing's photos to eBay. eBay fetches pictures itself, over HTTPS from the public internet: a photo
// already there (Supabase Storage, or this server under a public PUBLIC_URL) is passed as its URL. Otherwise (a
// laptop, a LAN) the photo is uploaded through eBay's Media API (createImageFromFile) and eBay's copy is remembered,
// so a retry or a second publish uploads nothing again.
import { isIP } from 'node:net'
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import * as pictures from '../../db/ebay-pictures.ts'
import { AppError } from '../../errors.ts'
import { ebayUnavailable } from './errors.ts'
import type { EbaySellClient } from './sell-api.ts'
import { readPhoto, type FileStorage } from '../listings/storage.ts'

const UploadReplySchema = v.object({ imageUrl: v.pipe(v.string(), v.url()), expirationDate: v.optional(v.string()) })
// eBay keeps an unused upload for a while (it becomes permanent once a listing uses it): re-upload one about to go.
const EXPIRY_MARGIN_MS = 24 * 60 * 60 * 1000

const PRIVATE_HOST = /^(localhost|.*\.(localhost|local|internal|lan|home|test|example))$/i
const PRIVATE_V4 = [/^10\./, /^127\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^0\./]
const PRIVATE_V6 = [/^::1?$/, /^f[cd]/i, /^fe80:/i]

/** Whether eBay's servers could fetch this address: HTTPS, and a host that is not loopback or private. */
export function reachableByEbay(address: string): boolean {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (url.protocol !== 'https:' || PRIVATE_HOST.test(host)) return false
  const version = isIP(host)
  if (version === 4) return !PRIVATE_V4.some((range) => range.test(host))
  if (version === 6) return !PRIVATE_V6.some((range) => range.test(host))
  return host.includes('.')
}

export interface EbayPicturesDeps {
  sql: Sql
  storage: FileStorage
  sell: EbaySellClient
  /** PUBLIC_URL: where this server's own photo URLs (/files/…) are reachable from outside. */
  publicUrl: string | undefined
}

export interface EbayPictures {
  /** The listing's photos as URLs eBay can fetch, in the listing's order. */
  urlsFor(token: string, userId: number, urls: string[]): Promise<string[]>
}

export function createEbayPictures({ sql, storage, sell, publicUrl }: EbayPicturesDeps): EbayPictures {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl ?? 'http://localhost'}${url}`)

  async function upload(token: string, userId: number, picture: pictures.EbayPictureRow): Promise<string> {
    const kept =
      picture.ebayPictureExpiresAt === null || picture.ebayPictureExpiresAt.getTime() - Date.now() > EXPIRY_MARGIN_MS
    if (picture.ebayPictureUrl && kept) return picture.ebayPictureUrl
    const form = new FormData()
    form.set(
      'image',
      new Blob([new Uint8Array(await readPhoto(storage, picture, publicUrl))], { type: 'image/jpeg' }),
      'photo.jpg',
    )
    const reply = await sell.send(token, {
      method: 'POST',
      host: 'media',
      path: '/commerce/media/v1_beta/image/create_image_from_file',
      form,
    })
    const parsed = v.safeParse(UploadReplySchema, reply.body)
    if (!parsed.success) throw ebayUnavailable()
    const expiresAt = parsed.output.expirationDate ? new Date(parsed.output.expirationDate) : null
    await pictures.saveEbayPicture(sql, userId, picture.url, { url: parsed.output.imageUrl, expiresAt })
    return parsed.output.imageUrl
  }

  return {
    async urlsFor(token: string, userId: number, urls: string[]): Promise<string[]> {
      const rows = new Map((await pictures.findEbayPictures(sql, userId, urls)).map((row) => [row.url, row]))
      return Promise.all(
        urls.map((url) => {
          const row = rows.get(url)
          if (reachableByEbay(absolute(url))) return absolute(url)
          if (!row)
            throw new AppError(
              409,
              'photo_missing',
              'One of this listing’s photos is no longer stored. Delete the listing and create it again with its photos.',
            )
          return upload(token, userId, row)
        }),
      )
    },
  }
}
