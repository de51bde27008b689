import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/admin/students')({
  component: () => (
    <ComingLater title="Manage Students" description="Active students, their teams, and archiving." />
  ),
})
