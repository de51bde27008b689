import { BRAND } from '../../../shared/brand'
import { type BlogPost, formatPostDate, postPath } from '../blog'
import { CallToAction, PageHero } from '../components/page-bits'
import { absoluteUrl, escapeHtml, type SitePage } from '../page'

function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="text-sm text-ink-muted">
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span aria-hidden="true"> · </span>
      {post.author}
      <span aria-hidden="true"> · </span>
      {post.readingMinutes} min read
    </p>
  )
}

function BlogIndexBody({ posts }: { posts: BlogPost[] }) {
  return (
    <>
      <PageHero
        eyebrow="Blog"
        heading="Notes on testing and admissions"
        lead={
          <p>
            Plain explanations of the tests and the application process, written by our tutors and coaches for
            students and parents. No hype, and we say where our numbers come from.
          </p>
        }
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ol className="max-w-4xl space-y-6">
          {posts.map((post) => (
            <li key={post.slug} className="card p-6">
              <article aria-labelledby={`post-${post.slug}`}>
                <h2 id={`post-${post.slug}`} className="text-xl font-semibold text-ink sm:text-2xl">
                  <a href={postPath(post.slug)} className="text-ink hover:text-primary">
                    {post.title}
                  </a>
                </h2>
                <div className="mt-1">
                  <PostMeta post={post} />
                </div>
                <p className="mt-3 text-ink-muted">{post.description}</p>
              </article>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-ink-muted">
          Follow new posts with the <a href="/blog/rss.xml">RSS feed</a>.
        </p>
      </div>
    </>
  )
}

function PostBody({ post }: { post: BlogPost }) {
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p>
          <a href="/blog" className="text-sm font-semibold">
            All posts
          </a>
        </p>
        <header className="mt-4 border-b border-line pb-6">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-3 text-lg text-ink-muted">{post.description}</p>
          <div className="mt-4">
            <PostMeta post={post} />
            <p className="text-sm text-ink-muted">{post.authorRole}</p>
          </div>
        </header>
        {/* Our own Markdown, rendered at build time (ADR 014). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted content from content/blog, built by us */}
        <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <CallToAction heading="Questions about your own plan?" />
    </>
  )
}

const RSS_LINK = `<link rel="alternate" type="application/rss+xml" title="${BRAND.name} blog" href="/blog/rss.xml">`

export const blogIndexPage = (posts: BlogPost[]): SitePage => ({
  path: '/blog',
  title: `Blog: notes on the SAT, ACT and college admissions | ${BRAND.name}`,
  description:
    'Plain explanations of the digital SAT, the enhanced ACT, superscoring and building a college list, written by Crestline Prep’s tutors and coaches.',
  heading: 'Notes on testing and admissions',
  inSitemap: true,
  head: RSS_LINK,
  body: <BlogIndexBody posts={posts} />,
})

export const postPage = (post: BlogPost): SitePage => ({
  path: postPath(post.slug),
  title: `${post.title} | ${BRAND.name}`,
  description: post.description,
  heading: post.title,
  ogType: 'article',
  inSitemap: true,
  head: `${RSS_LINK}<meta property="article:published_time" content="${post.date}"><meta property="article:author" content="${escapeHtml(post.author)}">`,
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description: post.description,
      datePublished: post.date,
      author: { '@type': 'Person', name: post.author, jobTitle: post.authorRole },
      publisher: { '@type': 'Organization', name: BRAND.name, logo: absoluteUrl('/favicon.svg') },
      mainEntityOfPage: absoluteUrl(postPath(post.slug)),
    },
  ],
  body: <PostBody post={post} />,
})
