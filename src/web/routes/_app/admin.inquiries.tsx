import { createFileRoute } from '@tanstack/react-router'
import { InquiriesPage } from '../../features/inquiries/components/inquiries-page'

export const Route = createFileRoute('/_app/admin/inquiries')({
  component: InquiriesPage,
})
