// What the seller says of sales from a listing's row (docs/decisions/0033): a sale made elsewhere, and a sale beyond
// the stock (sold twice) dealt with, and how (decision 0056); a sold-out listing relisted with more pieces (issue 47).
// A returned sale marked back in stock or damaged (issue 50). The listings are read again after each.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ShortSettlement } from '../../../api/contract/sale-earnings.ts'
import type { RelistSold, SaleReturned, SoldElsewhere } from '../../../api/contract/sales.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'

export function useSoldElsewhere() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, sale }: { id: number; sale: SoldElsewhere }) =>
      okJson(api.listings[':id']['sold-elsewhere'].$post({ param: { id: String(id) }, json: sale })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(result.message, undefined, 'success')
    },
  })
}

/** Relist on a sold row: more pieces of a sold-out listing, put back up wherever it was (issue 47). */
export function useRelistSold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RelistSold }) =>
      okJson(api.listings[':id'].relist.$post({ param: { id: String(id) }, json: input })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(result.message, undefined, 'success')
    },
  })
}

export function useSettleSoldTwice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, settledAs }: { id: number; settledAs: ShortSettlement }) =>
      okJson(api.listings[':id']['oversold-settled'].$post({ param: { id: String(id) }, json: { settledAs } })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(result.message, undefined, 'success')
    },
    onError: (error) => notify('Could not mark it settled', errorMessage(error), 'error'),
  })
}

/** A returned sale, as the seller says it came back: back in stock (up again everywhere) or damaged. */
export function useSaleReturned() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, returned }: { id: number; returned: SaleReturned }) =>
      okJson(api.listings[':id'].returned.$post({ param: { id: String(id) }, json: returned })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(result.message, undefined, 'success')
    },
    onError: (error) => notify('Could not mark it returned', errorMessage(error), 'error'),
  })
}
