import { BRAND } from '../../../shared/brand'
import { CallToAction, PageHero, Section } from '../components/page-bits'
import { imageUrl, type SitePage } from '../page'

const PRINCIPLES = [
  {
    title: 'Show the work',
    text: 'Every plan is written down, every score is recorded, and families can see both. If something is not working, the numbers show it early and we change course.',
  },
  {
    title: 'The student does the work',
    text: 'We teach, question and organize; students answer the questions, write the essays and make the choices. That is what colleges are admitting, and what lasts.',
  },
  {
    title: 'Honest advice, even when it costs us',
    text: 'We say when more tutoring is unlikely to help, when a college is a long shot, and when a family would be better served by the free help at school.',
  },
  {
    title: 'Care with young people’s data',
    text: 'Most of our students are under 18. We collect what the work needs, share it only with the student’s family and team, and never sell it.',
  },
] as const

const TEAM = [
  {
    name: 'Elena Marsh',
    role: 'Founder and head of admissions coaching',
    bio: 'Read applications for eight years in a selective university’s admissions office before founding Crestline Prep in 2016.',
  },
  {
    name: 'Marcus Oyelaran',
    role: 'Director of test preparation',
    bio: 'A former high-school math teacher who has tutored the SAT and ACT for eleven years and writes most of our practice material.',
  },
  {
    name: 'Priya Natarajan',
    role: 'Lead essay coach',
    bio: 'Taught first-year writing at a state university for six years. Believes every student has a story worth telling and a clear way to tell it.',
  },
  {
    name: 'Sam Whitfield',
    role: 'Verbal tutor and ACT specialist',
    bio: 'Scored in the 99th percentile on both tests and spends most weeks helping students do calmly what they already know how to do.',
  },
] as const

function AboutBody() {
  return (
    <>
      <PageHero
        eyebrow={`About ${BRAND.name}`}
        heading="A small team that shows its work"
        lead={
          <p>
            {BRAND.name} began in 2016 with one admissions coach and a spreadsheet of students’ scores. Today
            we are eighteen tutors and coaches working with about 450 students a year, online and in person,
            and we still keep score the same way: openly, with the family.
          </p>
        }
        picture={
          <img
            src={imageUrl('about-team.svg')}
            alt="Illustration of a coach and a student working side by side at a table"
            width={400}
            height={300}
            className="h-auto w-full"
            fetchPriority="high"
          />
        }
      />
      <Section id="principles-heading" heading="What we believe">
        <ul className="grid gap-6 md:grid-cols-2">
          {PRINCIPLES.map((item) => (
            <li key={item.title} className="card p-6">
              <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
              <p className="mt-2 text-ink-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="team-heading"
        heading="Who you will work with"
        intro={
          <p>
            Every tutor and coach is employed by us, trained in our methods and background-checked before
            working with students. These are the people who lead each team.
          </p>
        }
        tone="white"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((person) => (
            <li key={person.name}>
              <h3 className="text-lg font-semibold text-ink">{person.name}</h3>
              <p className="text-sm font-semibold text-primary">{person.role}</p>
              <p className="mt-2 text-ink-muted">{person.bio}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="numbers-heading" heading="How we count our results">
        <div className="max-w-3xl space-y-4 text-lg">
          <p>
            The score gains on our home page compare each student’s first official score with their best
            official score, counting every student who finished a tutoring plan in the year, not only the
            successes. Practice tests are not counted. Students who took only one official test are left out,
            and we say how many there were.
          </p>
          <p>
            We publish these numbers each January for the year before. If you would like the distribution
            rather than the average, ask us: we are happy to share it.
          </p>
        </div>
      </Section>
      <CallToAction heading="Meet us before you decide" />
    </>
  )
}

export const aboutPage = (): SitePage => ({
  path: '/about-us',
  title: `About us | ${BRAND.name}`,
  description:
    'Crestline Prep is a team of eighteen tutors and coaches, founded in 2016 by a former admissions reader. How we work, who we are and how we count our results.',
  heading: 'A small team that shows its work',
  inSitemap: true,
  body: <AboutBody />,
})
