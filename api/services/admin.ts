// What administrators may do: see every user and listing, delete any listing, delete any user who is not an admin.
import { ADMIN_PAGE_SIZE, type AdminListing } from '../contract/admin.ts'
import type { Sql } from '../db/client.ts'
import * as listings from '../db/listings.ts'
import * as users from '../db/users.ts'
import { AppError } from '../errors.ts'
import { deleteAccount } from './accounts/account-removal.ts'
import type { ListingService } from './listings/listings.ts'
import type { FileStorage } from './listings/storage.ts'

export interface AdminServiceDeps {
  sql: Sql
  listingService: ListingService
  storage: FileStorage
}

export interface AdminService {
  listUsers(): Promise<(users.UserRow & { createdAt: Date })[]>
  /** One page of every listing, and how many there are in all. */
  listListings(page: number): Promise<{ rows: AdminListing[]; total: number }>
  deleteListing(id: number): Promise<void>
  /**
   * Deletes the account with its sessions, listings and photos in one transaction; the photo files go after it commits.
   */
  deleteUser(id: number): Promise<void>
}

export function createAdminService({ sql, listingService, storage }: AdminServiceDeps): AdminService {
  return {
    listUsers: () => users.listUsers(sql),

    async listListings(page: number): Promise<{ rows: AdminListing[]; total: number }> {
      const [rows, total] = await Promise.all([
        listings.listAllListings(sql, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
        listings.countAllListings(sql),
      ])
      return { rows, total }
    },

    deleteListing: (id: number) => listingService.removeAny(id),

    async deleteUser(id: number): Promise<void> {
      await deleteAccount({ sql, storage }, id, async (_tx, user) => {
        if (user.isAdmin) throw new AppError(403, 'admin_protected', 'Administrator accounts cannot be deleted.')
      })
    },
  }
}
