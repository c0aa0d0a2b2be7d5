// A long list shown a page at a time: the Dashboard with hundreds of listings renders (and loads thumbnails for) one
// page, and more as the seller scrolls, instead of every row at once.
import { useCallback, useState } from 'react'

export function usePaged<Item>(items: readonly Item[], pageSize: number) {
  const [pages, setPages] = useState(1)
  const showMore = useCallback(() => setPages((shown) => shown + 1), [])
  const shown = Math.min(items.length, pages * pageSize)
  return { visible: items.slice(0, shown), shown, total: items.length, showMore }
}
