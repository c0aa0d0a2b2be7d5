// The Post to eBay dialog's choice of shipping: one of the seller's eBay shipping policies, each said as flat or
// calculated (calculated shipping prices the parcel, so eBay then needs its weight and size). Shown when the seller
// has more than one; the listing keeps the one it was posted with.
import type { EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import { SelectField } from '../../components/ui/SelectField.tsx'

export function ShippingPolicyField({
  shipping,
  error,
  onChoose,
}: {
  shipping: EbayRequirements['shipping']
  error?: string | undefined
  onChoose: (policyId: string) => void
}) {
  if (shipping.policies.length < 2) return null
  const options = shipping.policies.map((policy) => ({
    value: policy.id,
    label: `${policy.name} (${policy.calculated ? 'calculated' : 'flat'})`,
  }))
  return (
    <SelectField
      label="Shipping"
      hint="Your eBay shipping policies. Calculated shipping charges the buyer by the parcel’s weight and size."
      value={shipping.chosen ?? ''}
      options={options}
      error={error}
      onChange={(event) => onChoose(event.target.value)}
    />
  )
}
