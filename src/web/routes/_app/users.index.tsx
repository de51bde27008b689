import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/users/')({
  component: () => (
    <ComingLater
      title="Users"
      description="Everyone with an account: students, educators, financial-aid officers and admins."
    />
  ),
})
