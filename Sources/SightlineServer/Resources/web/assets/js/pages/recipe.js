// recipe.js: one recipe (GET /api/v1/kitchen/recipes/{id}) — time, servings, cuisine, diets,
// ingredients with amounts (those on the ingredient list ticked), numbered steps — with the
// favourite star and "Add missing to shopping list".
import { h, icon, button, link, replace } from '../dom.js';
import { t, formatNumber } from '../i18n.js';
import { api } from '../api.js';
import { loadSetting } from '../settings.js';
import { loadingState, errorState } from '../ui/components.js';
import { showError, showStatus } from '../ui/notices.js';
import { kitchenNav } from './kitchen-nav.js';
import { dietChips } from './kitchen.js';

/** "200 g", "2 Zehen", "0,5": the amount written the page language's way, with the API's unit
 *  text (in that language and plural form) or else the unit id. */
function amount(ingredient) {
  if (ingredient.amount === null || ingredient.amount === undefined || ingredient.amount === 0) return '';
  return [formatNumber(ingredient.amount), ingredient.unit_text ?? ingredient.unit].filter(Boolean).join(' ');
}

function favouriteToggle(recipe, initial) {
  let favourite = initial;
  const label = h('span');
  const element = h('button', { type: 'button', class: 'button button--ghost favourite', test: 'recipe-favourite' }, icon('star'), label);
  const draw = () => {
    element.setAttribute('aria-pressed', String(favourite));
    element.classList.toggle('favourite--on', favourite);
    label.textContent = favourite ? t('recipe.unfavourite') : t('recipe.favourite');
  };
  element.addEventListener('click', async () => {
    element.disabled = true;
    try {
      const path = `kitchen/favourites/${encodeURIComponent(recipe.id)}`;
      if (favourite) await api.delete(path);
      else await api.put(path);
      favourite = !favourite;
      draw();
      showStatus(favourite ? t('recipe.favourited') : t('recipe.unfavourited'));
    } catch (error) {
      showError(error);
    } finally {
      element.disabled = false;
    }
  });
  draw();
  return element;
}

function recipePage(recipe) {
  const have = new Set(recipe.have || []);
  return [
    h('header', { class: 'recipe-header' },
      h('h2', { class: 'recipe-header__title', test: 'recipe-title', text: recipe.title }),
      h('p', { class: 'chips' },
        recipe.ready_in_minutes ? h('span', { class: 'chip', test: 'recipe-time' }, icon('clock'), h('span', { text: t('recipe.minutes', { count: recipe.ready_in_minutes }) })) : null,
        recipe.servings ? h('span', { class: 'chip', test: 'recipe-servings', text: t('recipe.servings', { count: recipe.servings }) }) : null,
        recipe.cuisine ? h('span', { class: 'chip', text: recipe.cuisine }) : null,
        dietChips(recipe.diets))),
    recipe.summary ? h('p', { class: 'lead', text: recipe.summary }) : null,
    h('div', { class: 'button-row' },
      favouriteToggle(recipe, Boolean(recipe.favourite)),
      button(t('recipe.addMissing'), {
        icon: 'cart', test: 'recipe-add-missing',
        onClick: async () => {
          try {
            await api.post('kitchen/shopping-list', { recipe: recipe.id, ignore_pantry: loadSetting('kitchen.ignorePantry', true) });
            showStatus(t('recipe.addedMissing'));
          } catch (error) {
            showError(error);
          }
        },
      }),
      link('/kitchen/shopping-list', [icon('cart'), h('span', { text: t('kitchen.tab.shopping') })], { class: 'button button--ghost' })),
    h('section', { class: 'card' },
      h('h3', { text: t('recipe.ingredients') }),
      h('ul', { class: 'recipe-ingredients', test: 'recipe-ingredients' }, (recipe.ingredients || []).map((ingredient) => {
        const onHand = have.has(ingredient.name);
        return h('li', { class: onHand ? 'have' : '', test: 'recipe-ingredient', dataset: { name: ingredient.name, have: String(onHand) } },
          h('span', { class: 'recipe-ingredients__mark', 'aria-hidden': 'true', text: onHand ? '✓' : '' }),
          h('span', { class: 'recipe-ingredients__amount', text: amount(ingredient) }),
          h('span', {},
            h('span', { test: 'recipe-ingredient-name', text: ingredient.display_name || ingredient.name }),
            ingredient.preparation ? h('span', { class: 'muted', text: `, ${ingredient.preparation}` }) : null,
            onHand ? h('span', { class: 'visually-hidden', text: ` (${t('recipe.onList')})` }) : null));
      }))),
    h('section', { class: 'card' },
      h('h3', { text: t('recipe.steps') }),
      h('ol', { class: 'steps', test: 'recipe-steps' }, (recipe.steps || []).map((step) => h('li', { text: step })))),
    recipe.source_url ? h('p', {}, h('a', { href: recipe.source_url, target: '_blank', rel: 'noopener noreferrer', text: t('recipe.source') })) : null,
  ];
}

export default {
  id: 'recipe',
  title: () => t('recipe.title'),
  back: '/kitchen',
  async render({ root, params: [id], isCurrent }) {
    const body = h('article', { class: 'recipe', test: 'recipe-page' });
    root.append(kitchenNav(null), body);
    const load = async () => {
      replace(body, loadingState());
      try {
        const recipe = await api.get(`kitchen/recipes/${encodeURIComponent(id)}`);
        if (!isCurrent()) return;
        document.title = `${recipe.title} · Sightline`;
        replace(body, recipePage(recipe));
      } catch (error) {
        replace(body, errorState(error, error.status === 404 ? null : load, 'recipe-error'));
      }
    };
    await load();
  },
};
