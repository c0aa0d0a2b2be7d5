// The Offers & markdowns screen's reads and writes (issue 51, docs/decisions/0075, 0076): the rules and runs, what the
// next run changes, Apply now and undo, the offers sent to watchers a page at a time. From the server; nothing of
// them is kept for offline use.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { PriceRules, PriceRulesView } from '../../../api/contract/price-rules.ts'
import { api, cancelledBy, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'

const pricingKeys = { all: ['price-rules'] as const, next: ['price-rules', 'next'] as const }

export const priceRulesQuery = queryOptions({
  queryKey: pricingKeys.all,
  queryFn: ({ signal }) => okJson(api['price-rules'].$get({}, cancelledBy(signal))),
})

export const nextRunQuery = queryOptions({
  queryKey: pricingKeys.next,
  queryFn: ({ signal }) => okJson(api['price-rules'].next.$get({}, cancelledBy(signal))),
})

export const offersQuery = infiniteQueryOptions({
  queryKey: ['offers'],
  initialPageParam: undefined as number | undefined,
  queryFn: ({ signal, pageParam }) =>
    okJson(api.offers.$get({ query: pageParam ? { before: String(pageParam) } : {} }, cancelledBy(signal))),
  getNextPageParam: (page) => page.next ?? undefined,
})

/** A write that answers the rules and runs as they now are (or changes them): both reads are read again. */
function usePricingWrite<Input>(write: (input: Input) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      if (answer && typeof answer === 'object' && 'rules' in answer)
        queryClient.setQueryData(pricingKeys.all, answer as PriceRulesView)
      await queryClient.invalidateQueries({ queryKey: pricingKeys.all })
      notify('Offers & markdowns', done, 'success')
    },
    onError: (error) => notify('Offers & markdowns', errorMessage(error), 'error'),
  })
}

export const useSaveRules = () =>
  usePricingWrite((rules: PriceRules) => okJson(api['price-rules'].$put({ json: rules })), 'Rules saved.')

export const useApplyNow = () => usePricingWrite(() => okJson(api['price-rules'].run.$post()), 'Markdowns applied.')

export const useUndoRun = () =>
  usePricingWrite(
    (id: number) => okJson(api['price-rules'].runs[':id'].undo.$post({ param: { id: String(id) } })),
    'Prices put back.',
  )
