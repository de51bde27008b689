import { useMutation, useQueryClient } from '@tanstack/react-query'
import { documentSchema, type StudentDocument } from '../../shared/documents'
import { failedAnswer, ResponseValidationError } from './api-client'
import { invalidateRecord } from './invalidate-record'

export interface DocumentUpload {
  file: File
  /** The file's name when left empty. */
  name?: string
  hidden?: boolean
  pinned?: boolean
}

/** Headers of an XMLHttpRequest answer, as the fetch client's errors carry them. */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers()
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':')
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
  }
  return headers
}

/**
 * A file upload with progress: XMLHttpRequest, because fetch cannot report how much of a request
 * body has been sent. Errors are the same ApiError the fetch client throws.
 */
export function uploadDocument(
  studentUuid: string,
  { file, name, hidden, pinned }: DocumentUpload,
  onProgress: (fraction: number) => void,
): Promise<StudentDocument> {
  const url = `/api/v1/students/${encodeURIComponent(studentUuid)}/documents`
  const form = new FormData()
  // Fields before the file, so the server reads them before the long part.
  if (name) form.append('name', name)
  if (hidden !== undefined) form.append('hidden', String(hidden))
  if (pinned !== undefined) form.append('pinned', String(pinned))
  form.append('file', file)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    })
    xhr.addEventListener('error', () => reject(new TypeError('Network error')))
    xhr.addEventListener('abort', () => reject(new TypeError('Upload stopped')))
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failedAnswer(xhr.status, xhr.responseText, headersOf(xhr)))
        return
      }
      try {
        const parsed = documentSchema.safeParse(JSON.parse(xhr.responseText))
        if (parsed.success) resolve(parsed.data)
        else reject(new ResponseValidationError(url, parsed.error.issues))
      } catch {
        reject(
          new ResponseValidationError(url, [
            { code: 'custom', path: [], message: 'The answer is not JSON.', input: xhr.responseText },
          ]),
        )
      }
    })
    xhr.send(form)
  })
}

export function useUploadDocument(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      upload,
      onProgress,
    }: {
      upload: DocumentUpload
      onProgress: (fraction: number) => void
    }) => uploadDocument(studentUuid, upload, onProgress),
    onSuccess: () => invalidateRecord(queryClient, studentUuid),
  })
}
