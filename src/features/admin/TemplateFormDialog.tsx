// Create Template / Edit Template (docs/product.md §2): Template Name, the Active switch, Email Subject, and the HTML Content
// and Text Content tabs. Saving closes the dialog; opening it again starts from the template (or blank).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { Controller, useForm } from 'react-hook-form'
import {
  APP_TEMPLATES,
  EmailTemplateInputSchema,
  TEMPLATE_REQUIRED_MESSAGE,
  type EmailTemplate,
  type EmailTemplateFormValues,
  type EmailTemplateInput,
} from '../../../api/contract/email-template.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { Switch } from '../../components/ui/Switch.tsx'
import { Tabs } from '../../components/ui/Tabs.tsx'
import { TextAreaField } from '../../components/ui/TextAreaField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { useSaveTemplate } from './email-template-queries.ts'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

const PLACEHOLDER_HINT = `Placeholders, filled in when the app sends it (HTML-escaped in HTML): ${Object.entries(
  APP_TEMPLATES,
)
  .map(([name, placeholders]) => `${name}: ${placeholders.map((placeholder) => `{{${placeholder}}}`).join(', ')}`)
  .join('; ')}.`

const BLANK: EmailTemplateFormValues = { name: '', subject: '', htmlContent: '', textContent: '', isActive: true }

const valuesOf = (template: EmailTemplate): EmailTemplateFormValues => ({
  name: template.name,
  subject: template.subject,
  htmlContent: template.htmlContent,
  textContent: template.textContent ?? '',
  isActive: template.isActive,
})

type FieldError = { message?: string } | undefined

/** A field's own message (a length limit); the shared "required" one is said once, by the buttons. */
const ownMessage = (error: FieldError) => (error?.message === TEMPLATE_REQUIRED_MESSAGE ? undefined : error?.message)
const invalid = (error: FieldError) => (error ? true : undefined)

function TemplateForm({ template, onDone }: { template: EmailTemplate | undefined; onDone: () => void }) {
  const save = useSaveTemplate()
  const { register, control, handleSubmit, formState, setError } = useForm<
    EmailTemplateFormValues,
    unknown,
    EmailTemplateInput
  >({
    resolver: valibotResolver(EmailTemplateInputSchema),
    defaultValues: template ? valuesOf(template) : BLANK,
    // The message sits by the button just pressed; jumping to the first field would scroll it out of sight.
    shouldFocusError: false,
  })
  const { errors } = formState
  const requiredMissing = [errors.name, errors.subject, errors.htmlContent].some(
    (error) => error?.message === TEMPLATE_REQUIRED_MESSAGE,
  )
  const submit = handleSubmit((values) =>
    save.mutate({ id: template?.id, values }, { onSuccess: onDone, onError: fieldErrorsOnto(setError, values) }),
  )

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Template Name"
        autoComplete="off"
        placeholder="e.g. password-reset"
        error={ownMessage(errors.name)}
        aria-invalid={invalid(errors.name)}
        {...register('name')}
      />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => <Switch label="Active" checked={field.value ?? true} onChange={field.onChange} />}
      />
      <TextField
        label="Email Subject"
        autoComplete="off"
        error={ownMessage(errors.subject)}
        aria-invalid={invalid(errors.subject)}
        {...register('subject')}
      />
      <Tabs
        label="Email content"
        tabs={[
          {
            label: 'HTML Content',
            content: (
              <TextAreaField
                label="HTML Content"
                rows={15}
                spellCheck={false}
                className="font-mono"
                hint={PLACEHOLDER_HINT}
                error={ownMessage(errors.htmlContent)}
                aria-invalid={invalid(errors.htmlContent)}
                {...register('htmlContent')}
              />
            ),
          },
          {
            label: 'Text Content (optional)',
            content: (
              <TextAreaField
                label="Text Content (optional)"
                rows={15}
                hint="Plain text for mail apps that do not show HTML."
                error={errors.textContent?.message}
                {...register('textContent')}
              />
            ),
          },
        ]}
      />
      {requiredMissing && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {TEMPLATE_REQUIRED_MESSAGE}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : template ? 'Save Changes' : 'Create Template'}
        </Button>
      </div>
    </form>
  )
}

/** editing: the template to edit, 'new' to create one, null when closed. */
export function TemplateFormDialog({
  editing,
  onClose,
}: {
  editing: EmailTemplate | 'new' | null
  onClose: () => void
}) {
  const template = editing === 'new' ? undefined : (editing ?? undefined)
  return (
    <Dialog open={editing !== null} onClose={onClose} title={template ? 'Edit Template' : 'Create Template'} wide>
      {editing !== null && <TemplateForm key={template?.id ?? 'new'} template={template} onDone={onClose} />}
    </Dialog>
  )
}
