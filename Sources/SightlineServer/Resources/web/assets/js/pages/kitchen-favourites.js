// kitchen-favourites.js: the favourite recipes, newest first, each opening its recipe and
// removable.
import { h, iconButton, link, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { loadingState, emptyState, errorState } from '../ui/components.js';
import { undoableDelete } from '../ui/notices.js';
import { kitchenNav } from './kitchen-nav.js';
import { recipePath } from './kitchen.js';

export default {
  id: 'kitchen-favourites',
  title: () => t('kitchen.tab.favourites'),
  back: '/kitchen',
  async render({ root, isCurrent }) {
    const body = h('div', { test: 'favourites' });
    root.append(kitchenNav('/kitchen/favourites'), body);
    let favourites = [];
    const draw = () => replace(body, favourites.length
      ? h('ul', { class: 'simple-list' }, favourites.map((favourite) => h('li', { class: 'simple-list__item', test: 'favourite-item', dataset: { id: favourite.id } },
        link(recipePath(favourite.id), favourite.title || favourite.id, { class: 'simple-list__link' }),
        iconButton('trash', t('favourites.remove', { title: favourite.title || favourite.id }), {
          test: 'favourite-remove',
          variant: 'danger',
          onClick: () => {
            const before = favourites;
            undoableDelete(t('favourites.removed'), {
              hide: () => {
                favourites = favourites.filter((f) => f.id !== favourite.id);
                draw();
              },
              remove: () => api.delete(`kitchen/favourites/${encodeURIComponent(favourite.id)}`),
              restore: () => {
                favourites = before;
                draw();
              },
            });
          },
        }))))
      : emptyState(t('favourites.empty'), { test: 'favourites-empty', iconName: 'star' }));
    const load = async () => {
      replace(body, loadingState());
      try {
        const answer = await api.get('kitchen/favourites');
        if (!isCurrent()) return;
        favourites = answer.favourites || [];
        draw();
      } catch (error) {
        replace(body, errorState(error, load));
      }
    };
    await load();
  },
};
