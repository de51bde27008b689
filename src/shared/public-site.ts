/**
 * What the prerendered public pages (scripts/prerender) and the server that serves them
 * (src/server/plugins/web.ts) agree on (ADR 013).
 */

/** Filled in by the server at start: the build does not know its origin or image host. */
export const ORIGIN_TOKEN = '%APP_ORIGIN%'
export const IMAGES_TOKEN = '%IMAGES_BASE_URL%'

/**
 * A cookie page scripts may read, set beside the (HttpOnly) session cookie at login and cleared
 * at logout: it says only "probably logged in", so public pages offer the workspace instead of
 * "Log in". It grants nothing; the workspace still checks the session.
 */
export const SESSION_HINT_COOKIE = 'crestline_in'

/**
 * The one inline script of the public pages, before the first paint: marks the document as
 * having JavaScript, so the contact form (or, without JS, the email address and phone number)
 * shows without a layout shift, and as "in" when the session hint is there, so the header shows
 * "Open workspace" without a flash of "Log in". On /login with an invite it adds "invite" (the
 * invite check shows instead of the login card), and with a notice (`err`) "wait": the login
 * island shows the card once it has put the notice in, so nothing moves under the reader
 * (ADR 036). The server allows exactly this text by its hash in the CSP.
 */
export const JS_CLASS_SCRIPT = `var c=document.documentElement.classList,s=location.search;c.add('js');/(^|; )${SESSION_HINT_COOKIE}=1/.test(document.cookie)&&c.add('in');location.pathname=='/login'&&(/[?&]invite=[^&]/.test(s)?c.add('invite'):/[?&]err=/.test(s)&&c.add('wait'))`

/**
 * The one inline script of a workspace page the server rendered (ADR 058), last in its body: it
 * holds the app's scripts in its `data-entry` and `data-preload` attributes and adds them to the
 * document only once the page is on screen, as the browser reports its first paint (at once in a
 * hidden tab, which does not paint; after the next frame where paints are not reported; in any
 * case a second after `load`), so that neither fetching nor running them comes before the page
 * shows. The preloads go in three to a task, each insertion being a fetch the main thread
 * starts. Allowed by its hash in the CSP.
 */
export const AFTER_PAINT_SCRIPT = `(function(d,w){var s=d.currentScript,p=s.dataset,P=w.PerformanceObserver,go=function(){if(!p)return;var u=p.preload.split(' '),e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=p.entry;d.head.appendChild(e);p=null;(function next(){u.splice(0,3).forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});u.length&&setTimeout(next)})()};if(d.visibilityState=='hidden')go();else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){setTimeout(go)});w.addEventListener('load',function(){setTimeout(go,1000)});d.addEventListener('visibilitychange',go)})(document,window)`

/** One file of the prerendered output, listed in `dist/pages/manifest.json`. */
export interface PrerenderedFile {
  /** The URL path it answers, e.g. `/services/tutoring` or `/sitemap.xml`. */
  path: string
  /** File name inside `dist/pages`. */
  file: string
  contentType: string
  /** 404 for the not-found page, which answers unknown paths; otherwise 200. */
  status: number
}
