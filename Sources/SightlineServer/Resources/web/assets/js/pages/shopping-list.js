// shopping-list.js: the shopping list — items added by hand or from a recipe's missing
// ingredients (with amounts and the recipe's name), ticked off, deleted one by one or all.
import { h, icon, iconButton, button, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { loadingState, emptyState, errorState } from '../ui/components.js';
import { confirmDialog } from '../ui/dialog.js';
import { showError, undoableDelete } from '../ui/notices.js';
import { kitchenNav } from './kitchen-nav.js';

export default {
  id: 'shopping-list',
  title: () => t('kitchen.tab.shopping'),
  back: '/kitchen',
  async render({ root, isCurrent }) {
    let items = [];
    const body = h('div', { test: 'shopping-list' });
    const clearButton = button(t('shopping.clear'), {
      icon: 'trash', variant: 'danger-ghost', test: 'shopping-clear',
      onClick: async () => {
        if (!(await confirmDialog(t('shopping.clearTitle'), t('shopping.clearText'), t('shopping.clear')))) return;
        const before = items;
        undoableDelete(t('shopping.removed'), {
          hide: () => apply({ items: [] }),
          remove: async () => apply(await api.delete('kitchen/shopping-list')),
          restore: () => apply({ items: before }),
        });
      },
    });
    const apply = (answer) => {
      items = answer.items || [];
      draw();
    };
    const draw = () => {
      clearButton.disabled = items.length === 0;
      replace(body, items.length
        ? h('ul', { class: 'shopping-items' }, items.map((item) => {
          const checkbox = h('input', {
            type: 'checkbox', id: `shopping-${item.id}`, '.checked': item.checked, test: 'shopping-check',
            on: {
              change: async () => {
                try {
                  apply(await api.patch(`kitchen/shopping-list/${item.id}`, { checked: checkbox.checked }));
                } catch (error) {
                  checkbox.checked = item.checked;
                  showError(error);
                }
              },
            },
          });
          return h('li', { class: `shopping-item ${item.checked ? 'shopping-item--checked' : ''}`, test: 'shopping-item', dataset: { id: item.id, name: item.name } },
            checkbox,
            h('label', { for: `shopping-${item.id}`, class: 'shopping-item__text' },
              h('span', { class: 'shopping-item__name', text: item.display_name || item.name }),
              item.amount ? h('span', { class: 'shopping-item__amount', text: item.amount }) : null,
              item.recipe_title ? h('small', { class: 'muted', text: t('shopping.forRecipe', { title: item.recipe_title }) }) : null),
            iconButton('trash', t('shopping.remove', { name: item.display_name || item.name }), {
              test: 'shopping-remove',
              variant: 'danger',
              onClick: () => {
                const before = items;
                undoableDelete(t('shopping.removed'), {
                  hide: () => apply({ items: items.filter((other) => other.id !== item.id) }),
                  remove: async () => {
                    const answer = await api.delete(`kitchen/shopping-list/${item.id}`);
                    if (isCurrent()) apply(answer);
                  },
                  restore: () => apply({ items: before }),
                });
              },
            }));
        }))
        : emptyState(t('shopping.empty'), { test: 'shopping-empty', iconName: 'cart' }));
    };
    const input = h('input', { type: 'text', id: 'shopping-input', class: 'input', test: 'shopping-input', autocomplete: 'off', placeholder: t('shopping.placeholder') });
    const form = h('form', {
      class: 'add-form',
      on: {
        submit: async (event) => {
          event.preventDefault();
          const name = input.value.trim();
          if (!name) return;
          try {
            apply(await api.post('kitchen/shopping-list', { name }));
            input.value = '';
          } catch (error) {
            showError(error);
          }
        },
      },
    },
    h('label', { for: 'shopping-input', class: 'visually-hidden', text: t('shopping.addLabel') }),
    input,
    h('button', { type: 'submit', class: 'button button--primary', test: 'shopping-add' }, icon('plus'), h('span', { text: t('shopping.add') })));

    root.append(kitchenNav('/kitchen/shopping-list'), h('section', { class: 'card' }, form, h('div', { class: 'toolbar toolbar--end' }, clearButton), body));
    const load = async () => {
      replace(body, loadingState());
      try {
        const answer = await api.get('kitchen/shopping-list');
        if (!isCurrent()) return;
        apply(answer);
      } catch (error) {
        replace(body, errorState(error, load));
      }
    };
    await load();
  },
};
