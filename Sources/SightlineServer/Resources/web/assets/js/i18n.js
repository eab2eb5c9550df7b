// i18n.js: the web app's texts in English, German and Ukrainian. Strings live in
// /assets/i18n/<lang>.json; `t(key, values)` looks one up, fills {placeholders} and picks the
// plural form (Intl.PluralRules: Ukrainian has one/few/many/other; an optional "zero" form
// is used for a count of 0). The chosen language is
// remembered and sent to the API as ?lang=.
import { loadSetting, saveSetting } from './settings.js';

export const LANGUAGES = [
  { code: 'en', name: 'English', short: 'EN' },
  { code: 'de', name: 'Deutsch', short: 'DE' },
  { code: 'uk', name: 'Українська', short: 'УКР' },
];

let current = 'en';
let strings = {};
let fallback = {};
const listeners = new Set();

function initialLanguage() {
  const saved = loadSetting('lang', null);
  if (LANGUAGES.some((l) => l.code === saved)) return saved;
  for (const preferred of navigator.languages || []) {
    const code = preferred.slice(0, 2).toLowerCase();
    if (LANGUAGES.some((l) => l.code === code)) return code;
  }
  return 'en';
}

async function fetchStrings(code) {
  const response = await fetch(`/assets/i18n/${code}.json`);
  if (!response.ok) throw new Error(`Missing texts for ${code}`);
  return response.json();
}

/** Loads the remembered (or browser's) language; English is always loaded as the fallback. */
export async function initI18n() {
  fallback = await fetchStrings('en');
  await setLanguage(initialLanguage(), { notify: false });
}

/** Switches language, remembers it and tells listeners (the router re-renders the page). */
export async function setLanguage(code, { notify = true } = {}) {
  strings = code === 'en' ? fallback : await fetchStrings(code);
  current = code;
  saveSetting('lang', code);
  document.documentElement.lang = code;
  if (notify) for (const listener of listeners) listener(code);
}

export function language() {
  return current;
}

export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** The text for `key`; `values` fill {name} placeholders, and `values.count` picks a plural form. */
export function t(key, values = {}) {
  let entry = strings[key] ?? fallback[key];
  if (entry === undefined) return key;
  if (typeof entry === 'object') {
    const count = values.count ?? 0;
    const form = count === 0 && entry.zero ? 'zero' : new Intl.PluralRules(current).select(count);
    entry = entry[form] ?? entry.other;
  }
  return entry.replace(/\{(\w+)\}/g, (match, name) => (name in values ? String(values[name]) : match));
}

/** A date and time in the current language, e.g. "21 Nov 2026, 18:19". */
export function formatDateTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(current, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A probability 0…1 as the apps show it, written the current language's way with `digits`
 *  decimals: "87.3%", "87,3 %", "87,3%". */
export function percent(confidence, digits = 1) {
  return new Intl.NumberFormat(current, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(confidence);
}

/** A number written the current language's way ("1,234.5", "1.234,5", "1 234,5"). */
export function formatNumber(value, maximumFractionDigits = 2) {
  return new Intl.NumberFormat(current, { maximumFractionDigits }).format(value);
}
