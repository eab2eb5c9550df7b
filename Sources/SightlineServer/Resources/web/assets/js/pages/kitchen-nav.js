// kitchen-nav.js: the Kitchen's tabs — ingredients and recipes, favourites, shopping list —
// shown at the top of each Kitchen page.
import { h, icon, link } from '../dom.js';
import { t } from '../i18n.js';

const TABS = [
  { path: '/kitchen', icon: 'pot', label: 'kitchen.tab.ingredients', test: 'kitchen-tab-ingredients' },
  { path: '/kitchen/favourites', icon: 'star', label: 'kitchen.tab.favourites', test: 'kitchen-tab-favourites' },
  { path: '/kitchen/shopping-list', icon: 'cart', label: 'kitchen.tab.shopping', test: 'kitchen-tab-shopping' },
];

export function kitchenNav(current) {
  return h('nav', { class: 'tabs', 'aria-label': t('kitchen.name') }, TABS.map((tab) => link(tab.path,
    [icon(tab.icon), h('span', { text: t(tab.label) })],
    { class: 'tabs__tab', test: tab.test, 'aria-current': tab.path === current ? 'page' : null })));
}
