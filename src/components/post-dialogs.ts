// The bulk post as the Dashboard's listing rows see it: the listings feature opens it, src/features/bulk-post draws it,
// and the Dashboard (src/shell/dashboard.tsx) hands it over, so neither imports the other. Each marketplace's own Post
// dialog comes from the marketplaces' registry (src/marketplaces/registry.ts).
export interface BulkPostLauncherProps {
  /** The listings 'Post N' sends at once, to every connected marketplace; null: none chosen. */
  bulk: number[] | null
  onBulkClosed: () => void
}
