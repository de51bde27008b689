import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/users/$uuid')({
  component: () => (
    <ComingLater
      title="User profile"
      description="One person: their roles and the students they work with."
    />
  ),
})
