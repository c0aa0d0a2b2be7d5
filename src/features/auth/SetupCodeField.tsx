// The setup code of a fresh install (docs/decisions/0008): while no administrator exists the server asks for it, but
// only whoever installed the server has it, so the Register tab shows the field only when asked for, saying who it is for.
import { useQuery } from '@tanstack/react-query'
import { TextField } from '../../components/ui/TextField.tsx'
import { authConfigQuery } from './sign-in-queries.ts'

export function SetupCodeField({ error }: { error: string | undefined }) {
  const { data: config } = useQuery(authConfigQuery)
  if (!config?.setupCodeRequired) return null
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2">
      <summary className="flex min-h-10 cursor-pointer items-center text-sm font-medium text-indigo-700">
        I installed Snaplist: enter the setup code
      </summary>
      <p className="mb-3 text-sm text-slate-600">
        Only for whoever installed this Snaplist server, to make their account the administrator. Sellers leave it out.
      </p>
      <TextField
        label="Setup code"
        name="setupCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint='The code on the line "Setup code: …" in the server log. Leave it empty for an ordinary account.'
        error={error}
      />
    </details>
  )
}
