// The settings a public page's starter already read before the app started (api/contract/page-start.ts): the app takes
// that answer once instead of asking the server a second time; any later read asks the server.
import { PAGE_SETTINGS_GLOBAL } from '../../api/contract/page-start.ts'

type WithPageSettings = Record<typeof PAGE_SETTINGS_GLOBAL, Promise<unknown> | undefined>

export function takePageSettings(): Promise<unknown> | undefined {
  const page = window as unknown as Partial<WithPageSettings>
  const answer = page[PAGE_SETTINGS_GLOBAL]
  page[PAGE_SETTINGS_GLOBAL] = undefined
  return answer
}
