// settings.js: the few preferences the web app remembers in localStorage (language, theme,
// WasteGuard mode, history grouping). Reading never throws: private browsing modes can refuse
// storage, and the app then simply forgets between visits.

const PREFIX = 'sightline.';

export function loadSetting(name, fallback) {
  try {
    const value = localStorage.getItem(PREFIX + name);
    return value === null ? fallback : JSON.parse(value);
  } catch {
    return fallback;
  }
}

export function saveSetting(name, value) {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}
