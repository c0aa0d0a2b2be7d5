// Connected Marketplaces: one row per marketplace with its state and an explanatory Connect dialog.
import { useState } from 'react'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'

const MARKETPLACES = [
  {
    name: 'eBay',
    about: 'Connect your eBay seller account so Snaplist can publish your listings to eBay for you. You sign in on eBay itself; Snaplist never sees your eBay password.',
  },
  {
    name: 'Etsy',
    about: 'Connect your Etsy shop with Etsy’s own sign-in. Publishing to Etsy is Coming Soon: it is a testing feature today.',
  },
] as const

export function MarketplacesPanel() {
  const [open, setOpen] = useState<string | null>(null)
  return (
    <section aria-labelledby="marketplaces-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="marketplaces-heading" className="text-lg font-semibold text-slate-900">
        Connected Marketplaces
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {MARKETPLACES.map((marketplace) => (
          <li key={marketplace.name} className="flex items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-slate-900">{marketplace.name}</p>
              <p className="text-sm text-slate-500">Not connected</p>
            </div>
            <Button variant="secondary" onClick={() => setOpen(marketplace.name)}>
              Connect
            </Button>
            <Dialog open={open === marketplace.name} onClose={() => setOpen(null)} title={`Connect ${marketplace.name}`}>
              <p className="text-sm text-slate-600">{marketplace.about}</p>
              <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                Connecting {marketplace.name} accounts is not available on this server yet.
              </p>
              <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => setOpen(null)}>
                  Close
                </Button>
                <Button disabled>Connect with {marketplace.name}</Button>
              </div>
            </Dialog>
          </li>
        ))}
      </ul>
    </section>
  )
}
