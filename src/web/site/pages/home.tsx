import { BRAND } from '../../../shared/brand'
import { CallToAction, PageHero, Section, Steps } from '../components/page-bits'
import { absoluteUrl, imageUrl, type SitePage } from '../page'

const PROOF = [
  {
    figure: '+140',
    label: 'points',
    text: 'Average SAT gain, first official score to best, for the 212 students we tutored for the SAT in 2025.',
  },
  {
    figure: '+3.4',
    label: 'composite points',
    text: 'Average ACT gain, first official composite to best, for the 87 students we tutored for the ACT in 2025.',
  },
  {
    figure: '96%',
    label: 'on time',
    text: 'Of the applications our 2025 admissions students planned, 96% went in by their own internal deadline, a week before the real one.',
  },
] as const

const SERVICES = [
  {
    href: '/services/tutoring',
    name: 'SAT and ACT tutoring',
    more: 'More about tutoring',
    image: 'service-tutoring.svg',
    text: 'One-to-one tutoring planned from a full diagnostic test, with every practice score in your workspace so you can see what is working.',
  },
  {
    href: '/services/essays',
    name: 'College essay coaching',
    more: 'More about essay coaching',
    image: 'service-essays.svg',
    text: 'The personal statement and supplements, written by the student and sharpened through questions, not rewritten by us.',
  },
  {
    href: '/services/admissions',
    name: 'Admissions coaching',
    more: 'More about admissions coaching',
    image: 'service-admissions.svg',
    text: 'A balanced college list, a calendar the whole family can see, and applications that go in early and complete.',
  },
] as const

const TESTIMONIALS = [
  {
    quote:
      'We knew exactly where Maya stood every week. Her tutor showed us the practice scores and what they were working on next, so nobody had to guess. She went from 1250 to 1420 in four months.',
    who: 'Laura M., parent of a 2025 graduate',
  },
  {
    quote:
      'My essay coach never wrote a sentence for me. She kept asking what I actually meant until I found it. The final essay sounds like me, just clearer.',
    who: 'Daniel K., student, class of 2026',
  },
  {
    quote:
      'The college list was the part we were most anxious about. We ended with eleven schools we would all be happy with, and we could see the net price of every one before applying.',
    who: 'Ana and Tomás R., parents of a 2026 applicant',
  },
] as const

function HomeBody() {
  return (
    <>
      <PageHero
        eyebrow="SAT · ACT · College admissions"
        heading="Test prep and admissions coaching that shows its work"
        lead={
          <p>
            One-to-one SAT and ACT tutoring, college essay coaching and admissions planning for high-school
            students. Every plan starts from a real diagnostic, and every score lands in a shared workspace,
            so the student, the family and the coaches look at the same numbers.
          </p>
        }
        actions={
          <>
            <a href="/contact-us" className="btn btn-primary">
              Book a free consultation
            </a>
            <a href="/services/tutoring" className="btn btn-secondary">
              How tutoring works
            </a>
          </>
        }
        picture={
          <img
            src={imageUrl('hero-progress.svg')}
            alt="A line chart of practice-test scores rising over twelve weeks"
            width={480}
            height={360}
            className="h-auto w-full"
            fetchPriority="high"
          />
        }
      />

      <Section
        id="proof-heading"
        heading="What our students achieved in 2025"
        intro={
          <p>
            Numbers from our own records, counted the same way every year. Results vary with the starting
            point and the hours put in; we will tell you honestly what is realistic for your student.
          </p>
        }
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {PROOF.map((item) => (
            <li key={item.figure} className="card p-6">
              <p className="text-4xl font-bold tracking-tight text-primary">
                {item.figure} <span className="text-base font-semibold text-ink-muted">{item.label}</span>
              </p>
              <p className="mt-3 text-ink-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="services-heading" heading="Three services, one team" tone="white">
        <ul className="grid gap-6 md:grid-cols-3">
          {SERVICES.map((service) => (
            <li key={service.href} className="card flex flex-col overflow-hidden">
              <img
                src={imageUrl(service.image)}
                alt=""
                width={400}
                height={200}
                className="h-auto w-full border-b border-line bg-surface-warm"
                loading="lazy"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-xl font-semibold text-ink">{service.name}</h3>
                <p className="mt-2 flex-1 text-ink-muted">{service.text}</p>
                <a href={service.href} className="mt-4 font-semibold">
                  {service.more}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="how-heading"
        heading="How we work with a family"
        intro={<p>The same three steps whichever service you start with.</p>}
      >
        <Steps
          steps={[
            {
              title: 'A free consultation',
              text: 'Thirty minutes with a senior coach, by video or phone. We ask about goals, deadlines and what has been tried; you ask us anything.',
            },
            {
              title: 'A diagnostic and a written plan',
              text: 'A full-length practice test or an essay and transcript review, then a plan that names the hours, the target and the test dates.',
            },
            {
              title: 'Weekly work you can follow',
              text: 'Sessions with the same coach each week. Scores, documents and notes go into the student’s workspace, for the family to look at whenever they like.',
            },
          ]}
        />
      </Section>

      <Section id="voices-heading" heading="In families’ own words" tone="white">
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.who}>
              <figure className="card h-full p-6">
                <blockquote className="text-ink">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-ink-muted">{item.who}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <CallToAction />
    </>
  )
}

export const homePage = (): SitePage => ({
  path: '/',
  title: `${BRAND.name}: SAT and ACT tutoring, essay and admissions coaching`,
  description:
    'One-to-one SAT and ACT tutoring, college essay coaching and admissions planning, with every score in a shared workspace. Average SAT gain of 140 points across our 2025 students.',
  heading: 'Test prep and admissions coaching that shows its work',
  inSitemap: true,
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: BRAND.name,
      slogan: BRAND.tagline,
      url: absoluteUrl('/'),
      logo: absoluteUrl('/favicon.svg'),
      email: BRAND.email,
      telephone: BRAND.phone,
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: BRAND.email,
        telephone: BRAND.phone,
        availableLanguage: ['English'],
      },
    },
  ],
  body: <HomeBody />,
})
