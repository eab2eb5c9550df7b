// cat-history.js: the Cat Scanner's saved scans, newest first — thumbnail, date and time,
// message and the three breeds linked to the encyclopaedia (for a scan that is not of a cat,
// "Not a cat" and the breeds only on request); delete one or all.
import { h, iconButton, button, replace } from '../dom.js';
import { t, formatDateTime } from '../i18n.js';
import { api } from '../api.js';
import { confirmDialog } from '../ui/dialog.js';
import { loadingState, emptyState, errorState } from '../ui/components.js';
import { undoableDelete } from '../ui/notices.js';
import { breedButtons, breedNames } from './cat.js';

/** A cat's scan: the message in the page's language and its breeds, named as `names` has them. */
function catDetails(scan, names) {
  return h('div', { class: 'history-item__details', test: 'cat-history-details' },
    h('p', { class: 'history-item__title', test: 'cat-history-message', text: scan.display_message }),
    breedButtons(scan.breeds, 'cat-history-breed', names));
}

/** A scan of something else: like the scan page, its breeds only on request. */
function notCatDetails(scan, names) {
  if (!(scan.breeds || []).length) return null;
  const details = catDetails(scan, names);
  details.hidden = true;
  const show = button(t('cat.showBreeds'), {
    variant: 'ghost', test: 'cat-history-show-breeds',
    onClick: () => {
      details.hidden = false;
      show.remove();
    },
  });
  return h('div', {}, show, details);
}

export default {
  id: 'cat-history',
  title: () => t('catHistory.title'),
  back: '/cat',
  async render({ root, isCurrent }) {
    let scans = [];
    let names = {};
    const list = h('div', { test: 'cat-history' });
    const clearButton = button(t('history.deleteAll'), { icon: 'trash', variant: 'danger-ghost', test: 'cat-history-delete-all' });

    const item = (scan) => h('li', { class: 'history-item history-item--cat', test: 'cat-history-item', dataset: { id: scan.id } },
      h('a', { href: `/api/v1/cat/history/${scan.id}/photo`, target: '_blank', rel: 'noopener', class: 'history-item__thumb-link', 'aria-label': t('catHistory.openPhoto') },
        h('img', { class: 'thumb', src: `/api/v1/cat/history/${scan.id}/thumbnail`, alt: t('catHistory.thumbAlt', { date: formatDateTime(scan.created_at) }), loading: 'lazy', test: 'cat-history-thumb' })),
      h('div', { class: 'history-item__text' },
        h('time', { class: 'meta', datetime: scan.created_at, text: formatDateTime(scan.created_at) }),
        scan.is_cat ? null : h('p', { class: 'history-item__title', test: 'cat-history-not-cat', text: t('catHistory.notCat') }),
        scan.is_cat ? catDetails(scan, names) : notCatDetails(scan, names)),
      iconButton('trash', t('catHistory.delete'), {
        test: 'cat-history-delete',
        variant: 'danger',
        onClick: () => {
          const before = scans;
          undoableDelete(t('history.deleted'), {
            hide: () => {
              scans = scans.filter((s) => s.id !== scan.id);
              draw();
            },
            remove: () => api.delete(`cat/history/${scan.id}`),
            restore: () => {
              scans = before;
              draw();
            },
          });
        },
      }));

    const draw = () => {
      clearButton.disabled = scans.length === 0;
      replace(list, scans.length
        ? h('ul', { class: 'history-list' }, scans.map(item))
        : emptyState(t('catHistory.empty'), { test: 'cat-history-empty', iconName: 'cat' }));
    };

    clearButton.addEventListener('click', async () => {
      if (!(await confirmDialog(t('history.deleteAllTitle'), t('catHistory.deleteAllText', { count: scans.length }), t('history.deleteAll')))) return;
      const before = scans;
      undoableDelete(t('history.deleted'), {
        hide: () => {
          scans = [];
          draw();
        },
        remove: () => api.delete('cat/history'),
        restore: () => {
          scans = before;
          draw();
        },
      });
    });

    const load = async () => {
      replace(list, loadingState());
      try {
        const [answer, breedNamesNow] = await Promise.all([api.get('cat/history', { limit: 500 }), breedNames()]);
        if (!isCurrent()) return;
        names = breedNamesNow;
        scans = answer.scans || [];
        draw();
      } catch (error) {
        replace(list, errorState(error, load));
      }
    };

    root.append(h('div', { class: 'toolbar toolbar--end' }, clearButton), list);
    await load();
  },
};
