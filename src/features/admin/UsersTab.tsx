// All Users: id, username, email and when they joined per row, and Delete for everyone but administrators (docs/product.md §2);
// a search box narrows the list by username or email (in the browser: the admin already has every user).
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import type { AdminUser as User } from '../../../api/contract/admin.ts'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { DataTable, type Column } from '../../components/ui/DataTable.tsx'
import { adminUsersQuery, useDeleteUser } from './admin-queries.ts'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { Loaded } from './Loaded.tsx'

// Phone card: the details stacked on the left, the action on the right.
const PHONE_GRID = 'max-sm:grid-cols-[minmax(0,1fr)_auto]'
const TEXT_CELL = 'max-sm:col-start-1'

const formatDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

const matches = (user: User, search: string) =>
  [user.username, user.email].some((text) => text.toLowerCase().includes(search))

function columns(onDelete: (user: User) => void): Column<User>[] {
  return [
    { header: 'ID', cell: (user) => user.id, phoneCell: TEXT_CELL, className: 'sm:w-16 tabular-nums text-slate-500' },
    {
      header: 'Username',
      cell: (user) => <span className="font-medium wrap-anywhere text-slate-900">{user.username}</span>,
      phoneCell: TEXT_CELL,
    },
    { header: 'Email', cell: (user) => <span className="wrap-anywhere">{user.email}</span>, phoneCell: TEXT_CELL },
    {
      header: 'Joined',
      cell: (user) => <time dateTime={user.createdAt}>{formatDate.format(new Date(user.createdAt))}</time>,
      phoneCell: TEXT_CELL,
      className: 'sm:w-32 text-slate-600',
    },
    {
      header: 'Actions',
      labelOnPhone: false,
      phoneCell: 'max-sm:col-start-2 max-sm:row-span-4 max-sm:row-start-1',
      className: 'sm:w-32 sm:text-right',
      cell: (user) =>
        user.isAdmin ? (
          <span className="inline-flex min-h-11 items-center rounded-lg bg-indigo-50 px-3 text-sm font-semibold text-indigo-800">
            Admin
          </span>
        ) : (
          <Button variant="secondary" onClick={() => onDelete(user)} aria-label={`Delete user ${user.username}`}>
            Delete
          </Button>
        ),
    },
  ]
}

export function UsersTab() {
  const users = useQuery(adminUsersQuery)
  const deleteUser = useDeleteUser()
  const [deleting, setDeleting] = useState<User | null>(null)
  const [search, setSearch] = useState('')
  const wanted = useDeferredValue(search.trim().toLowerCase())

  return (
    <>
      <div className="mb-3 max-w-sm">
        <TextField
          label="Search users"
          type="search"
          placeholder="Username or email"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <Loaded query={users} what="users">
        {(rows) => {
          const shown = wanted ? rows.filter((user) => matches(user, wanted)) : rows
          return (
            <>
              <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                {wanted ? `${shown.length} of ${rows.length} users match` : `${rows.length} users`}
              </p>
              <DataTable
                caption="All users"
                phoneGrid={PHONE_GRID}
                columns={columns(setDeleting)}
                rows={shown}
                rowKey={(user) => user.id}
              />
            </>
          )
        }}
      </Loaded>
      <ConfirmDelete
        target={deleting}
        remove={deleteUser}
        title="Delete this user?"
        confirmLabel="Delete user"
        onClose={() => setDeleting(null)}
      >
        {(user) => (
          <p>
            <strong className="wrap-anywhere text-slate-900">{user.username}</strong> ({user.email}) will be deleted
            with all their listings and photos, and signed out everywhere. This cannot be undone.
          </p>
        )}
      </ConfirmDelete>
    </>
  )
}
