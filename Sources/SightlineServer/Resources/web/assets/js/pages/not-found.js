// not-found.js: the page for a URL the app does not know.
import { h, link } from '../dom.js';
import { t } from '../i18n.js';

export default {
  id: 'not-found',
  title: () => t('notFound.title'),
  back: '/',
  render({ root }) {
    root.append(h('div', { class: 'state', test: 'not-found' },
      h('p', { text: t('notFound.text') }),
      link('/', t('notFound.home'), { class: 'button button--primary' })));
  },
};
