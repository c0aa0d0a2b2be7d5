// What a page costs to download, as Lighthouse's network figures count it: every request, and the bytes each took on the
// wire (headers and the compressed body). Lighthouse also asks for the web manifest, its icon and the favicon, which a
// headless browser never does; they are counted here as Lighthouse counts them.
import type { Page, Request } from '@playwright/test'

export interface Transfer {
  path: string
  script: boolean
  bytes: number
}

export interface Transfers {
  requests: number
  bytes: number
  scripts: number
  scriptBytes: number
  list: Transfer[]
}

/** Starts counting every request the page makes; `read()` gives what has finished so far. */
export function countTransfers(page: Page) {
  const finished: Promise<Transfer>[] = []
  page.on('requestfinished', (request: Request) => {
    finished.push(
      request.sizes().then((sizes) => ({
        path: new URL(request.url()).pathname,
        script: request.resourceType() === 'script',
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      })),
    )
  })
  return {
    async read(): Promise<Transfers> {
      const list = await Promise.all(finished)
      // Lighthouse's own requests: the manifest the page links, its first icon and the page's icon.
      const extras = await lighthouseExtras(page, new Set(list.map((transfer) => transfer.path)))
      const all = [...list, ...extras]
      const scripts = all.filter((transfer) => transfer.script)
      const sum = (transfers: Transfer[]) => transfers.reduce((total, transfer) => total + transfer.bytes, 0)
      return { requests: all.length, bytes: sum(all), scripts: scripts.length, scriptBytes: sum(scripts), list: all }
    },
  }
}

async function lighthouseExtras(page: Page, seen: Set<string>): Promise<Transfer[]> {
  const { manifest, icon } = await page.evaluate(() => ({
    manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
    icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href,
  }))
  const urls = [manifest, icon].filter((url) => url !== undefined)
  if (manifest) {
    const { icons = [] } = (await (await page.request.get(manifest)).json()) as { icons?: { src: string }[] }
    if (icons[0]) urls.push(new URL(icons[0].src, manifest).href)
  }
  const transfers = await Promise.all(
    urls
      .filter((url) => !seen.has(new URL(url).pathname))
      .map(async (url) => {
        const response = await page.request.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } })
        const headers = response
          .headersArray()
          .reduce((total, { name, value }) => total + name.length + value.length + 4, 0)
        // Sent compressed as it is stored: its length on the wire, not the decoded body's.
        const body = Number(response.headers()['content-length'] ?? (await response.body()).length)
        return { path: new URL(url).pathname, script: false, bytes: headers + body }
      }),
  )
  return transfers
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

export const describeTransfers = ({ requests, bytes, scripts, scriptBytes, list }: Transfers) =>
  `${requests} requests, ${kib(bytes)} in all, ${kib(scriptBytes)} of script in ${scripts} files\n  ${list.map((transfer) => `${transfer.path} ${kib(transfer.bytes)}`).join('\n  ')}`
