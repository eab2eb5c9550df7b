// waste-overview.js: WasteGuard's object overview — its objects, organic or not, and
// honestly which of them the installed models can recognise (GET /api/v1/waste/overview).
import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { loadingState, errorState } from '../ui/components.js';

function modelLine(overview) {
  const counts = { count: overview.recognised ?? 0, total: (overview.classes || []).length };
  if (overview.detector) return t('overview.detector', { model: overview.detector, ...counts });
  return t('overview.imagenet', { model: overview.imagenet_model || '—', ...counts });
}

function classItem(entry) {
  const how = entry.recognised
    ? (entry.basis === 'imagenet' && entry.imagenet_classes.length ? t('overview.via', { classes: entry.imagenet_classes.join(', ') }) : t('overview.recognised'))
    : t('overview.notRecognised');
  return h('li', { class: `overview-item ${entry.recognised ? 'overview-item--yes' : 'overview-item--no'}`, test: 'overview-item', dataset: { label: entry.label, recognised: String(entry.recognised) } },
    h('span', { class: 'overview-item__mark', 'aria-hidden': 'true', text: entry.recognised ? '✓' : '✗' }),
    h('span', { class: 'overview-item__text' },
      h('span', { class: 'overview-item__name', text: entry.display_name }),
      h('span', { class: 'visually-hidden', text: entry.recognised ? t('overview.recognised') : t('overview.notRecognised') }),
      h('small', { text: how })));
}

export default {
  id: 'waste-overview',
  title: () => t('overview.title'),
  back: '/waste',
  async render({ root, isCurrent }) {
    const body = h('div', { class: 'stack', test: 'overview' });
    root.append(body);
    const load = async () => {
      replace(body, loadingState());
      try {
        const overview = await api.get('waste/overview');
        if (!isCurrent()) return;
        const classes = overview.classes || [];
        replace(body,
          overview.intro ? h('p', { class: 'lead', text: overview.intro }) : null,
          h('p', { class: 'notice', test: 'overview-model', text: modelLine(overview) }),
          [true, false].map((organic) => h('section', { class: 'card' },
            h('h2', { text: organic ? t('overview.organic') : t('overview.nonOrganic') }),
            h('ul', { class: 'overview-list' }, classes.filter((c) => c.organic === organic).map(classItem)))),
          (overview.heads || []).length
            ? h('section', { class: 'card' }, h('h2', { text: t('overview.heads') }),
              h('ul', {}, overview.heads.map((head) => h('li', { test: 'overview-head', text: `${head.model}: ${head.display_labels.join(', ')}` }))))
            : null);
      } catch (error) {
        replace(body, errorState(error, load));
      }
    };
    await load();
  },
};
