import type { ReactNode } from 'react'

/** A page's opening: eyebrow, `<h1>`, lead paragraph, optional actions and picture. */
export function PageHero({
  eyebrow,
  heading,
  lead,
  actions,
  picture,
}: {
  eyebrow?: string
  heading: string
  lead: ReactNode
  actions?: ReactNode
  picture?: ReactNode
}) {
  return (
    <section className="border-b border-line bg-surface">
      <div
        className={`mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 ${picture ? 'lg:grid-cols-[3fr_2fr]' : ''}`}
      >
        <div className="max-w-3xl">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl">{heading}</h1>
          <div className="mt-5 text-lg text-ink-muted sm:text-xl">{lead}</div>
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        {picture ? <div className="hidden lg:block">{picture}</div> : null}
      </div>
    </section>
  )
}

export function Section({
  id,
  heading,
  intro,
  children,
  tone = 'plain',
}: {
  id: string
  heading: string
  intro?: ReactNode
  children: ReactNode
  tone?: 'plain' | 'white'
}) {
  return (
    <section aria-labelledby={id} className={tone === 'white' ? 'border-y border-line bg-surface' : ''}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {heading}
        </h2>
        {intro ? <div className="mt-3 max-w-3xl text-lg text-ink-muted">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  )
}

export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <svg
            aria-hidden="true"
            focusable="false"
            width={20}
            height={20}
            viewBox="0 0 20 20"
            className="mt-1 shrink-0 text-primary"
            fill="currentColor"
          >
            <path
              fillRule="evenodd"
              d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
            />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

export function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="card p-6">
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <h3 className="mt-3 text-lg font-semibold text-ink">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-ink-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  )
}

/** The call to action that ends every page (docs/product.md#look-and-accessibility). */
export function CallToAction({
  heading = 'Talk it through with us',
  text = 'A free, 30-minute consultation with a senior coach: we look at where the student is, where they want to be, and whether we are the right help. No obligation and no sales script.',
}: {
  heading?: string
  text?: string
}) {
  return (
    <section aria-labelledby="cta-heading" className="bg-ink text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {heading}
          </h2>
          <p className="mt-3 text-lg text-white/85">{text}</p>
        </div>
        <a href="/contact-us" className="btn btn-accent shrink-0">
          Book a free consultation
        </a>
      </div>
    </section>
  )
}
