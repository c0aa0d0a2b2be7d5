// The small script that stands in for the app's script tags on every page the build writes (docs/decisions/0014,
// 0019, 0022): the page paints from its HTML first, and the app starts after the paint or on the visitor's first use.
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { INTERACTIVE_EVENT, PAGE_SETTINGS_GLOBAL } from '../api/contract/page-start.ts'
import { LAST_USER_KEY, SIGNED_IN_HINT_COOKIE } from '../api/contract/session-hint.ts'

/** A prerendered page whose app starts on the visitor's first touch, key or focus (#root's data-start). */
export const START_ON_USE = 'on-use'

/**
 * Puts a small starter in place of the app's script tag (and Vite's modulepreload hints): the page paints from its HTML
 * first, then the starter asks for every chunk the page needs at once (its data-chunks: the app and the screen, so no
 * request waits for another) and runs the app. Lighthouse's simulation counts every script that arrived before the
 * paint as holding it up, so a hint in the HTML, even at low priority, would push the simulated paint back; and the
 * starter itself is fetched at low priority, since a module script in the head (High) counts as render-blocking there.
 */
export async function startAfterFirstPaint(outDir: string, html: string, entryFile: string): Promise<string> {
  // Vite writes a script tag for the entry's chunk, or one for each chunk it imports when its own chunk is only those
  // imports (the app's code then runs from its 'app' chunk, vite.config.ts): the starter stands in for all of them.
  const tags = /(?:\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>)+/
  if (!html.includes(`src="/${entryFile}"`)) throw new Error(`Prerender: index.html has no script tag for ${entryFile}`)
  const source = [
    // A tap on a button or a form sent before React has taken the page over waits for it (then happens once), instead
    // of being lost, or the form going out as a plain GET. React itself replays what comes once hydrateRoot has run.
    'const early = []',
    "const hold = (event) => { const target = event.type === 'submit' ? event.target : event.target.closest?.('button'); if (!target) return; event.preventDefault(); event.stopImmediatePropagation(); early.push([event.type, target]) }",
    "for (const type of ['click', 'submit']) document.addEventListener(type, hold, true)",
    // The visitor's first touch, key or focus, from the start (used below).
    "const firstUse = new Promise((resolve) => { for (const type of ['pointerdown', 'keydown', 'focusin']) addEventListener(type, resolve, { capture: true, once: true, passive: true }) })",
    `addEventListener('${INTERACTIVE_EVENT}', () => { for (const type of ['click', 'submit']) document.removeEventListener(type, hold, true); for (const [type, target] of early) if (target.isConnected) type === 'submit' ? target.requestSubmit() : target.click() }, { once: true })`,
    // A prerendered page's first contentful paint has been shown (as the browser reports it; at the latest after a few
    // seconds); index.html has nothing to paint before the app, which starts at once.
    "if (document.getElementById('root').dataset.prerendered) await new Promise((resolve) => { setTimeout(resolve, 3000); new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); setTimeout(resolve) } }).observe({ type: 'paint', buffered: true }) })",
    // A public screen that is a form to fill or a text to read runs its code once the visitor starts using it (a touch, a
    // key, a field focused): typing is the browser's own until then, and a tap on a button waits as above. A browser that
    // may be signed in (the hint cookie, or someone remembered for the offline start) starts at once: the app decides
    // where its user belongs.
    `const maybeSignedIn = () => { try { return document.cookie.split('; ').includes('${SIGNED_IN_HINT_COOKIE}=1') || localStorage.getItem('${LAST_USER_KEY}') !== null } catch { return false } }`,
    // Nor does a page whose settings (preloaded with it) turn on something only the app can show: Google's button, or
    // the setup code of the first registration. The answer is left for the app, which then does not ask again (a
    // failed read leaves nothing, and the app asks itself).
    "const { start, startUnless } = document.getElementById('root').dataset",
    `const settings = startUnless === undefined ? undefined : (window.${PAGE_SETTINGS_GLOBAL} = fetch(startUnless, { credentials: 'include' }).then((response) => (response.ok ? response.json() : undefined)).catch(() => undefined))`,
    // On a slow network the visitor may have started before this script arrived: a field or tab has the focus then.
    'const inUse = () => document.activeElement !== null && document.activeElement !== document.body',
    `if (start === '${START_ON_USE}' && !maybeSignedIn() && !Object.values((await settings) ?? {}).some(Boolean) && !inUse()) await firstUse`,
    "const chunks = document.querySelector('script[data-chunks]').dataset.chunks.split(' ')",
    "for (const href of chunks) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }))",
    // Each chunk is run in a task of its own, in the order they run in (each after what it imports; the list is made so),
    // the app's entry last: run as one module graph, the framework, the app and the screen would hold a phone's main
    // thread for a few hundred milliseconds at once.
    'const nextTask = () => new Promise((resolve) => setTimeout(resolve))',
    `for (const href of chunks) if (href !== '/${entryFile}') { await import(href); await nextTask() }`,
    `await import('/${entryFile}')`,
    '',
  ].join('\n')
  const starter = `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`
  await writeFile(path.join(outDir, starter), source)
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(
      tags,
      `\n    <script type="module" crossorigin fetchpriority="low" src="/${starter}" data-chunks=""></script>`,
    )
}
