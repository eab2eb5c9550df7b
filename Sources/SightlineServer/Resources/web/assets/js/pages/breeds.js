// breeds.js: the cat breed encyclopaedia — search by name, filters by trait (size, coat, kind,
// good with children or pets, hypoallergenic, recognisable by the scanner, favourites), each
// entry with its summary, its picture when one is installed, a mark when the Cat Scanner can
// recognise it, and a favourite star.
// The search and filters live in the URL (/breeds?q=…&size=…), so a search can be bookmarked.
import { h, icon, link, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { loadingState, emptyState, errorState } from '../ui/components.js';
import { favouriteButton } from './breed-favourite.js';
import { breedPath } from './cat.js';
import { breedPhoto } from './breed.js';

const SELECT_FILTERS = [
  { key: 'size', values: ['small', 'medium', 'large'] },
  { key: 'coat', values: ['hairless', 'short', 'medium', 'long', 'varies'] },
  { key: 'kind', values: ['breed', 'coat-pattern', 'colour-variety', 'wild-species', 'non-pedigree'] },
];
const BOOLEAN_FILTERS = ['children', 'pets', 'hypoallergenic', 'recognised', 'favourite'];

function breedCard(breed) {
  return h('li', { class: 'breed-card', test: 'breed-card', dataset: { name: breed.name } },
    breedPhoto(breed, { size: 'thumb' }),
    h('div', { class: 'breed-card__text' },
      h('h2', { class: 'breed-card__name' }, link(breedPath(breed.name), breed.display_name || breed.name, { test: 'breed-link' })),
      h('p', { class: 'breed-card__summary', text: breed.summary }),
      h('p', { class: 'chips' },
        breed.kind && breed.kind !== 'breed' ? h('span', { class: 'chip chip--warn', text: t(`breed.kind.${breed.kind}`) }) : null,
        h('span', { class: 'chip', text: t(`breed.size.${breed.size}`) }),
        h('span', { class: 'chip', text: t(`breed.coat.${breed.coat.length}`) }),
        breed.recognised_by_scanner ? h('span', { class: 'chip chip--ok', test: 'breed-scannable' }, icon('check'), h('span', { text: t('breeds.scannable') })) : null)),
    favouriteButton(breed));
}

export default {
  id: 'breeds',
  title: () => t('breeds.title'),
  back: '/cat',
  async render({ root, query, isCurrent }) {
    const state = { q: query.get('q') || '' };
    for (const filter of SELECT_FILTERS) state[filter.key] = query.get(filter.key) || '';
    for (const key of BOOLEAN_FILTERS) state[key] = query.get(key) === 'true';

    const results = h('div', { test: 'breed-results', 'aria-live': 'polite' });
    const count = h('p', { class: 'muted', test: 'breed-count' });
    let requestTicket = 0;

    /** The page's own query (?q=…&size=…) and the API's (?q=…&filter=size=…). */
    const pageQuery = () => {
      const p = {};
      if (state.q.trim()) p.q = state.q.trim();
      for (const filter of SELECT_FILTERS) if (state[filter.key]) p[filter.key] = state[filter.key];
      for (const key of BOOLEAN_FILTERS) if (state[key]) p[key] = 'true';
      return p;
    };
    const apiQuery = (p) => {
      const { q, ...filters } = p;
      return { q, filter: Object.entries(filters).map(([key, value]) => `${key}=${value}`) };
    };

    const load = async () => {
      const ticket = ++requestTicket;
      const p = pageQuery();
      const search = new URLSearchParams(p).toString();
      history.replaceState(null, '', `/breeds${search ? `?${search}` : ''}`);
      replace(results, loadingState());
      try {
        const answer = await api.get('breeds', apiQuery(p));
        if (ticket !== requestTicket || !isCurrent()) return;
        const breeds = answer.breeds || [];
        count.textContent = t('breeds.count', { count: breeds.length });
        replace(results, breeds.length
          ? h('ul', { class: 'breed-list' }, breeds.map(breedCard))
          : emptyState(t('breeds.none'), { test: 'breeds-none', iconName: 'search' }));
      } catch (error) {
        if (ticket !== requestTicket) return;
        count.textContent = '';
        replace(results, errorState(error, load));
      }
    };

    let debounce = null;
    const search = h('input', {
      type: 'search', id: 'breed-search', class: 'input', test: 'breed-search', value: state.q,
      placeholder: t('breeds.searchPlaceholder'), autocomplete: 'off',
      on: {
        input: (event) => {
          state.q = event.target.value;
          clearTimeout(debounce);
          debounce = setTimeout(load, 250);
        },
      },
    });

    const selects = SELECT_FILTERS.map((filter) => {
      const id = `filter-${filter.key}`;
      return h('div', { class: 'field' },
        h('label', { for: id, class: 'field-label', text: t(`breeds.filter.${filter.key}`) }),
        h('select', {
          id, test: id,
          on: { change: (event) => { state[filter.key] = event.target.value; load(); } },
        },
        h('option', { value: '', text: t('breeds.any') }),
        filter.values.map((value) => h('option', {
          value, '.selected': state[filter.key] === value,
          text: t(`breed.${filter.key}.${value}`),
        }))));
    });
    const checks = BOOLEAN_FILTERS.map((key) => h('label', { class: 'check check--chip' },
      h('input', {
        type: 'checkbox', test: `filter-${key}`, '.checked': state[key],
        on: { change: (event) => { state[key] = event.target.checked; load(); } },
      }),
      h('span', { text: t(`breeds.filter.${key}`) })));

    root.append(
      h('form', { class: 'search-form', role: 'search', on: { submit: (event) => { event.preventDefault(); load(); } } },
        h('label', { for: 'breed-search', class: 'visually-hidden', text: t('breeds.search') }),
        h('div', { class: 'search-field' }, icon('search'), search)),
      h('details', { class: 'filters', test: 'breed-filters', open: BOOLEAN_FILTERS.some((k) => state[k]) || SELECT_FILTERS.some((f) => state[f.key]) },
        h('summary', {}, icon('filter'), h('span', { text: t('breeds.filters') })),
        h('div', { class: 'filters__grid' }, selects),
        h('div', { class: 'filters__checks' }, checks)),
      count,
      results);
    await load();
    return () => clearTimeout(debounce);
  },
};
