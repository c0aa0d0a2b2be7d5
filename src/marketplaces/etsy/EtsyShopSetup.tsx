// What the seller's Etsy shop lacks before Etsy will take a listing (a shipping profile, a return policy, a processing
// profile), in the server's words, with Shop Manager a tap away.
import type { EtsyMissing } from '../../../api/contract/etsy-publish.ts'

// Where an Etsy seller sets up shipping, returns and processing (Shop Manager › Settings).
const SHOP_MANAGER = 'https://www.etsy.com/your/shops/me/dashboard'

export function EtsyShopSetup({ missing }: { missing: EtsyMissing[] }) {
  if (!missing.length) return null
  return (
    <div
      role="alert"
      className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {missing.map((item) => (
        <p key={item.message}>{item.message}</p>
      ))}
      <a
        href={SHOP_MANAGER}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 self-start font-medium underline"
      >
        Open Shop Manager on Etsy
      </a>
    </div>
  )
}
