import type { DocumentFileType } from '../../shared/documents'

/** The extension a downloaded file gets when its name lacks the one its type calls for. */
const EXTENSIONS: Record<DocumentFileType, string[]> = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-excel': ['xls'],
  'text/plain': ['txt', 'text', 'md', 'csv'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/heic': ['heic', 'heif'],
}

/** The name with the extension of its checked type, so a renamed file downloads as what it is. */
export function downloadName(name: string, type: string): string {
  const extensions = EXTENSIONS[type as DocumentFileType]
  if (!extensions) return name
  const current = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : ''
  return extensions.includes(current) ? name : `${name}.${extensions[0]}`
}

/**
 * `Content-Disposition` per RFC 6266: a plain-ASCII `filename` for old clients (anything else,
 * quotes and backslashes become `_`) and the exact name as UTF-8 in `filename*` (RFC 8187).
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
