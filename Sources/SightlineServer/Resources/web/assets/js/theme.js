// theme.js: light and dark. The stylesheet follows prefers-color-scheme by default; the toggle
// overrides it with an explicit choice (html[data-theme]), remembered in localStorage.
import { loadSetting, saveSetting } from './settings.js';

const media = window.matchMedia('(prefers-color-scheme: dark)');

/** The theme in effect: the remembered choice, else the system's. */
export function currentTheme() {
  return loadSetting('theme', null) || (media.matches ? 'dark' : 'light');
}

export function applyTheme() {
  const chosen = loadSetting('theme', null);
  if (chosen) document.documentElement.dataset.theme = chosen;
  else delete document.documentElement.dataset.theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.content = currentTheme() === 'dark' ? '#15181c' : '#f5f7fa';
}

/** Switches between light and dark and remembers the choice. */
export function toggleTheme() {
  saveSetting('theme', currentTheme() === 'dark' ? 'light' : 'dark');
  applyTheme();
}

media.addEventListener('change', applyTheme);
