// axe-core on the page as it is now. Injected with page.evaluate, not a script tag: the app's Content-Security-Policy
// allows no inline or foreign script.
import axe from 'axe-core'
import { expect, type Page } from '@playwright/test'

const BLOCKING = new Set(['serious', 'critical'])

/** Colour checks mid-transition read colours that are never shown at rest; endless ones (spinners) never end. */
async function waitForTransitions(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  )
}

/** The serious and critical violations axe finds, one line each: rule, impact, what it asks, where. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await waitForTransitions(page)
  await page.evaluate(axe.source)
  const violations = await page.evaluate(
    async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations,
  )
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' '))
      return [`${violation.id} (${violation.impact}): ${violation.help} at ${targets.join(', ')}`]
    })
}

/** Checks the screen and carries on, so one run lists every screen's problems. */
export async function expectAccessible(page: Page, screen: string) {
  expect.soft(await seriousViolations(page), `axe: serious or critical violations on ${screen}`).toEqual([])
}

declare global {
  interface Window {
    axe: typeof axe
  }
}
