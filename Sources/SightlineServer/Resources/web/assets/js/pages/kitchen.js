// kitchen.js: the Kitchen's main page. The ingredient list (newest on top) is built by typing
// or from a photo — POST /api/v1/kitchen/identify adds an ingredient only when it is sure
// (≥ 0.8). With the ingredient detector the photo is shown with a box around every ingredient
// found (green: sure, yellow dashed: not sure), what was added is listed and the others are
// offered as buttons that add them; with the classifier its three best guesses are
// offered to pick from when it is unsure. Below, recipes that use the ingredients
// (GET /api/v1/kitchen/recipes) with "With additional:" and the missing ingredients; loading,
// empty list, no results and errors each look different.
import { h, icon, iconButton, button, link, replace, append } from '../dom.js';
import { t, percent } from '../i18n.js';
import { api } from '../api.js';
import { loadSetting, saveSetting } from '../settings.js';
import { Stage } from '../ui/stage.js';
import { appColumns, fileButton, loadingState, emptyState, errorState, revealResult } from '../ui/components.js';
import { confirmDialog } from '../ui/dialog.js';
import { takePhotoSheet } from '../ui/camera-sheet.js';
import { showError, showStatus, undoableDelete } from '../ui/notices.js';
import { kitchenNav } from './kitchen-nav.js';

const DIETS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'];
// The confidence from which a found ingredient is added (docs/API.md): boxes below it are drawn dashed.
const SURE = 0.8;
const MAX_MINUTES = [15, 30, 45, 60, 90, 120];

export function recipePath(id) {
  return `/kitchen/recipes/${encodeURIComponent(id)}`;
}

/** How many recipe cards a search shows before "Show more". */
const RECIPE_PAGE = 10;

export function dietChips(diets) {
  return (diets || []).map((diet) => h('span', { class: 'chip chip--ok', text: t(`diet.${diet}`) }));
}

/** A search result; `display` names an ingredient in the page's language. */
function recipeCard(recipe, display = (name) => name) {
  return h('li', { class: 'recipe-card', test: 'recipe-card', dataset: { id: recipe.id } },
    h('h3', { class: 'recipe-card__title' }, link(recipePath(recipe.id), recipe.title, { test: 'recipe-link' })),
    h('p', { class: 'chips' },
      recipe.ready_in_minutes ? h('span', { class: 'chip' }, icon('clock'), h('span', { text: t('recipe.minutes', { count: recipe.ready_in_minutes }) })) : null,
      dietChips(recipe.diets)),
    h('p', { class: 'recipe-card__used' }, h('strong', { text: t('recipe.uses') }), ' ', h('span', { test: 'recipe-used', text: (recipe.used || []).map(display).join(', ') })),
    (recipe.missing || []).length
      ? h('p', { class: 'recipe-card__missing' }, h('strong', { text: t('recipe.withAdditional') }), ' ', h('span', { test: 'recipe-missing', text: recipe.missing.map(display).join(', ') }))
      : h('p', { class: 'recipe-card__complete', test: 'recipe-complete', text: t('recipe.nothingMissing') }));
}

