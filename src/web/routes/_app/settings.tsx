import { createFileRoute } from '@tanstack/react-router'
import { ComingLater } from '../../components/layout/page-header'

export const Route = createFileRoute('/_app/settings')({
  component: () => <ComingLater title="Settings" description="Your name, bio and password." />,
})
