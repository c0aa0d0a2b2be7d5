// A marketplace's own part of its callback and manual screens (its wing's loadConnect, through the registry), loaded
// with them: the code exchange, and the words of a failed one where the marketplace has none of its own
// (docs/product.md §8).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { use } from 'react'
import type { ExchangeInput, ExchangeReply, Platform } from '../../../api/contract/marketplaces.ts'
import type { ConnectPart } from '../../marketplaces/client-marketplace.ts'
import { wingOf } from '../../marketplaces/registry.ts'
import { ApiError } from '../../offline/api-error.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'

const loading = new Map<Platform, Promise<ConnectPart>>()

/** The marketplace's connect part; the screen waits (Suspense) while it loads, once. */
export function useConnectPart(platform: Platform): ConnectPart {
  let part = loading.get(platform)
  if (!part) {
    part = wingOf(platform).loadConnect()
    loading.set(platform, part)
  }
  return use(part)
}

/** A failed exchange on the callback screen: the page's sentence and the toast's. */
export function exchangeFailure(part: ConnectPart, error: unknown): { page: string; toast: string } {
  if (part.exchangeFailure) return part.exchangeFailure(error)
  const words =
    error instanceof ApiError
      ? `Token exchange failed: ${error.message}`
      : 'Failed to exchange authorization code for token'
  return { page: words, toast: words }
}

/** A failed exchange on the manual screen. */
export function manualFailure(part: ConnectPart, error: unknown): string {
  if (part.manualFailure) return part.manualFailure(error)
  const failed = 'Failed to exchange code for token'
  return error instanceof ApiError ? `${failed}: ${error.message}` : failed
}

/** Sends the code the marketplace returned with the state it came back with; the callback screen says how it went. */
export function useExchange(platform: Platform) {
  const queryClient = useQueryClient()
  const { exchange } = useConnectPart(platform)
  return useMutation({
    mutationFn: (json: ExchangeInput): Promise<ExchangeReply> => exchange(json),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}
