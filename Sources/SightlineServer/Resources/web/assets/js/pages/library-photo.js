// library-photo.js: one photo of the library (GET /api/v1/library/photos/{id}) — the picture,
// its file, what was found in it (labels with their category and confidence, how many faces)
// or why it could not be analysed, and the library's photos that look most like it. A file
// gone since it was analysed gets a sentence instead of its picture.
import { h, replace } from '../dom.js';
import { t, percent } from '../i18n.js';
import { api } from '../api.js';
import { loadingState, emptyState, errorState } from '../ui/components.js';
import { similarTiles } from './library.js';

function findings(photo) {
  if (photo.state === 'failed') return h('p', { class: 'state state--error', test: 'library-photo-failure', text: t('library.failed', { reason: photo.failure || '' }) });
  if (photo.state !== 'done') return h('p', { class: 'muted', test: 'library-photo-pending', text: t('library.notYet') });
  return h('div', {},
    h('ul', { class: 'label-list', test: 'library-photo-labels' }, photo.labels.map((label) => h('li', { class: 'label-list__item', test: 'library-photo-label' },
      h('span', { class: 'label-list__name', test: 'library-photo-label-name', text: label.label }),
      label.category_name ? h('span', { class: 'chip', text: label.category_name }) : null,
      h('span', { class: 'label-list__value', text: percent(label.confidence) })))),
    photo.face_count === null ? null : h('p', { test: 'library-photo-faces', text: t('library.faces', { count: photo.face_count }) }));
}

export default {
  id: 'library-photo',
  title: () => t('library.photoTitle'),
  back: '/library',
  async render({ root, params, isCurrent }) {
    const id = params[0];
    const similar = h('section', { class: 'library-similar', test: 'library-photo-similar' });

    const loadSimilar = async (photo) => {
      if (!photo.similar_available) {
        replace(similar, h('h2', { class: 'section-title', text: t('library.similarTitle') }),
          emptyState(t('library.notAnalysedForSimilar'), { test: 'library-photo-no-similar', iconName: 'image' }));
        return;
      }
      replace(similar, h('h2', { class: 'section-title', text: t('library.similarTitle') }), loadingState());
      try {
        const answer = await api.get(`library/photos/${id}/similar`);
        if (!isCurrent()) return;
        replace(similar, h('h2', { class: 'section-title', text: t('library.similarTitle') }), answer.results.length
          ? similarTiles(answer.results, 'library-photo-similar-item')
          : emptyState(t('library.noSimilar'), { iconName: 'image' }));
      } catch (error) {
        replace(similar, errorState(error, () => loadSimilar(photo)));
      }
    };

    const load = async () => {
      replace(root, loadingState());
      try {
        const photo = await api.get(`library/photos/${id}`);
        if (!isCurrent()) return;
        replace(root,
          h('figure', { class: 'library-photo' },
            h('img', {
              class: 'library-photo__image', src: `/api/v1/library/photos/${photo.id}/image`,
              alt: photo.labels.length ? photo.labels[0].label : photo.name, test: 'library-photo-image',
              on: { error: (event) => event.target.replaceWith(h('p', { class: 'state state--error', test: 'library-photo-missing', text: t('library.pictureMissing') })) },
            }),
            h('figcaption', {},
              h('strong', { test: 'library-photo-name', text: photo.name }),
              h('span', { class: 'muted library-photo__path', text: photo.file }))),
          findings(photo),
          similar);
        await loadSimilar(photo);
      } catch (error) {
        if (isCurrent()) replace(root, errorState(error, load));
      }
    };
    await load();
  },
};
