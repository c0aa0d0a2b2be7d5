// Email templates for the admin screen: the list, save (create or update) and delete, with docs/product.md §8's toasts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AppTemplateName,
  EmailTemplate,
  EmailTemplateInput,
  TemplatePurpose,
} from '../../../api/contract/email-template.ts'
import { api, cancelledBy, failureMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'

export const templateKeys = { all: ['email-templates'] as const, purposes: ['email-templates', 'purposes'] as const }

export const emailTemplatesQuery = queryOptions({
  queryKey: templateKeys.all,
  queryFn: ({ signal }): Promise<EmailTemplate[]> =>
    okJson(api['email-templates'].$get(undefined, cancelledBy(signal))),
})

/** Which template each email the app sends uses. Under templateKeys.all, so saving or deleting a template reads it again. */
export const templatePurposesQuery = queryOptions({
  queryKey: templateKeys.purposes,
  queryFn: ({ signal }): Promise<TemplatePurpose[]> =>
    okJson(api['email-templates'].purposes.$get(undefined, cancelledBy(signal))),
})

export function useChooseTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ purpose, templateId }: { purpose: AppTemplateName; templateId: number | null }) =>
      okJson(api['email-templates'].purposes[':purpose'].$put({ param: { purpose }, json: { templateId } })),
    onSuccess: (purposes) => {
      queryClient.setQueryData(templateKeys.purposes, purposes)
      notify('Success', 'The email now uses the chosen template', 'success')
    },
    onError: (error) => notify('Failed to choose template', failureMessage(error, 'Please try again.'), 'error'),
  })
}

export interface SaveTemplate {
  /** The template being edited; none to create one. */
  id?: number
  values: EmailTemplateInput
}

export function useSaveTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: SaveTemplate) =>
      id === undefined
        ? okJson(api['email-templates'].$post({ json: values }))
        : okJson(api['email-templates'][':id'].$put({ param: { id: String(id) }, json: values })),
    onSuccess: async (_saved, { id }) => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.all })
      notify('Success', `Email template ${id === undefined ? 'created' : 'updated'} successfully`, 'success')
    },
    onError: (error, { id }) => {
      const failed = id === undefined ? 'Failed to create template' : 'Failed to update template'
      notify(failed, failureMessage(error, 'Please try again.'), 'error')
    },
  })
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => okJson(api['email-templates'][':id'].$delete({ param: { id: String(id) } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.all })
      notify('Success', 'Email template deleted successfully', 'success')
    },
    onError: (error) => notify('Failed to delete template', failureMessage(error, 'Please try again.'), 'error'),
  })
}
