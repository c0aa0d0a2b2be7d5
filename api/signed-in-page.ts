// The Dashboard as HTML for the signed-in seller who opens it (docs/decisions/0019): the build's renderer
// (src/entry-server.tsx, in dist/server) draws the header and the Dashboard's frame for this user, with the loading
// state of its lists, into the signed-in page's template; the browser paints it at once and React adopts it. It is
// a speed-up only: without the renderer, or when it fails or is slow, the page is the app's page as before.
import { readFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SIGNED_IN_USER_ELEMENT_ID } from './contract/signed-in-page.ts'
import * as v from 'valibot'
import { UserSchema, type User } from './contract/user.ts'
import type { UserRow } from './db/users.ts'

/** Where the build put the renderer and the template (dist/pages.json's `server`). */
export interface ServerFiles {
  dir: string
  renderer: string
  signedInTemplate: string
}

interface Renderer {
  renderPage(href: string, user: User): Promise<{ html: string; signature: string }>
}

const WARM_UP_USER: User = {
  id: 0,
  username: 'warm-up',
  email: 'warm-up@example.com',
  firstName: 'Warm',
  lastName: 'Up',
  isAdmin: false,
  emailVerified: false,
  pendingEmail: null,
  hasPassword: true,
}

/** Longer than this and the page goes out unrendered: the browser draws it itself, a moment later. */
const RENDER_TIME_LIMIT_MS = 500

export type SignedInPageRenderer = (href: string, user: UserRow) => Promise<string | undefined>

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
// JSON inside a script element: no '<', so no text in it can close the element or open a comment.
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The renderer, or undefined (said once) when this build has none. */
export async function loadSignedInPageRenderer(
  distDir: string,
  files: ServerFiles,
): Promise<SignedInPageRenderer | undefined> {
  let renderer: Renderer
  let template: string
  try {
    ;[renderer, template] = await Promise.all([
      import(pathToFileURL(path.join(distDir, files.renderer)).href) as Promise<Renderer>,
      readFile(path.join(distDir, files.signedInTemplate), 'utf8'),
    ])
  } catch (error) {
    console.error('The Dashboard will be drawn in the browser: its server renderer could not be loaded.', error)
    return undefined
  }
  // The first render compiles React's server code and the screens' (hundreds of milliseconds on a small machine): done
  // now, for nobody, so that no seller's page waits for it.
  await renderer
    .renderPage('/', WARM_UP_USER)
    .catch((error: unknown) => console.error('Warming up the server renderer failed.', error))
  const fill = (html: string, signature: string, user: User) =>
    template.replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${escapeAttribute(signature)}">${html}</div>\n    <script type="application/json" id="${SIGNED_IN_USER_ELEMENT_ID}">${jsonInScript(user)}</script>`,
    )
  return async (href, row) => {
    // Exactly what /api/user would answer, nothing more.
    const user = v.parse(UserSchema, row)
    try {
      const rendered = await Promise.race([
        renderer.renderPage(href, user),
        sleep(RENDER_TIME_LIMIT_MS, undefined, { ref: false }),
      ])
      if (!rendered)
        console.warn(`Rendering ${href} on the server took over ${RENDER_TIME_LIMIT_MS} ms; the browser draws it.`)
      return rendered && fill(rendered.html, rendered.signature, user)
    } catch (error) {
      console.error(`Rendering ${href} on the server failed; the browser draws it.`, error)
      return undefined
    }
  }
}
