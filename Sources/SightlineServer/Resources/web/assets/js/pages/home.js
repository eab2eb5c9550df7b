// home.js: the start page — the four apps and the photo library as large tiles, and a line on
// privacy.
import { h, icon, link } from '../dom.js';
import { t } from '../i18n.js';

const APPS = [
  { path: '/recognizer', icon: 'eye', name: 'recognizer.name', blurb: 'home.recognizer', test: 'app-recognizer' },
  { path: '/waste', icon: 'recycle', name: 'waste.name', blurb: 'home.waste', test: 'app-waste' },
  { path: '/cat', icon: 'cat', name: 'cat.name', blurb: 'home.cat', test: 'app-cat' },
  { path: '/kitchen', icon: 'pot', name: 'kitchen.name', blurb: 'home.kitchen', test: 'app-kitchen' },
  { path: '/library', icon: 'image', name: 'library.name', blurb: 'home.library', test: 'app-library' },
];

export default {
  id: 'home',
  title: () => t('app.name'),
  back: null,
  render({ root }) {
    root.append(
      h('p', { class: 'lead', text: t('home.intro') }),
      h('ul', { class: 'app-grid', test: 'app-list' }, APPS.map((app) => h('li', {},
        link(app.path, [
          h('span', { class: `app-tile__icon app-tile__icon--${app.test}` }, icon(app.icon)),
          h('span', { class: 'app-tile__text' },
            h('span', { class: 'app-tile__name', text: t(app.name) }),
            h('span', { class: 'app-tile__blurb', text: t(app.blurb) })),
          icon('chevron', 'app-tile__chevron'),
        ], { class: 'app-tile', test: app.test })))),
      h('p', { class: 'privacy-note' }, icon('lock'), h('span', { text: t('home.privacy') })),
    );
  },
};
