// Before any test runs: register the suite's administrator with the setup code the server was started with (an
// account registered without it is an ordinary one, so the tests may register theirs in any order), and start making
// the migrated data folder the tests that start a server of their own copy, once the first of them asks for it
// (data-template.ts).
import type { FullConfig } from '@playwright/test'
import { startDataTemplate } from '../helpers/data-template.ts'
import { ADMIN } from './helpers.ts'
import { E2E_SETUP_CODE } from './ports.ts'

export default async function globalSetup(config: FullConfig) {
  const removeDataTemplate = startDataTemplate(undefined, { onDemand: true })
  try {
    await registerAdmin(config)
  } catch (error) {
    await removeDataTemplate()
    throw error
  }
  return removeDataTemplate
}

async function registerAdmin(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL')
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, firstName: 'Ada', lastName: 'Admin', setupCode: E2E_SETUP_CODE }),
  })
  const body = (await response.json()) as { isAdmin?: boolean; message?: string }
  if (response.status !== 201 || !body.isAdmin) {
    throw new Error(
      `Could not register ${ADMIN.username} as the administrator: ${response.status} ${body.message ?? JSON.stringify(body)}`,
    )
  }
}
