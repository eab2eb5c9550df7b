// router.js: History-API routing for the single-page app. The server answers index.html for
// every GET outside /api/, /assets/, /healthz and /openapi.json, so these URLs work when
// opened directly, bookmarked or reloaded:
//
//   /                        home: the four apps and the photo library
//   /recognizer              Object Recognizer: live camera, shutter, choose image, face scan
//   /recognizer/history      Object Recognizer: saved captures (grouping by category)
//   /waste                   WasteGuard: consent gate, modes, photo / image / live view
//   /waste/overview          WasteGuard: what the installed models recognise
//   /waste/settings          WasteGuard: municipality, tally, consent
//   /cat                     Cat Scanner: scan a photo, top-3 breeds
//   /cat/history             Cat Scanner: saved scans
//   /breeds                  cat breed encyclopaedia: search, filters, favourites
//   /breeds/<name>           one breed (name URL-encoded, e.g. /breeds/Maine%20Coon)
//   /kitchen                 Kitchen: ingredient list and recipe search
//   /kitchen/recipes/<id>    one recipe
//   /kitchen/favourites      favourite recipes
//   /kitchen/shopping-list   shopping list
//   /library                 photo library: progress, search (?q=), photos like a chosen one
//   /library/photos/<id>     one photo of the library: labels, faces, similar photos
//
// Any other path shows the "page not found" page.
import { hideError } from './ui/notices.js';

export class Router {
  /** routes: [{ pattern: RegExp, page }]; a page is { title(params), back, render(ctx) }. */
  constructor(routes, notFound, { main, onRoute }) {
    this.routes = routes;
    this.notFound = notFound;
    this.main = main;
    this.onRoute = onRoute;
    this.cleanup = null;
    this.generation = 0;
    window.addEventListener('popstate', () => this.render({ focus: true }));
    document.addEventListener('click', (event) => this.intercept(event));
  }

  intercept(event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target.closest('a[href]');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/')) return;
    event.preventDefault();
    this.navigate(url.pathname + url.search + url.hash);
  }

  /** Goes to an in-app URL (pushing a history entry unless `replace`). Each entry records how
   *  many in-app pages lie behind it, so the back arrow knows whether it can go back. */
  navigate(path, { replace = false } = {}) {
    if (path === location.pathname + location.search && !replace) return;
    const depth = (history.state && history.state.depth) || 0;
    if (replace) history.replaceState({ depth }, '', path);
    else history.pushState({ depth: depth + 1 }, '', path);
    this.render({ focus: true });
  }

  /** The back arrow: back to the page the user came from when it was one of the app's pages,
   *  otherwise to `fallback` (the page's parent). */
  back(fallback) {
    if (history.state && history.state.depth > 0) history.back();
    else if (fallback) this.navigate(fallback);
  }

  match(pathname) {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    for (const route of this.routes) {
      const found = route.pattern.exec(path);
      if (found) {
        try {
          return { page: route.page, params: found.slice(1).map(decodeURIComponent) };
        } catch {
          return { page: this.notFound, params: [] };
        }
      }
    }
    return { page: this.notFound, params: [] };
  }

  /** Renders the current URL's page, after the previous page has cleaned up (camera, sockets). */
  async render({ focus = false } = {}) {
    const generation = ++this.generation;
    if (this.cleanup) {
      try {
        this.cleanup();
      } catch {
        // A page that fails to clean up must not block the next one.
      }
    }
    this.cleanup = null;
    hideError();
    for (const dialog of document.querySelectorAll('dialog[open]')) dialog.close();
    const { page, params } = this.match(location.pathname);
    const query = new URLSearchParams(location.search);
    this.main.replaceChildren();
    this.main.dataset.page = page.id;
    const title = page.title(params);
    document.title = `${title} · Sightline`;
    this.onRoute({ page, params, title });
    const root = document.createElement('div');
    root.className = `page page--${page.id}`;
    this.main.append(root);
    const ctx = {
      root,
      params,
      query,
      navigate: (path, options) => this.navigate(path, options),
      isCurrent: () => generation === this.generation,
    };
    const cleanup = await page.render(ctx);
    if (generation !== this.generation) {
      if (typeof cleanup === 'function') cleanup();
      return;
    }
    this.cleanup = typeof cleanup === 'function' ? cleanup : null;
    if (focus) {
      const heading = document.getElementById('page-title');
      if (heading) heading.focus({ preventScroll: true });
      window.scrollTo(0, 0);
    }
  }
}
