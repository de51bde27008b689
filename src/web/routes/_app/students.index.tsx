import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/students/')({
  component: () => <ComingLater title="Students" description="The students you work with." />,
})
