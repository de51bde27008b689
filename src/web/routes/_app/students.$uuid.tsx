import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/students/$uuid')({
  component: () => <ComingLater title="Student" description="Team, documents, SAT scores and ACT scores." />,
})
