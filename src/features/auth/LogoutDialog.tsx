// Logging out of a shared phone: the account's drafts and expenses that have not reached the server stay on the phone
// unless the seller removes them; nobody else sees or sends them, and they sync at this account's next sign-in here.
import type { UnsyncedCounts } from '../../offline/draft-account.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** "2 drafts, 3 photos and 1 expense from this account are still on this phone and have not been synced." */
export function describeUnsynced({ drafts, photos, expenses }: UnsyncedCounts): string {
  const one = drafts + photos + expenses === 1
  const what = [
    drafts && counted(drafts, 'draft'),
    photos && counted(photos, 'photo'),
    expenses && counted(expenses, 'expense'),
  ]
    .filter(Boolean)
    .join(', ')
    .replace(/, ([^,]+)$/, ' and $1')
  return `${what} from this account ${one ? 'is' : 'are'} still on this phone and ${one ? 'has' : 'have'} not been synced.`
}

interface LogoutDialogProps {
  unsynced: UnsyncedCounts | null
  onLogout: (removeFromPhone: boolean) => void
  onCancel: () => void
}

export function LogoutDialog({ unsynced, onLogout, onCancel }: LogoutDialogProps) {
  return (
    <Dialog open={unsynced !== null} onClose={onCancel} title="Log out of this phone?">
      <p className="text-sm text-slate-700">{unsynced && describeUnsynced(unsynced)}</p>
      <p className="mt-2 text-sm text-slate-600">
        Kept, they wait for this account to sign in here again; no other account sees or sends them. Removed, they are
        gone for good.
      </p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <Button onClick={() => onLogout(false)}>Keep on this phone</Button>
        <Button variant="danger" onClick={() => onLogout(true)}>
          Remove from this phone
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Dialog>
  )
}
