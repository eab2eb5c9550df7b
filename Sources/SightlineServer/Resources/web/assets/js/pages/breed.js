// breed.js: one encyclopaedia entry (GET /api/v1/breeds/{name}) with every field — summary,
// description, origin, temperament, size and weight, life span, coat, the 1–5 scales, good
// with children and pets, hypoallergenic, health notes, registries, sources — whether the
// Cat Scanner can recognise it, and the favourite star.
import { h, icon, link, replace } from '../dom.js';
import { formatNumber, t } from '../i18n.js';
import { api } from '../api.js';
import { loadingState, errorState } from '../ui/components.js';
import { favouriteButton } from './breed-favourite.js';

const SCALES = ['activity', 'grooming', 'shedding', 'affection', 'vocality'];

/** A range of the encyclopaedia ("3.6–7 kg"), its numbers written the page language's way. */
function range(value, unit) {
  if (!value) return '—';
  const min = formatNumber(value.min, 1);
  return value.min === value.max ? `${min} ${unit}` : `${min}–${formatNumber(value.max, 1)} ${unit}`;
}

function yesNo(value) {
  return value ? t('breed.yes') : t('breed.no');
}

function scale(name, value) {
  return h('div', { class: 'scale', test: `scale-${name}` },
    h('span', { class: 'scale__name', text: t(`breed.scale.${name}`) }),
    h('span', { class: 'scale__dots', role: 'img', 'aria-label': t('breed.scaleValue', { value, max: 5 }) },
      [1, 2, 3, 4, 5].map((n) => h('span', { class: n <= value ? 'dot dot--on' : 'dot' }))));
}

function fact(label, value, test) {
  return [h('dt', { text: label }), h('dd', { test, text: value })];
}

/** The entry's picture with its credit; null for an entry without one. */
export function breedPhoto(breed, { size = 'large' } = {}) {
  if (!breed.photo) return null;
  const name = breed.display_name || breed.name;
  const img = h('img', {
    src: `/api/v1/breeds/${encodeURIComponent(breed.name)}/photo`, alt: t('breed.photoAlt', { name }),
    width: 512, height: 512, loading: 'lazy', test: 'breed-photo-image',
  });
  if (size !== 'large') return h('span', { class: `breed-photo breed-photo--${size}` }, img);
  return h('figure', { class: 'breed-photo', test: 'breed-photo' }, img,
    h('figcaption', { class: 'muted small', test: 'breed-photo-credit' },
      h('a', { href: breed.photo.licence_url, target: '_blank', rel: 'noopener noreferrer',
        text: t('breed.photoCredit', { credit: breed.photo.credit, licence: breed.photo.licence }) })));
}

function breedPage(breed) {
  return [
    h('header', { class: 'breed-header' },
      h('div', {},
        h('h2', { class: 'breed-header__name', test: 'breed-name', text: breed.display_name || breed.name }),
        breed.aliases && breed.aliases.length ? h('p', { class: 'muted', text: t('breed.aliases', { names: breed.aliases.join(', ') }) }) : null,
        breed.kind && breed.kind !== 'breed' ? h('p', { class: 'chip chip--warn', test: 'breed-kind', text: t(`breed.kindNote.${breed.kind}`) }) : null),
      favouriteButton(breed, { withLabel: true })),
    breedPhoto(breed),
    h('p', { class: `notice ${breed.recognised_by_scanner ? 'notice--ok' : ''}`, test: 'breed-recognised', dataset: { recognised: String(breed.recognised_by_scanner) } },
      icon(breed.recognised_by_scanner ? 'check' : 'info'),
      h('span', { text: breed.recognised_by_scanner ? t('breed.recognised') : t('breed.notRecognised') })),
    h('p', { class: 'lead', test: 'breed-summary', text: breed.summary }),
    h('section', { class: 'card' }, h('h3', { text: t('breed.description') }), h('p', { test: 'breed-description', text: breed.description })),
    h('section', { class: 'card' },
      h('h3', { text: t('breed.facts') }),
      h('dl', { class: 'facts' },
        fact(t('breed.origin'), breed.origin, 'breed-origin'),
        fact(t('breed.size'), t(`breed.size.${breed.size}`), 'breed-size'),
        fact(t('breed.weight'), range(breed.weight_kg, 'kg'), 'breed-weight'),
        fact(t('breed.lifeSpan'), range(breed.life_span_years, t('breed.years')), 'breed-life-span'),
        fact(t('breed.coatLength'), t(`breed.coat.${breed.coat.length}`), 'breed-coat'),
        fact(t('breed.pattern'), (breed.coat.pattern || []).join(', ') || '—', 'breed-pattern'),
        fact(t('breed.colours'), (breed.coat.colours || []).join(', ') || '—', 'breed-colours'),
        fact(t('breed.children'), yesNo(breed.good_with_children), 'breed-children'),
        fact(t('breed.pets'), yesNo(breed.good_with_pets), 'breed-pets'),
        fact(t('breed.hypoallergenic'), yesNo(breed.hypoallergenic), 'breed-hypoallergenic'),
        fact(t('breed.registries'), (breed.registries || []).join(', ') || t('breed.noRegistries'), 'breed-registries'))),
    h('section', { class: 'card' },
      h('h3', { text: t('breed.temperament') }),
      h('p', { class: 'chips', test: 'breed-temperament' }, (breed.temperament || []).map((trait) => h('span', { class: 'chip', text: trait }))),
      h('div', { class: 'scales' }, SCALES.map((name) => scale(name, breed[name] ?? 0)))),
    h('section', { class: 'card' }, h('h3', { text: t('breed.health') }), h('p', { test: 'breed-health', text: breed.health_notes })),
    h('section', { class: 'card' },
      h('h3', { text: t('breed.sources') }),
      h('ul', { class: 'plain-list', test: 'breed-sources' }, (breed.sources || []).map((source) => h('li', {},
        h('a', { href: source.url, target: '_blank', rel: 'noopener noreferrer', text: source.title })))),
      h('p', { class: 'muted small', text: t('breed.ownText') })),
    h('div', { class: 'link-row' },
      link('/cat', [icon('camera'), h('span', { text: t('breed.scan') })], { class: 'button button--primary' }),
      link('/breeds', [icon('book'), h('span', { text: t('breeds.title') })], { class: 'button button--ghost' })),
  ];
}

export default {
  id: 'breed',
  title: ([name]) => name,
  back: '/breeds',
  async render({ root, params: [name], isCurrent }) {
    const load = async () => {
      replace(root, loadingState());
      try {
        const breed = await api.get(`breeds/${encodeURIComponent(name)}`);
        if (!isCurrent()) return;
        replace(root, h('article', { class: 'breed', test: 'breed-page' }, breedPage(breed)));
      } catch (error) {
        replace(root, errorState(error, error.status === 404 ? null : load, 'breed-error'),
          link('/breeds', t('breeds.title'), { class: 'button button--ghost' }));
      }
    };
    await load();
  },
};
