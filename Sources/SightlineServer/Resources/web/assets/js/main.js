// main.js: starts the web app — loads the texts, applies the theme, fills the app bar
// (back button, page title, language and theme switches) and hands the page area to the router.
import { initI18n, setLanguage, language, LANGUAGES, onLanguageChange, t } from './i18n.js';
import { applyTheme, toggleTheme, currentTheme } from './theme.js';
import { Router } from './router.js';
import { h, icon, replace } from './dom.js';
import home from './pages/home.js';
import recognizer from './pages/recognizer.js';
import recognizerHistory from './pages/recognizer-history.js';
import waste from './pages/waste.js';
import wasteOverview from './pages/waste-overview.js';
import wasteSettings from './pages/waste-settings.js';
import cat from './pages/cat.js';
import catHistory from './pages/cat-history.js';
import breeds from './pages/breeds.js';
import breed from './pages/breed.js';
import kitchen from './pages/kitchen.js';
import recipe from './pages/recipe.js';
import kitchenFavourites from './pages/kitchen-favourites.js';
import shoppingList from './pages/shopping-list.js';
import library from './pages/library.js';
import libraryPhoto from './pages/library-photo.js';
import notFound from './pages/not-found.js';

const ROUTES = [
  { pattern: /^\/$/, page: home },
  { pattern: /^\/recognizer$/, page: recognizer },
  { pattern: /^\/recognizer\/history$/, page: recognizerHistory },
  { pattern: /^\/waste$/, page: waste },
  { pattern: /^\/waste\/overview$/, page: wasteOverview },
  { pattern: /^\/waste\/settings$/, page: wasteSettings },
  { pattern: /^\/cat$/, page: cat },
  { pattern: /^\/cat\/history$/, page: catHistory },
  { pattern: /^\/breeds$/, page: breeds },
  { pattern: /^\/breeds\/([^/]+)$/, page: breed },
  { pattern: /^\/kitchen$/, page: kitchen },
  { pattern: /^\/kitchen\/recipes\/([^/]+)$/, page: recipe },
  { pattern: /^\/kitchen\/favourites$/, page: kitchenFavourites },
  { pattern: /^\/kitchen\/shopping-list$/, page: shoppingList },
  { pattern: /^\/library$/, page: library },
  { pattern: /^\/library\/photos\/(\d+)$/, page: libraryPhoto },
];

/** Texts of the static page (index.html): data-i18n sets the text, data-i18n-label the accessible name. */
function translateStatic() {
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const element of document.querySelectorAll('[data-i18n-label]')) {
    element.setAttribute('aria-label', t(element.dataset.i18nLabel));
    element.title = t(element.dataset.i18nLabel);
  }
}

function drawThemeButton() {
  const button = document.getElementById('theme-toggle');
  const dark = currentTheme() === 'dark';
  replace(button, icon(dark ? 'sun' : 'moon'));
  const label = dark ? t('theme.toLight') : t('theme.toDark');
  button.setAttribute('aria-label', label);
  button.title = label;
  button.dataset.theme = currentTheme();
}

function setUpLanguageSelect() {
  const select = document.getElementById('language-select');
  replace(select, LANGUAGES.map((l) => h('option', { value: l.code, lang: l.code, title: l.name, '.selected': l.code === language(), text: l.short })));
  select.addEventListener('change', () => setLanguage(select.value));
}

async function start() {
  applyTheme();
  await initI18n();
  translateStatic();
  setUpLanguageSelect();
  drawThemeButton();
  const backButton = document.getElementById('back-button');
  const title = document.getElementById('page-title');
  let current = null;
  const router = new Router(ROUTES, notFound, {
    main: document.getElementById('main'),
    onRoute: ({ page, params, title: text }) => {
      current = { page, params };
      title.textContent = text;
      backButton.hidden = !page.back;
      document.body.dataset.page = page.id;
    },
  });
  backButton.addEventListener('click', () => {
    if (current && current.page.back) router.back(current.page.back);
  });
  document.getElementById('theme-toggle').addEventListener('click', () => {
    toggleTheme();
    drawThemeButton();
  });
  onLanguageChange(() => {
    translateStatic();
    drawThemeButton();
    router.render();
  });
  await router.render();
}

start().catch((error) => {
  const main = document.getElementById('main');
  replace(main, h('p', { class: 'state state--error', role: 'alert', text: `Sightline could not start: ${error.message}` }));
});
