import { useEffect, useState } from 'react'

/** Bytes this site stores on the device (drafts and their photos, mostly), when the browser says. */
export function useStorageEstimate(dependency: unknown): number | undefined {
  const [usage, setUsage] = useState<number>()
  useEffect(() => {
    void navigator.storage?.estimate?.().then((estimate) => setUsage(estimate.usage))
  }, [dependency])
  return usage
}
