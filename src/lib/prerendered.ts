// Which address a prerendered page was rendered for (docs/decisions/0014): the path and the names of its query
// parameters, not their values, since a screen's first render depends on whether a token is there, not on the token.
// The 404 page stands for every path no route has.
export const NOT_FOUND_PAGE = '404'

interface RenderedAt {
  pathname: string
  search: string
  /** Whether a route has the path. */
  found: boolean
}

export function pageSignature({ pathname, search, found }: RenderedAt): string {
  if (!found) return NOT_FOUND_PAGE
  const names = [...new URLSearchParams(search).keys()].sort()
  return names.length ? `${pathname}?${names.join('&')}` : pathname
}
