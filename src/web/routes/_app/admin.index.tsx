import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/admin/')({
  component: () => <ComingLater title="Admin" description="Students, users, invites and contact requests." />,
})
