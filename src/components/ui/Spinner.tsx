export function Spinner({ label = 'Loading', className = 'h-8 w-8' }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <span
        className={`${className} animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-700`}
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} className="h-10 w-10" />
    </div>
  )
}
