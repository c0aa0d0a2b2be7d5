// Admin Dashboard (/admin): All Users and All Listings tabs and the way to Email Templates; admins only, everyone
// else reads why (docs/product.md §2). The tab and the listings page live in the URL.
import { getRouteApi, Link } from '@tanstack/react-router'
import { buttonClass } from '../../components/ui/Button.tsx'
import { Tabs } from '../../components/ui/Tabs.tsx'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { AccessDenied } from './AccessDenied.tsx'
import { ListingsTab } from './ListingsTab.tsx'
import { UsersTab } from './UsersTab.tsx'

const route = getRouteApi('/signed-in/admin')

function AdminDashboard() {
  const { tab, page = 1 } = route.useSearch()
  const navigate = route.useNavigate()
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        <Link to="/admin/email-templates" className={buttonClass('secondary')}>
          Email Templates
        </Link>
      </div>
      <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <Tabs
          label="Admin data"
          selectedIndex={tab === 'listings' ? 1 : 0}
          onChange={(index) =>
            void navigate({ search: (previous) => ({ ...previous, tab: index === 1 ? 'listings' : undefined }) })
          }
          tabs={[
            { label: 'All Users', content: <UsersTab /> },
            {
              label: 'All Listings',
              content: (
                <ListingsTab
                  page={page}
                  onPage={(next) =>
                    void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) })
                  }
                />
              ),
            },
          ]}
        />
      </section>
    </div>
  )
}

export function AdminScreen() {
  const user = useCurrentUser()
  return user.isAdmin ? <AdminDashboard /> : <AccessDenied />
}