export default {
  id: 'kitchen',
  title: () => t('kitchen.name'),
  back: '/',
  async render({ root, isCurrent }) {
    let ingredients = [];
    const options = {
      ranking: loadSetting('kitchen.ranking', 'most-used'),
      ignorePantry: loadSetting('kitchen.ignorePantry', true),
      diets: loadSetting('kitchen.diets', []),
      maxMinutes: loadSetting('kitchen.maxMinutes', ''),
    };
    // Canonical ingredient name → its name in the page's language (GET kitchen/ingredient-names);
    // names outside the vocabulary are shown as they are.
    let names = {};
    const display = (name) => names[name] || name;
    const namesLoaded = api.get('kitchen/ingredient-names').then((answer) => { names = answer.names || {}; }, () => {
      // Without the names the page shows the canonical English ones.
    });
    const list = h('div', { class: 'ingredient-area' });
    const pick = h('div', { class: 'pick', 'aria-live': 'polite' });
    const recipes = h('div', { class: 'recipes', test: 'recipes', 'aria-live': 'polite' });
    let recipeTicket = 0;
    // The photo of the last detector answer, with its boxes.
    let foundStage = null;
    const closeFound = () => {
      if (foundStage) foundStage.destroy();
      foundStage = null;
      pick.replaceChildren();
    };

    const setIngredients = (names) => {
      ingredients = names || [];
      drawList();
      findRecipes();
    };

    const reportChange = (change) => {
      if (!change) return;
      if (change.result === 'added') showStatus(t('kitchen.added', { name: display(change.name) }));
      else if (change.result === 'already-on-list') showStatus(t('kitchen.already', { name: display(change.name) }));
    };

    /** A word the Kitchen did not add: which of its meanings, or which known ingredient near it. */
    const offerChoices = (change) => {
      const options = change.options || [];
      const question = change.result === 'ambiguous'
        ? t('kitchen.ambiguous', { text: change.text.trim() })
        : options.length ? t('kitchen.unknownSuggest', { text: change.text.trim() }) : t('kitchen.unknown', { text: change.text.trim() });
      closeFound();
      replace(pick, h('div', { class: 'pick__box', test: change.result === 'ambiguous' ? 'ingredient-ambiguous' : 'ingredient-unknown' },
        h('p', { text: question }),
        options.length ? h('div', { class: 'pick__buttons' }, options.map((option) => button(display(option), {
          test: 'ingredient-option', attrs: { 'data-name': option },
          onClick: async () => {
            if (await addIngredient(option)) pick.replaceChildren();
          },
        }))) : null));
    };

    const addIngredient = async (name) => {
      try {
        const answer = await api.post('kitchen/ingredients', { name });
        if (answer.change && (answer.change.result === 'ambiguous' || answer.change.result === 'unknown')) {
          offerChoices(answer.change);
          return false;
        }
        reportChange(answer.change);
        setIngredients(answer.ingredients);
        return true;
      } catch (error) {
        showError(error);
        return false;
      }
    };

    const drawList = () => {
      clearButton.disabled = ingredients.length === 0;
      replace(list, ingredients.length
        ? h('ul', { class: 'ingredient-list', test: 'ingredient-list' }, ingredients.map((name) => h('li', { class: 'ingredient-item', test: 'ingredient-item', dataset: { name } },
          h('span', { class: 'ingredient-item__name', text: display(name) }),
          iconButton('close', t('kitchen.remove', { name: display(name) }), {
            test: 'ingredient-delete',
            onClick: () => {
              const before = ingredients;
              undoableDelete(t('kitchen.removed', { name: display(name) }), {
                hide: () => setIngredients(ingredients.filter((other) => other !== name)),
                remove: async () => {
                  const answer = await api.delete(`kitchen/ingredients/${encodeURIComponent(name)}`);
                  if (isCurrent()) setIngredients(answer.ingredients);
                },
                restore: () => setIngredients(before),
              });
            },
          }))))
        : emptyState(t('kitchen.listEmpty'), { test: 'ingredients-empty', iconName: 'pot' }));
    };

    /** Button that adds an offered ingredient; disabled, with a tick, once it is on the list. */
    const offerButton = (found) => {
      const onList = ingredients.includes(found.name);
      const offer = button(`${display(found.name)} (${percent(found.confidence)})`, {
        icon: onList ? 'check' : 'plus', test: 'offer-button',
        attrs: { 'data-name': found.name, disabled: onList },
        onClick: async () => {
          if (!(await addIngredient(found.name))) return;
          offer.disabled = true;
          offer.querySelector('.icon').replaceWith(icon('check'));
        },
      });
      return offer;
    };

    /** The detector's answer: the photo with its boxes, what was added, the offers. */
    const showFound = async (photo, answer) => {
      const found = answer.found || [];
      const accepted = found.filter((finding) => finding.accepted);
      const offered = found.filter((finding) => !finding.accepted);
      const added = accepted.filter((finding) => finding.added).map((finding) => display(finding.name));
      const already = accepted.filter((finding) => !finding.added).map((finding) => display(finding.name));
      closeFound();
      const stage = new Stage({ test: 'identify-stage', label: t('kitchen.photoAlt') });
      foundStage = stage;
      replace(pick, h('div', { class: 'found', test: 'identify-found', dataset: { count: String(found.length) } },
        h('div', { class: 'found__header' },
          h('h3', { class: 'found__title', text: t('kitchen.foundTitle', { count: found.length }) }),
          iconButton('close', t('action.close'), { test: 'found-close', onClick: closeFound })),
        stage.element,
        found.length ? null : h('p', { class: 'notice', test: 'found-none' }, icon('info'), h('span', { text: t('kitchen.foundNone') })),
        added.length ? h('p', { class: 'notice notice--ok', test: 'found-added' }, icon('check'), h('span', { text: t('kitchen.foundAdded', { names: added.join(', ') }) })) : null,
        already.length ? h('p', { class: 'notice', test: 'found-already' }, icon('check'), h('span', { text: t('kitchen.foundAlready', { names: already.join(', ') }) })) : null,
        offered.length ? h('div', { class: 'pick__box', test: 'found-offered' },
          h('p', { text: t('kitchen.offered') }),
          h('div', { class: 'pick__buttons' }, offered.map(offerButton))) : null));
      // Revealed now, before the photo has loaded, so the page does not move under a finger
      // that is already reaching for an offer.
      revealResult(pick);
      if (accepted.length) setIngredients((await api.get('kitchen/ingredients')).ingredients);
      const size = await stage.showImage(photo, t('kitchen.photoAlt'));
      if (stage !== foundStage) return;
      // The stage takes the photo's shape (up to its maximum height), so the photo fills the width.
      if (size.width && size.height) stage.element.style.aspectRatio = `${size.width} / ${size.height}`;
      stage.image.alt = found.map((finding) => `${display(finding.name)} ${percent(finding.confidence)}`).join(', ') || t('kitchen.foundNone');
      // A box per place found: solid green when sure (≥ 0.8), yellow dashed otherwise; each
      // ingredient's best box carries its label. Unsure boxes first, so the sure ones are drawn
      // over them.
      const boxes = found.flatMap((finding) => finding.boxes.map((box, index) => ({
        ...box,
        kind: box.confidence >= SURE ? 'accepted' : 'offered',
        label: index === 0 ? `${display(finding.name)} ${percent(box.confidence)}` : null,
        description: `${display(finding.name)} ${percent(box.confidence)}`,
        test: 'found-box',
        data: { name: finding.name, accepted: String(finding.accepted) },
      })));
      stage.drawBoxes([...boxes.filter((box) => box.kind === 'offered'), ...boxes.filter((box) => box.kind === 'accepted')], 1, 1);
    };

    const identify = async (photo) => {
      closeFound();
      replace(pick, loadingState(t('kitchen.identifying'), 'identify-loading'));
      try {
        const answer = await api.upload('kitchen/identify', photo, { add: true });
        if (answer.method === 'detector') {
          await showFound(photo, answer);
          return;
        }
        if (answer.ingredient) {
          replace(pick, h('p', { class: 'notice notice--ok', test: 'identify-result' }, icon('check'),
            h('span', { text: answer.added === false
              ? t('kitchen.recognisedAlready', { name: display(answer.ingredient), confidence: percent(answer.confidence) })
              : t('kitchen.recognised', { name: display(answer.ingredient), confidence: percent(answer.confidence) }) })));
          setIngredients((await api.get('kitchen/ingredients')).ingredients);
          return;
        }
        const candidates = answer.candidates || [];
        replace(pick, h('div', { class: 'pick__box', test: 'identify-unsure' },
          h('p', { text: t('kitchen.unsure') }),
          h('div', { class: 'pick__buttons' }, candidates.map((candidate) => button(`${display(candidate.name)} (${percent(candidate.confidence)})`, {
            test: 'candidate-button',
            attrs: { 'data-name': candidate.name },
            onClick: async () => {
              if (await addIngredient(candidate.name)) pick.replaceChildren();
            },
          })),
          button(t('kitchen.noneOfThese'), { variant: 'ghost', test: 'candidate-none', onClick: () => pick.replaceChildren() }))));
      } catch (error) {
        closeFound();
        showError(error);
      }
    };

    const findRecipes = async () => {
      const ticket = ++recipeTicket;
      if (!ingredients.length) {
        replace(recipes, emptyState(t('recipes.needIngredients'), { test: 'recipes-empty', iconName: 'pot' }));
        return;
      }
      replace(recipes, loadingState(t('recipes.loading'), 'recipes-loading'));
      try {
        const answer = await api.get('kitchen/recipes', {
          ranking: options.ranking,
          'ignore-pantry': options.ignorePantry ? 'true' : '',
          diet: options.diets,
          'max-minutes': options.maxMinutes,
          limit: 30,
        });
        if (ticket !== recipeTicket || !isCurrent()) return;
        const found = answer.recipes || [];
        if (!found.length) {
          replace(recipes, emptyState(t('recipes.none'), { test: 'recipes-none', iconName: 'search' }));
          return;
        }
        // A page of cards at a time, so thirty results do not make an endless page.
        const list = h('ul', { class: 'recipe-list' });
        const more = button('', { variant: 'ghost', test: 'recipes-more', onClick: () => showMore() });
        let shown = 0;
        const showMore = () => {
          const next = found.slice(shown, shown + RECIPE_PAGE);
          append(list, next.map((recipe) => recipeCard(recipe, display)));
          shown += next.length;
          const left = found.length - shown;
          more.hidden = left === 0;
          more.querySelector('span').textContent = t('recipes.more', { count: Math.min(left, RECIPE_PAGE), total: left });
        };
        replace(recipes, h('p', { class: 'muted', test: 'recipes-count', text: t('recipes.count', { count: found.length }) }), list, more);
        showMore();
      } catch (error) {
        if (ticket !== recipeTicket) return;
        replace(recipes, errorState(error, findRecipes, 'recipes-error'));
      }
    };

    const input = h('input', { type: 'text', id: 'ingredient-input', class: 'input', test: 'ingredient-input', autocomplete: 'off', placeholder: t('kitchen.placeholder'), enterkeyhint: 'done' });
    const form = h('form', {
      class: 'add-form', test: 'ingredient-form',
      on: {
        submit: async (event) => {
          event.preventDefault();
          const name = input.value.trim();
          if (!name) {
            input.focus();
            return;
          }
          if (await addIngredient(name)) input.value = '';
          input.focus();
        },
      },
    },
    h('label', { for: 'ingredient-input', class: 'visually-hidden', text: t('kitchen.addLabel') }),
    input,
    h('button', { type: 'submit', class: 'button button--primary', test: 'ingredient-add' }, icon('plus'), h('span', { text: t('kitchen.add') })));

    const clearButton = button(t('kitchen.clear'), {
      icon: 'trash', variant: 'danger-ghost', test: 'ingredients-clear',
      onClick: async () => {
        if (!(await confirmDialog(t('kitchen.clearTitle'), t('kitchen.clearText'), t('kitchen.clear')))) return;
        const before = ingredients;
        undoableDelete(t('kitchen.cleared'), {
          hide: () => setIngredients([]),
          remove: () => api.delete('kitchen/ingredients'),
          restore: () => setIngredients(before),
        });
      },
    });

    const rankingSelect = h('select', { id: 'recipe-ranking', test: 'recipe-ranking', on: { change: (e) => { options.ranking = e.target.value; saveSetting('kitchen.ranking', options.ranking); findRecipes(); } } },
      ['most-used', 'fewest-missing'].map((value) => h('option', { value, '.selected': options.ranking === value, text: t(`recipes.ranking.${value}`) })));
    const minutesSelect = h('select', { id: 'recipe-minutes', test: 'recipe-max-minutes', on: { change: (e) => { options.maxMinutes = e.target.value; saveSetting('kitchen.maxMinutes', options.maxMinutes); findRecipes(); } } },
      h('option', { value: '', text: t('recipes.anyTime') }),
      MAX_MINUTES.map((value) => h('option', { value: String(value), '.selected': String(options.maxMinutes) === String(value), text: t('recipes.upTo', { count: value }) })));
    const pantry = h('label', { class: 'check check--chip' },
      h('input', { type: 'checkbox', test: 'ignore-pantry', '.checked': options.ignorePantry, on: { change: (e) => { options.ignorePantry = e.target.checked; saveSetting('kitchen.ignorePantry', options.ignorePantry); findRecipes(); } } }),
      h('span', { text: t('recipes.ignorePantry') }));
    const diets = DIETS.map((diet) => h('label', { class: 'check check--chip' },
      h('input', {
        type: 'checkbox', test: `diet-${diet}`, '.checked': options.diets.includes(diet),
        on: {
          change: (e) => {
            options.diets = e.target.checked ? [...options.diets, diet] : options.diets.filter((d) => d !== diet);
            saveSetting('kitchen.diets', options.diets);
            findRecipes();
          },
        },
      }),
      h('span', { text: t(`diet.${diet}`) })));

    // Says honestly which ingredients a photo can be recognised as: the labels of the model the
    // server uses, the detector when it is installed, else the classifier.
    const recognised = h('p', { class: 'muted small', test: 'recognised-ingredients' });
    const photoHint = h('p', { class: 'muted small', test: 'photo-hint', text: t('kitchen.photoHint') });
    api.get('models').then(async (answer) => {
      const installed = new Set((answer.models || []).map((model) => model.name));
      const name = ['kitchen-detector', 'kitchen-ingredients'].find((candidate) => installed.has(candidate));
      if (!name) throw new Error('no ingredient model');
      const model = await api.get(`models/${name}`);
      if (name === 'kitchen-detector') photoHint.textContent = t('kitchen.photoHintDetector');
      await namesLoaded;
      recognised.textContent = t('kitchen.recognises', { count: model.labels.length, names: model.labels.map(display).join(', ') });
    }).catch(() => { recognised.textContent = t('kitchen.noModel'); });

    root.append(
      kitchenNav('/kitchen'),
      appColumns(h('section', { class: 'card', 'aria-labelledby': 'ingredients-title' },
        h('h2', { id: 'ingredients-title', text: t('kitchen.ingredients') }),
        form,
        h('div', { class: 'button-row' },
          button(t('kitchen.takePhoto'), {
            icon: 'camera', test: 'ingredient-photo',
            onClick: async () => {
              const photo = await takePhotoSheet(t('kitchen.takePhoto'));
              if (photo) identify(photo);
            },
          }),
          fileButton(t('action.chooseImage'), identify, { inputTest: 'file-input' }),
          clearButton),
        photoHint,
        recognised,
        pick,
        list),
      h('section', { class: 'card', 'aria-labelledby': 'recipes-title' },
        h('h2', { id: 'recipes-title', text: t('recipes.title') }),
        h('div', { class: 'recipe-options' },
          h('div', { class: 'field' }, h('label', { for: 'recipe-ranking', class: 'field-label', text: t('recipes.ranking') }), rankingSelect),
          h('div', { class: 'field' }, h('label', { for: 'recipe-minutes', class: 'field-label', text: t('recipes.maxTime') }), minutesSelect)),
        h('div', { class: 'filters__checks' }, pantry, diets),
        h('div', { class: 'button-row' }, button(t('recipes.find'), { icon: 'search', variant: 'primary', test: 'find-recipes', onClick: findRecipes })),
        recipes)));

    replace(list, loadingState(null, 'ingredients-loading'));
    try {
      await namesLoaded;
      const answer = await api.get('kitchen/ingredients');
      if (isCurrent()) setIngredients(answer.ingredients || []);
    } catch (error) {
      replace(list, errorState(error, null, 'ingredients-error'));
      replace(recipes);
    }
    return closeFound;
  },
};
