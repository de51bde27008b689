import { BRAND } from '../../../shared/brand'
import { CallToAction, CheckList, PageHero, Section, Steps } from '../components/page-bits'
import { imageUrl, type SitePage } from '../page'

interface ServiceCopy {
  slug: 'tutoring' | 'essays' | 'admissions'
  title: string
  description: string
  eyebrow: string
  heading: string
  lead: string
  image: { key: string; alt: string }
  forWhom: { intro: string; items: string[] }
  offered: string[]
  steps: { title: string; text: string }[]
  effort: { heading: string; paragraphs: string[] }
  fees: string[]
  faq: { q: string; a: string }[]
}

const SERVICES: ServiceCopy[] = [
  {
    slug: 'tutoring',
    title: `SAT and ACT tutoring | ${BRAND.name}`,
    description:
      'One-to-one SAT and ACT tutoring planned from a full diagnostic test, with weekly sessions, official practice tests and every score tracked in a shared workspace.',
    eyebrow: 'SAT and ACT tutoring',
    heading: 'One-to-one SAT and ACT tutoring, planned from a real diagnostic',
    lead: 'We start with a full-length, timed practice test, decide with you which test suits the student, and build a plan around the sections where points are easiest to win. Every practice and official score goes into the student’s workspace, so progress is visible week by week.',
    image: { key: 'service-tutoring.svg', alt: 'A practice-test answer sheet beside a rising score line' },
    forWhom: {
      intro:
        'Most of our students start in the spring of 10th grade or the summer before 11th. Tutoring suits students who:',
      items: [
        'Are preparing for a first official SAT or ACT and want to walk in knowing the format',
        'Have a score and want to raise it for a particular college’s middle 50% range',
        'Are unsure whether the SAT or the enhanced ACT suits them better',
        'Have accommodations (extended time, breaks) and need to practice with them',
      ],
    },
    offered: [
      'A full-length diagnostic, reviewed question by question with the student',
      'A written plan: target score, test dates, hours per week',
      'Weekly 60- or 90-minute sessions with the same tutor',
      'Official practice tests in Bluebook or from ACT, taken under real timing',
      'Every score in the workspace, with superscores worked out for you',
      'A short written note after each session for the student and parents',
    ],
    steps: [
      {
        title: 'Diagnostic',
        text: 'A timed, full-length practice SAT or ACT (or both, if the choice is open), scored and reviewed in a 60-minute session.',
      },
      {
        title: 'Plan',
        text: 'We agree a target, the official test dates and the number of sessions. Most plans are 16 to 24 sessions over three to five months.',
      },
      {
        title: 'Practice and review',
        text: 'Weekly sessions, homework of about two hours a week, and a full practice test every three to four weeks to check the plan is working.',
      },
    ],
    effort: {
      heading: 'What it takes',
      paragraphs: [
        'Tutoring works when the practice between sessions happens. Plan for one session and about two hours of homework a week, plus a Saturday morning for each full practice test.',
        'We will tell you when progress stalls, and why. If more sessions are unlikely to help, we will say so rather than sell them.',
      ],
    },
    fees: [
      '$145 per 60-minute session, $210 per 90-minute session.',
      'The diagnostic test and its review session are free with a plan of 12 sessions or more.',
      'Need-based rates are available; ask during the consultation.',
    ],
    faq: [
      {
        q: 'SAT or ACT?',
        a: 'Colleges accept either equally. After the diagnostic we compare the student’s results on both formats and recommend one; most students do better focusing on a single test.',
      },
      {
        q: 'Online or in person?',
        a: 'Both. Online sessions use a shared whiteboard and the same official practice materials; most families choose online after the first few weeks.',
      },
    ],
  },
  {
    slug: 'essays',
    title: `College essay coaching | ${BRAND.name}`,
    description:
      'Coaching on the Common App personal statement and supplemental essays: students write every word, and our coaches help them find the story and make it clear.',
    eyebrow: 'College essay coaching',
    heading: 'Essays in the student’s own voice, made clear',
    lead: 'Admissions readers spend a few minutes on each essay. Ours is the work of helping a student find what they want to say and say it plainly: through questions, structure and honest feedback on each draft. We never write or rewrite an essay for a student.',
    image: { key: 'service-essays.svg', alt: 'An essay draft with margin notes and a pencil' },
    forWhom: {
      intro: 'Essay coaching suits rising seniors who:',
      items: [
        'Have not yet found a topic for the Common App personal statement',
        'Have a draft that says what they did but not who they are',
        'Face a long list of supplements and want a plan to reuse ideas honestly',
        'Are applying early (ED or EA) and need to finish by mid-October',
      ],
    },
    offered: [
      'A brainstorming session built on questions, not templates',
      'A map of every essay prompt on the student’s list, with word limits and deadlines',
      'Written feedback on each draft within three working days',
      'Live editing sessions on structure, openings and endings',
      'A final proofread for grammar and consistency',
      'Drafts and feedback kept in the student’s workspace, with their history',
    ],
    steps: [
      {
        title: 'Find the material',
        text: 'Two brainstorming sessions that collect stories, values and details. The student leaves with three or four workable topics.',
      },
      {
        title: 'Draft and question',
        text: 'The student writes; the coach responds with questions and notes. A personal statement usually takes four to six drafts.',
      },
      {
        title: 'Supplements and polish',
        text: 'We plan the supplements together so each one adds something new, then proofread everything before it is submitted.',
      },
    ],
    effort: {
      heading: 'What it takes',
      paragraphs: [
        'Plan on three to five hours of writing a week in the summer before senior year. Starting in June leaves room for a false start; starting in October does not.',
        'Good essays come from many drafts. Expect the first one to be rough: that is the point of it.',
      ],
    },
    fees: [
      'Personal statement package: $1,150 (six sessions and written feedback on every draft).',
      'Supplements: $95 per hour, usually 6 to 12 hours for a list of ten colleges.',
      'Need-based rates are available; ask during the consultation.',
    ],
    faq: [
      {
        q: 'Will you edit my essay?',
        a: 'We point out what is unclear, what is missing and what can go, and we correct grammar in the final proofread. The sentences stay the student’s own, as every college requires.',
      },
      {
        q: 'Do you use AI to write essays?',
        a: 'No. We do not write essays, with or without AI, and we talk with students about their colleges’ policies on AI tools.',
      },
    ],
  },
  {
    slug: 'admissions',
    title: `Admissions coaching | ${BRAND.name}`,
    description:
      'Admissions coaching from 10th grade to decision day: a balanced college list, a shared calendar of deadlines, activities and recommendations planned, applications submitted early.',
    eyebrow: 'Admissions coaching',
    heading: 'A college list you believe in and applications that go in early',
    lead: 'Admissions coaching brings the parts of applying together: the list, the tests, the activities, the essays, the recommendations and the deadlines. We work with the student and keep parents informed, so the family makes the big decisions with the facts in front of them.',
    image: {
      key: 'service-admissions.svg',
      alt: 'A calendar with application deadlines marked beside a list of colleges',
    },
    forWhom: {
      intro: 'Admissions coaching suits families who:',
      items: [
        'Are starting in 10th or 11th grade and want a plan rather than a rush',
        'Need a college list balanced between reach, target and likely schools',
        'Want to understand cost and financial aid before applying, not after',
        'Are weighing early decision and want to know what it commits them to',
      ],
    },
    offered: [
      'A college list built from data: admit rates, score ranges and net price',
      'A shared calendar of every deadline, with our own internal deadlines a week earlier',
      'Advice on course choices, testing plans and activities',
      'Help asking for recommendations, and a brag sheet for counselors',
      'Interview practice and help comparing offers and aid letters',
      'Everything tracked in the student’s workspace, shared with the family',
    ],
    steps: [
      {
        title: 'Family meeting',
        text: 'A 90-minute meeting with the student and parents about goals, budget, transcript and testing. We write up what we heard.',
      },
      {
        title: 'The list and the calendar',
        text: 'A first list of 15 to 20 colleges to research and visit, trimmed to 8 to 12, and a calendar every family member can see.',
      },
      {
        title: 'Applications',
        text: 'Monthly check-ins through junior year, weekly ones from August of senior year until the last application is in.',
      },
    ],
    effort: {
      heading: 'What it takes',
      paragraphs: [
        'The student does the applying; we keep it on track. Expect a monthly meeting in junior year and a weekly one in the autumn of senior year.',
        'We do not promise admission anywhere. Anyone who does is guessing. We promise a sound list, a clear plan and applications finished early.',
      ],
    },
    fees: [
      'Full program (10th or 11th grade to decisions): $4,800, payable in monthly instalments.',
      'Senior-year program (from June before senior year): $3,400.',
      'Hourly advice: $160 per hour. Need-based rates are available.',
    ],
    faq: [
      {
        q: 'How early should we start?',
        a: 'The spring of 10th grade is ideal: it leaves time to plan courses and testing. Starting in the summer before senior year still works well with a tighter schedule.',
      },
      {
        q: 'Do you work with school counselors?',
        a: 'Yes. We support the counselor’s work rather than replace it, and encourage students to keep their counselor informed.',
      },
    ],
  },
]

