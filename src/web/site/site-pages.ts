import type { BlogPost } from './blog'
import type { SitePage } from './page'
import { aboutPage } from './pages/about'
import { blogIndexPage, postPage } from './pages/blog'
import { contactPage } from './pages/contact'
import { homePage } from './pages/home'
import { legalPage } from './pages/legal'
import { loginPage } from './pages/login'
import { notFoundPage } from './pages/not-found'
import { servicePages } from './pages/services'

/** Every prerendered page, the not-found page last (ADR 013). */
export function sitePages(posts: BlogPost[]): SitePage[] {
  return [
    homePage(),
    ...servicePages(),
    aboutPage(),
    contactPage(),
    legalPage(),
    blogIndexPage(posts),
    ...posts.map(postPage),
    loginPage(),
    notFoundPage(),
  ]
}
