// When the Etsy connection cannot publish (made before Snaplist asked for the scopes selling needs, lapsed, or no
// shop), the dialog says so once, in the server's words, with the way to fix it right there: connect Etsy again; and
// with no shop connected yet, connect it, as Post to eBay offers Connect with eBay.
import { Button } from '../../components/ui/Button.tsx'
import { useStartConnect } from '../../queries/marketplace-connect.ts'

export function EtsyReconnect({ message, first = false }: { message: string; first?: boolean }) {
  const connect = useStartConnect('etsy')
  const leaving = connect.isPending || connect.isSuccess
  const action = first ? 'Connect with Etsy' : 'Connect Etsy again'
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-semibold">{first ? 'Etsy is not connected' : 'Connect Etsy again'}</p>
      <p>{message}</p>
      <Button className="self-start" disabled={leaving} onClick={() => connect.mutate()}>
        {leaving ? 'Connecting...' : action}
      </Button>
    </div>
  )
}
