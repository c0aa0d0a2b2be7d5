/**
 * The query /shared opens with when the service worker refused a share that a page of another site sent
 * (sw/share-target.ts). A module of its own: the router reads it without loading the offline store.
 */
export const SHARE_REFUSED = 'refused'