function ServiceBody({ service }: { service: ServiceCopy }) {
  return (
    <>
      <PageHero
        eyebrow={service.eyebrow}
        heading={service.heading}
        lead={<p>{service.lead}</p>}
        actions={
          <a href="/contact-us" className="btn btn-primary">
            Book a free consultation
          </a>
        }
        picture={
          <img
            src={imageUrl(service.image.key)}
            alt={service.image.alt}
            width={400}
            height={200}
            className="h-auto w-full rounded-xl border border-line"
            fetchPriority="high"
          />
        }
      />
      <Section id="for-whom-heading" heading="Who it is for" intro={<p>{service.forWhom.intro}</p>}>
        <CheckList items={service.forWhom.items} />
      </Section>
      <Section id="offered-heading" heading="What you get" tone="white">
        <CheckList items={service.offered} />
      </Section>
      <Section id="steps-heading" heading="How it works">
        <Steps steps={service.steps} />
      </Section>
      <Section id="effort-heading" heading={service.effort.heading} tone="white">
        <div className="grid gap-10 md:grid-cols-2">
          <div className="space-y-4 text-lg">
            {service.effort.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <div className="card bg-surface-warm p-6">
            <h3 className="text-lg font-semibold text-ink">Fees</h3>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-muted">
              {service.fees.map((fee) => (
                <li key={fee}>{fee}</li>
              ))}
            </ul>
          </div>
        </div>
      </Section>
      <Section id="faq-heading" heading="Common questions">
        <dl className="grid gap-6 md:grid-cols-2">
          {service.faq.map((item) => (
            <div key={item.q}>
              <dt className="text-lg font-semibold text-ink">{item.q}</dt>
              <dd className="mt-2 text-ink-muted">{item.a}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <CallToAction />
    </>
  )
}

export const servicePages = (): SitePage[] =>
  SERVICES.map((service) => ({
    path: `/services/${service.slug}`,
    title: service.title,
    description: service.description,
    heading: service.heading,
    inSitemap: true,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: service.eyebrow,
        description: service.description,
        provider: { '@type': 'Organization', name: BRAND.name },
        areaServed: 'US',
      },
    ],
    body: <ServiceBody service={service} />,
  }))
