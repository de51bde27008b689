import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/admin/users')({
  component: () => (
    <ComingLater title="Manage Users" description="Invite people, and change who holds which role." />
  ),
})
