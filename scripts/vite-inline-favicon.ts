// The favicon goes into the page itself, as a data: address: the browser would otherwise spend a request of a phone's
// few on it before the app starts (issue 19 counts them; docs/decisions/0014). public/icons/logo.svg stays the one
// drawing (the PWA icons are rendered from it too).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'

const FAVICON = '/icons/logo.svg'

/** An SVG as a data: address, escaped only where it must be (the result is smaller than base64). */
const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim()).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%22/g, "'")}`

export function inlineFavicon(): Plugin {
  let publicDir = ''
  return {
    name: 'snaplist:inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir
    },
    async transformIndexHtml(html) {
      const link = `href="${FAVICON}"`
      if (!html.includes(link)) throw new Error(`inline-favicon: index.html has no ${link}`)
      return html.replace(link, `href="${svgDataUrl(await readFile(path.join(publicDir, FAVICON), 'utf8'))}"`)
    },
  }
}
