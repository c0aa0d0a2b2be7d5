// What the seller says of sales from a listing's row (docs/decisions/0033): a sale made elsewhere, and a sale beyond
// the stock (sold twice) dealt with, and how (decision 0056). The listings are read again after either.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ShortSettlement } from '../../../api/contract/sale-earnings.ts'
import type { SoldElsewhere } from '../../../api/contract/sales.ts'
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
