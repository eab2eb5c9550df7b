// library.js: the photo library — how far its analysis is (photos analysed, waiting, failed,
// the workers and their rate, refreshed while work is going on), search by label or category
// ("cat", "food") with a thumbnail per photo, and "find photos like this one" for a photo the
// user brings. The search lives in the URL (/library?q=cat); a photo opens /library/photos/<id>.
import { h, icon, link, replace } from '../dom.js';
import { t, percent } from '../i18n.js';
import { api } from '../api.js';
import { fileButton, loadingState, emptyState, errorState } from '../ui/components.js';

/** How often the progress is refreshed while photos are waiting or being analysed, in ms. */
const STATUS_REFRESH_MS = 5000;

/** One photo as a square thumbnail linking to its page, with a caption line; a file gone since
 *  it was analysed shows an image icon instead. */
export function photoTile(photo, caption, test) {
  const name = photo.file.split('/').pop();
  return h('li', { class: 'photo-tile', test, dataset: { id: photo.id } },
    link(`/library/photos/${photo.id}`, [
      h('img', {
        class: 'photo-tile__image', src: `/api/v1/library/photos/${photo.id}/thumbnail`, alt: caption ? `${name}: ${caption}` : name, loading: 'lazy',
        on: { error: (event) => event.target.replaceWith(h('span', { class: 'photo-tile__image photo-tile__image--missing', test: 'photo-tile-missing', role: 'img', 'aria-label': t('library.pictureMissing'), title: t('library.pictureMissing') }, icon('image'))) },
      }),
      h('span', { class: 'photo-tile__caption', text: caption || name }),
    ], { class: 'photo-tile__link', title: photo.file }));
}

/** The photos of a "similar" answer as tiles captioned with how alike they look. */
export function similarTiles(results, test) {
  return h('ul', { class: 'photo-grid' }, results.map((result) => photoTile(result, t('library.distance', { distance: result.distance.toFixed(2) }), test)));
}

function statusText(status) {
  if (status.total === 0) return t('library.statusEmpty');
  const parts = [t('library.statusDone', { done: status.done, total: status.total })];
  const waiting = status.pending + status.leased + status.expired;
  if (waiting > 0) parts.push(t('library.statusWaiting', { count: waiting }));
  if (status.failed > 0) parts.push(t('library.statusFailed', { count: status.failed }));
  if (status.workers.length > 0) {
    parts.push(t('library.statusWorkers', { count: status.workers.length, rate: status.photos_per_second.toFixed(1) }));
  }
  return parts.join(' · ');
}

export default {
  id: 'library',
  title: () => t('library.title'),
  back: '/',
  async render({ root, query, isCurrent }) {
    let text = query.get('q') || '';
    let requestTicket = 0;
    let statusTimer = null;
    const status = h('p', { class: 'library-status', test: 'library-status', role: 'status' });
    const failures = h('div', { test: 'library-failures' });
    const results = h('div', { test: 'library-results', 'aria-live': 'polite' });
    const count = h('p', { class: 'muted', test: 'library-count' });

    const loadStatus = async () => {
      clearTimeout(statusTimer);
      try {
        const answer = await api.get('library/status');
        if (!isCurrent()) return;
        status.textContent = statusText(answer);
        status.dataset.total = answer.total;
        status.dataset.done = answer.done;
        replace(failures, answer.recent_failures.length
          ? h('details', { class: 'filters', test: 'library-failure-list' },
            h('summary', {}, icon('alert'), h('span', { text: t('library.failuresTitle') })),
            h('ul', { class: 'plain-list' }, answer.recent_failures.map((failure) => h('li', { test: 'library-failure' },
              h('strong', { text: failure.file.split('/').pop() }), ` — ${failure.error}`))))
          : null);
        if (answer.pending + answer.leased + answer.expired > 0) statusTimer = setTimeout(loadStatus, STATUS_REFRESH_MS);
      } catch (error) {
        if (isCurrent()) status.textContent = error.message;
      }
    };

    const search = async () => {
      const ticket = ++requestTicket;
      const q = text.trim();
      history.replaceState(null, '', `/library${q ? `?q=${encodeURIComponent(q)}` : ''}`);
      if (!q) {
        count.textContent = '';
        replace(results, emptyState(t('library.searchHint'), { test: 'library-hint', iconName: 'search' }));
        return;
      }
      replace(results, loadingState());
      try {
        const answer = await api.get('library/search', { q });
        if (ticket !== requestTicket || !isCurrent()) return;
        const matches = answer.matches || [];
        count.textContent = t('library.count', { count: matches.length });
        replace(results, matches.length
          ? h('ul', { class: 'photo-grid' }, matches.map((match) => photoTile(match, `${match.label} ${percent(match.confidence)}`, 'library-match')))
          : emptyState(t('library.none', { text: q }), { test: 'library-none', iconName: 'search' }));
      } catch (error) {
        if (ticket !== requestTicket) return;
        count.textContent = '';
        replace(results, errorState(error, search));
      }
    };

    const findSimilar = async (file) => {
      const ticket = ++requestTicket;
      count.textContent = '';
      replace(results, loadingState(t('library.comparing')));
      try {
        const answer = await api.upload('library/similar', file);
        if (ticket !== requestTicket || !isCurrent()) return;
        count.textContent = t('library.similarTo', { name: file.name || t('library.yourPhoto') });
        replace(results, answer.results.length
          ? similarTiles(answer.results, 'library-similar')
          : emptyState(t('library.noSimilar'), { test: 'library-none', iconName: 'image' }));
      } catch (error) {
        if (ticket !== requestTicket) return;
        replace(results, errorState(error, null, 'library-error'));
      }
    };

    let debounce = null;
    const input = h('input', {
      type: 'search', id: 'library-search', class: 'input', test: 'library-search', value: text,
      placeholder: t('library.searchPlaceholder'), autocomplete: 'off',
      on: {
        input: (event) => {
          text = event.target.value;
          clearTimeout(debounce);
          debounce = setTimeout(search, 300);
        },
      },
    });

    root.append(
      status,
      failures,
      h('form', { class: 'search-form', role: 'search', on: { submit: (event) => { event.preventDefault(); clearTimeout(debounce); search(); } } },
        h('label', { for: 'library-search', class: 'visually-hidden', text: t('library.search') }),
        h('div', { class: 'search-field' }, icon('search'), input)),
      h('div', { class: 'toolbar' }, fileButton(t('library.findSimilar'), findSimilar, { test: 'library-similar-button', inputTest: 'library-file-input' })),
      count,
      results);
    await Promise.all([loadStatus(), search()]);
    return () => {
      clearTimeout(debounce);
      clearTimeout(statusTimer);
    };
  },
};
