// Email templates for the admin screen: the list, save (create or update) and delete, with docs/product.md §8's toasts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AppTemplateName, EmailTemplate, EmailTemplateInput, TemplatePurpose } from '../../api/contract/email-template.ts'
import { apiJson, apiRequest, failureMessage, getJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'

export const templateKeys = { all: ['email-templates'] as const, purposes: ['email-templates', 'purposes'] as const }

export const emailTemplatesQuery = queryOptions({
  queryKey: templateKeys.all,
  queryFn: async ({ signal }) => (await getJson<EmailTemplate[]>('/api/email-templates', { signal })) ?? [],
})

/** Which template each email the app sends uses. Under templateKeys.all, so saving or deleting a template reads it again. */
export const templatePurposesQuery = queryOptions({
  queryKey: templateKeys.purposes,
  queryFn: async ({ signal }) => (await getJson<TemplatePurpose[]>('/api/email-templates/purposes', { signal })) ?? [],
})

export function useChooseTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ purpose, templateId }: { purpose: AppTemplateName; templateId: number | null }) =>
      apiJson<TemplatePurpose[]>('PUT', `/api/email-templates/purposes/${purpose}`, { templateId }),
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
      id === undefined ? apiJson<EmailTemplate>('POST', '/api/email-templates', values) : apiJson<EmailTemplate>('PUT', `/api/email-templates/${id}`, values),
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
    mutationFn: (id: number) => apiRequest('DELETE', `/api/email-templates/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.all })
      notify('Success', 'Email template deleted successfully', 'success')
    },
    onError: (error) => notify('Failed to delete template', failureMessage(error, 'Please try again.'), 'error'),
  })
}
