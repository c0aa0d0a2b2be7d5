// Which sales this tab has already toasted, by their change's id. A new stream starts with the last seconds' changes
// (docs/decisions/0034), so a reload just after a sale receives it again: the row is put right again, which is
// harmless, but "Sold: …" must not show twice. Kept in sessionStorage, which a reload keeps and a new tab does not.
const KEY = 'snaplist.sales-told'
// A stream replays 15 s: a tab cannot be told of more sales than this within them that matter here.
const KEPT = 50

function told(): string[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** True the first time this tab meets the sale's change id (and records it); false after, even across a reload. */
export function firstTelling(changeId: string): boolean {
  const ids = told()
  if (ids.includes(changeId)) return false
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...ids, changeId].slice(-KEPT)))
  } catch {
    // Storage full or blocked: the toast shows; at worst twice.
  }
  return true
}
