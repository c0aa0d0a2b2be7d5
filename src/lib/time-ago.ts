// How long ago something happened, in the few words a row has room for: "just now", "2 min ago", "3 h ago",
// "yesterday", "4 days ago", then the day itself.
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export function timeAgo(iso: string, now = Date.now()): string {
  const past = now - new Date(iso).getTime()
  if (past < MINUTE) return 'just now'
  if (past < HOUR) return `${Math.floor(past / MINUTE)} min ago`
  if (past < DAY) return `${Math.floor(past / HOUR)} h ago`
  if (past < 2 * DAY) return 'yesterday'
  if (past < 7 * DAY) return `${Math.floor(past / DAY)} days ago`
  return `on ${new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`
}
