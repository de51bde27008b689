import { createFileRoute } from '@tanstack/react-router'
import { inquiriesQueryOptions } from '../../features/inquiries/api/get-inquiries'
import {
  InquiriesError,
  InquiriesPage,
  InquiriesPending,
} from '../../features/inquiries/components/inquiries-page'

export const Route = createFileRoute('/_app/admin/inquiries')({
  loader: ({ context }) => context.queryClient.ensureQueryData(inquiriesQueryOptions()),
  component: InquiriesPage,
  pendingComponent: InquiriesPending,
  errorComponent: InquiriesError,
})
