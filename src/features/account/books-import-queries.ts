// The CSV import's two calls (api/contract/books-import.ts): the file is sent as it is, typed text/csv.
import { useMutation } from '@tanstack/react-query'
import { api, okJson } from '../../lib/api.ts'

const asCsv = (file: Blob) => ({ init: { body: file, headers: { 'content-type': 'text/csv' } } })

/** What the file would change, line by line; nothing is written. */
export const usePreviewBooksImport = () =>
  useMutation({
    mutationFn: (file: Blob) => okJson(api.imports['inventory.csv'].preview.$post(undefined, asCsv(file))),
  })

/** Makes the changes; the listings' new values reach the screens through the live events, as any edit's do. */
export const useApplyBooksImport = () =>
  useMutation({ mutationFn: (file: Blob) => okJson(api.imports['inventory.csv'].$post(undefined, asCsv(file))) })
