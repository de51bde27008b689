import { queryOptions } from '@tanstack/react-query'
import { inquiryListSchema } from '../../../../shared/contact'
import { apiFetch } from '../../../lib/api-client'

export const getInquiries = () => apiFetch('/v1/inquiries', { schema: inquiryListSchema })

export const inquiriesQueryOptions = () =>
  queryOptions({ queryKey: ['inquiries'], queryFn: getInquiries, select: (data) => data.inquiries })
