// /api/admin/*: every user and every listing, for administrators only (docs/product.md §6, §7).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AdminListingsQuerySchema, TOTAL_COUNT_HEADER } from '../contract/admin.ts'
import { requireAdmin } from '../middleware/require-admin.ts'
import type { AdminService } from '../services/admin.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function adminRoutes(admin: AdminService) {
  return (
    new Hono<AppEnv>()
      // Registered for the whole prefix, so a path that matches no route below is refused before it is a 404.
      .use('/admin/*', requireAdmin())
      .get('/admin/users', async (c) => c.json(await admin.listUsers(), 200))
      // docs/product.md §7 keeps the body an array; how many listings there are in all goes in a header.
      .get('/admin/listings', valid('query', AdminListingsQuerySchema), async (c) => {
        const { rows, total } = await admin.listListings(c.req.valid('query').page)
        return c.json(rows, 200, { [TOTAL_COUNT_HEADER]: String(total) })
      })
      .delete('/admin/users/:id', valid('param', IdParamSchema), async (c) => {
        await admin.deleteUser(c.req.valid('param').id)
        return c.json({ message: 'User deleted.' }, 200)
      })
      .delete('/admin/listings/:id', valid('param', IdParamSchema), async (c) => {
        await admin.deleteListing(c.req.valid('param').id)
        return c.json({ message: 'Listing deleted.' }, 200)
      })
  )
}
