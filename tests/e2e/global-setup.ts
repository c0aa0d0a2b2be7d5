// Before any test runs: register the suite's administrator. The server starts on an empty database, where the first
// account becomes admin; the tests register users concurrently, so the admin has to exist before they start.
import type { FullConfig } from '@playwright/test'
import { ADMIN } from './helpers.ts'

export default async function registerAdmin(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL')
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, firstName: 'Ada', lastName: 'Admin' }),
  })
  const body = (await response.json()) as { isAdmin?: boolean; message?: string }
  if (response.status !== 201 || !body.isAdmin) {
    throw new Error(`Could not register ${ADMIN.username} as the first (admin) account: ${response.status} ${body.message ?? JSON.stringify(body)}`)
  }
}
