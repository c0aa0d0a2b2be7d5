// Without an eBay connection, the Post to eBay dialogs say so before the seller taps Post, with the way to fix it
// right there: Connect with eBay (or, on a server without eBay's settings, what the server says instead).
import { useQuery } from '@tanstack/react-query'
import { Button } from '../../components/ui/Button.tsx'
import { useStartConnect } from '../../queries/marketplace-connect.ts'
import { marketplaceStatusQuery } from '../../queries/marketplace-queries.ts'

/** onConnect: just before the seller leaves for eBay's consent page. */
export function NotConnected({ what, onConnect }: { what: string; onConnect?: () => void }) {
  const connect = useStartConnect('ebay')
  // A server without eBay's settings cannot connect anyone: say what the server says instead of offering it.
  const status = useQuery(marketplaceStatusQuery('ebay'))
  const unconfigured = status.data?.configured === false
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-semibold">eBay is not connected</p>
      {unconfigured ? (
        <p>{status.data?.setupMessage}</p>
      ) : (
        <>
          <p>Connect your eBay seller account to post {what}. You sign in on eBay and come back to your Dashboard.</p>
          <Button
            className="self-start"
            disabled={connect.isPending || connect.isSuccess}
            onClick={() => {
              onConnect?.()
              connect.mutate()
            }}
          >
            {connect.isPending || connect.isSuccess ? 'Connecting...' : 'Connect with eBay'}
          </Button>
        </>
      )}
    </div>
  )
}
