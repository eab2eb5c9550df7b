// recognizer-history.js: the Object Recognizer's saved captures, newest first — thumbnail,
// label, confidence, category, faces and time — optionally grouped by broad category; a
// capture opens its captioned photo; delete one or all.
import { h, icon, iconButton, button, replace } from '../dom.js';
import { t, percent, formatDateTime } from '../i18n.js';
import { api } from '../api.js';
import { loadSetting, saveSetting } from '../settings.js';
import { openDialog, confirmDialog } from '../ui/dialog.js';
import { loadingState, emptyState, errorState, toggleSwitch } from '../ui/components.js';
import { undoableDelete } from '../ui/notices.js';

function groupByCategory(captures) {
  const groups = new Map();
  for (const capture of captures) {
    if (!groups.has(capture.category)) groups.set(capture.category, { name: capture.category_name, captures: [] });
    groups.get(capture.category).captures.push(capture);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function showCapture(capture) {
  openDialog({
    title: `${capture.name || capture.label}, ${percent(capture.confidence)}`,
    test: 'capture-dialog',
    wide: true,
    body: [
      h('img', {
        class: 'capture-photo',
        src: `/api/v1/recognizer/history/${capture.id}/image`,
        alt: t('history.photoAlt', { label: capture.name || capture.label, confidence: percent(capture.confidence) }),
        test: 'capture-photo',
      }),
      h('dl', { class: 'facts' },
        h('dt', { text: t('history.category') }), h('dd', { text: capture.category_name }),
        h('dt', { text: t('history.faces') }), h('dd', { text: t('recognizer.facesFound', { count: capture.faces ?? 0 }) }),
        h('dt', { text: t('history.time') }), h('dd', {}, h('time', { datetime: capture.created_at, text: formatDateTime(capture.created_at) }))),
    ],
  });
}

export default {
  id: 'recognizer-history',
  title: () => t('history.title'),
  back: '/recognizer',
  async render({ root, isCurrent }) {
    let grouped = loadSetting('recognizer.group', false);
    let captures = [];
    const list = h('div', { class: 'history', test: 'history' });
    const clearButton = button(t('history.deleteAll'), { icon: 'trash', variant: 'danger-ghost', test: 'history-delete-all' });

    const item = (capture) => h('li', { class: 'history-item', test: 'history-item', dataset: { id: capture.id } },
      h('button', { type: 'button', class: 'history-item__open', on: { click: () => showCapture(capture) }, 'aria-label': t('history.open', { label: capture.name || capture.label }) },
        h('img', { class: 'thumb', src: `/api/v1/recognizer/history/${capture.id}/thumbnail`, alt: '', loading: 'lazy' }),
        h('span', { class: 'history-item__text' },
          h('span', { class: 'history-item__title' },
            h('span', { test: 'history-label', text: capture.name || capture.label }), ', ',
            h('span', { test: 'history-confidence', text: percent(capture.confidence) })),
          h('span', { class: 'history-item__meta' },
            h('span', { class: 'chip', test: 'history-category', text: capture.category_name }),
            h('span', { class: 'meta' }, icon('face'), h('span', { test: 'history-faces', text: t('recognizer.facesFound', { count: capture.faces ?? 0 }) }))),
          h('time', { class: 'meta', datetime: capture.created_at, text: formatDateTime(capture.created_at) }))),
      iconButton('trash', t('history.delete', { label: capture.name || capture.label }), {
        test: 'history-delete',
        variant: 'danger',
        onClick: () => {
          const before = captures;
          undoableDelete(t('history.deleted'), {
            hide: () => {
              captures = captures.filter((c) => c.id !== capture.id);
              draw();
            },
            remove: () => api.delete(`recognizer/history/${capture.id}`),
            restore: () => {
              captures = before;
              draw();
            },
          });
        },
      }));

    const draw = () => {
      clearButton.disabled = captures.length === 0;
      if (!captures.length) {
        replace(list, emptyState(t('history.empty'), { test: 'history-empty', iconName: 'history' }));
        return;
      }
      if (!grouped) {
        replace(list, h('ul', { class: 'history-list' }, captures.map(item)));
        return;
      }
      replace(list, groupByCategory(captures).map((group) => h('section', { class: 'history-group', test: 'history-group' },
        h('h2', { class: 'history-group__title' }, h('span', { text: group.name }), h('span', { class: 'count', text: String(group.captures.length) })),
        h('ul', { class: 'history-list' }, group.captures.map(item)))));
    };

    clearButton.addEventListener('click', async () => {
      if (!(await confirmDialog(t('history.deleteAllTitle'), t('history.deleteAllText', { count: captures.length }), t('history.deleteAll')))) return;
      const before = captures;
      undoableDelete(t('history.deleted'), {
        hide: () => {
          captures = [];
          draw();
        },
        remove: () => api.delete('recognizer/history'),
        restore: () => {
          captures = before;
          draw();
        },
      });
    });

    const load = async () => {
      replace(list, loadingState());
      try {
        captures = (await api.get('recognizer/history', { limit: 500 })).captures || [];
        if (!isCurrent()) return;
        draw();
      } catch (error) {
        replace(list, errorState(error, load));
      }
    };

    root.append(
      h('div', { class: 'toolbar' },
        toggleSwitch(t('history.group'), grouped, (checked) => {
          grouped = checked;
          saveSetting('recognizer.group', checked);
          draw();
        }, { test: 'history-group-toggle' }),
        clearButton),
      list);
    await load();
  },
};
