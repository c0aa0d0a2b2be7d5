// The account screen (/account): the email address and its confirmation, change password, this device's sale
// notifications, selling (a cancelled sale back up), sign out everywhere, delete my account.
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { useDeleteAccount, useSignOutEverywhere } from './account-queries.ts'
import { BooksSection } from './BooksSection.tsx'
import { ConfirmWithSecret } from './ConfirmWithSecret.tsx'
import { EmailSection } from './EmailSection.tsx'
import { NotificationsSection } from './NotificationsSection.tsx'
import { PasswordSection } from './PasswordSection.tsx'
import { Section } from './Section.tsx'
import { SellingSection } from './SellingSection.tsx'

export function AccountScreen() {
  const user = useCurrentUser()
  const signOutEverywhere = useSignOutEverywhere()
  const deleteAccount = useDeleteAccount()
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Account</h1>
        <p className="text-sm text-slate-600">
          Signed in as <span className="font-medium text-slate-900">{user.username}</span>
        </p>
      </div>
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <NotificationsSection />
      <SellingSection />
      <BooksSection />
      <Section title="Devices">
        <p>Lost a phone, or signed in on someone else’s? End every session, this one included.</p>
        <ConfirmWithSecret
          user={user}
          action={signOutEverywhere}
          variant="secondary"
          title="Sign out everywhere?"
          openLabel="Sign out everywhere"
          confirmLabel="Sign out everywhere"
          pendingLabel="Signing out..."
        >
          Every device signed in to your account is signed out, this one too. Drafts waiting on a phone stay there until
          you sign in again.
        </ConfirmWithSecret>
      </Section>
      <Section title="Delete account" tone="danger">
        <p>
          Deletes your account, your listings and photos, your marketplace connections and whatever is still waiting to
          sync. This cannot be undone.
        </p>
        <ConfirmWithSecret
          user={user}
          action={deleteAccount}
          variant="danger"
          title="Delete your account?"
          openLabel="Delete my account"
          confirmLabel="Delete my account"
          pendingLabel="Deleting..."
        >
          {user.username}, your account, every listing and photo, and your marketplace connections will be deleted for
          good.
          {user.isAdmin && ' If you are the only administrator, make another account an administrator first.'}
        </ConfirmWithSecret>
      </Section>
    </div>
  )
}
