import { createFileRoute, Link } from '@tanstack/react-router'
import { BRAND } from '../../../shared/brand'
import { usePageTitle } from '../../lib/use-page-title'

export const Route = createFileRoute('/_marketing/')({
  component: HomePage,
})

const SERVICES = [
  {
    name: 'Tutoring',
    summary: 'One-to-one SAT and ACT preparation, planned from a diagnostic test and tracked score by score.',
  },
  {
    name: 'Essays',
    summary: 'Coaching on the personal statement and supplements, in drafts you write and we question.',
  },
  {
    name: 'Admissions',
    summary: 'A college list, deadlines and applications planned with the student and the family.',
  },
] as const

function HomePage() {
  usePageTitle()
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
      <section className="max-w-3xl">
        <p className="mb-3 inline-block rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent-ink">
          SAT · ACT · College admissions
        </p>
        <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{BRAND.name}</h1>
        <p className="mt-4 text-xl text-ink-muted">{BRAND.tagline}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          {/* Plain link: the contact page arrives with the public site. */}
          <a href="/contact-us" className="btn btn-primary">
            Book a free consultation
          </a>
          <Link to="/login" className="btn btn-secondary">
            Log in
          </Link>
        </div>
      </section>
      <section aria-labelledby="services-heading" className="mt-16">
        <h2 id="services-heading" className="text-2xl font-semibold">
          What we do
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {SERVICES.map((service) => (
            <li key={service.name} className="card p-5">
              <h3 className="text-lg font-semibold">{service.name}</h3>
              <p className="mt-2 text-ink-muted">{service.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
