// One call to a marketplace's API, as every provider makes it: within a time limit; a network failure logged and
// answered with the provider's "could not be reached"; a refusal translated by the provider's own rules; and an answer
// not in the shape the provider's contract promises logged and never trusted ("not answering properly").
import * as v from 'valibot'
import type { AppError } from '../../errors.ts'

export interface ProviderCallRules<Kind> {
  /** The log lines' prefix: the marketplace's id, in brackets. */
  name: string
  fetcher: typeof fetch
  timeoutMs: number
  unreachable: () => AppError
  unavailable: () => AppError
  /** The error for an answer that is not 2xx; `kind` says which sort of call it was (a grant, an API call). */
  translateRefusal: (response: Response, kind: Kind, what: string) => Promise<AppError>
}

export function providerCaller<Kind>(rules: ProviderCallRules<Kind>) {
  return async function call<S extends v.GenericSchema>(
    kind: Kind,
    what: string,
    url: string,
    init: RequestInit,
    schema: S,
  ): Promise<v.InferOutput<S>> {
    let response: Response
    try {
      response = await rules.fetcher(url, { ...init, signal: AbortSignal.timeout(rules.timeoutMs) })
    } catch (error) {
      console.error(`[${rules.name}] ${what} failed: ${error instanceof Error ? error.message : String(error)}`)
      throw rules.unreachable()
    }
    if (!response.ok) throw await rules.translateRefusal(response, kind, what)
    const reply = v.safeParse(schema, await response.json().catch(() => undefined))
    if (reply.success) return reply.output
    console.error(`[${rules.name}] ${what} answered in an unexpected shape: ${v.summarize(reply.issues).slice(0, 300)}`)
    throw rules.unavailable()
  }
}
