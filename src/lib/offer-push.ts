// A listing just went live: the moment to offer notifications (src/lib/push.tsx, once per device). The push code
// loads then, not with the app: every screen that can post would otherwise carry it, /auth's download too.
export const offerPushOnceLive = (): void =>
  void import('./push.tsx').then(({ offerPushOnce }) => offerPushOnce()).catch(() => undefined)
