// The chosen listings' own floors in the bulk price change (decision 0075): the range a cut stops at besides the floor
// typed, and how many have none (no cost entered), so the seller knows before sending where the cut will hold.
import { useQuery } from '@tanstack/react-query'
import { api, cancelledBy, okJson } from '../../lib/api.ts'
import { exactMoney } from '../../lib/money.ts'

export function OwnFloors({ listingIds }: { listingIds: number[] }) {
  const ids = listingIds.join(',')
  const floors = useQuery({
    queryKey: ['price-rules', 'floors', ids],
    queryFn: ({ signal }) => okJson(api['price-rules'].floors.$get({ query: { ids } }, cancelledBy(signal))),
  }).data?.floors
  if (!floors) return null
  const prices = floors.flatMap((floor) => (floor.priceCents === null ? [] : [floor.priceCents]))
  const without = floors.length - prices.length
  const [low, high] = [Math.min(...prices) / 100, Math.max(...prices) / 100]
  return (
    <p className="text-sm text-slate-700">
      {prices.length === 0
        ? 'None of them has a floor of its own (no cost entered).'
        : `Their own floors: ${low === high ? exactMoney(low) : `${exactMoney(low)} to ${exactMoney(high)}`}`}
      {prices.length > 0 && without > 0 && `; ${without} without one (no cost entered)`}
      {prices.length > 0 && '.'}
    </p>
  )
}
