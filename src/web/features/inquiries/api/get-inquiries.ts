import { queryOptions } from '@tanstack/react-query'
import { inquiryListSchema } from '../../../../shared/contact'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const getInquiries = () => apiFetch('/v1/inquiries', { schema: inquiryListSchema })

export const inquiriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.inquiries.all, queryFn: getInquiries, select: (data) => data.inquiries })
