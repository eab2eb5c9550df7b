// components.js: small building blocks the pages share — the "choose image" button with its
// file input, the loading / empty / error states, a labelled switch and a segmented choice.
import { h, icon, button } from '../dom.js';
import { t } from '../i18n.js';

/**
 * A "Choose image" button backed by a hidden file input (data-test `file-input`, or `inputTest`).
 * onFile(file) is called with the chosen file; the input is reset so the same file can be chosen again.
 */
export function fileButton(label, onFile, { test = 'choose-image', inputTest = 'file-input', variant, iconName = 'image' } = {}) {
  const input = h('input', {
    type: 'file',
    accept: 'image/jpeg,image/png,image/webp,image/*',
    class: 'visually-hidden',
    tabindex: '-1',
    'aria-hidden': 'true',
    test: inputTest,
    on: {
      change: () => {
        const file = input.files && input.files[0];
        input.value = '';
        if (file) onFile(file);
      },
    },
  });
  const trigger = button(label, { icon: iconName, variant, test, onClick: () => input.click() });
  return h('span', { class: 'file-button' }, trigger, input);
}

/** A centred spinner with a text, for content that is loading. */
export function loadingState(text, test = 'loading') {
  return h('div', { class: 'state state--loading', test, role: 'status' },
    h('span', { class: 'spinner', 'aria-hidden': 'true' }),
    h('p', { text: text || t('state.loading') }));
}

/** A friendly "nothing here yet" message with an optional action. */
export function emptyState(text, { test = 'empty', iconName = 'info', action } = {}) {
  return h('div', { class: 'state state--empty', test },
    icon(iconName, 'state__icon'),
    h('p', { text }),
    action || null);
}

/** An inline error in place of content that could not be loaded, with a retry button. */
export function errorState(error, retry, test = 'load-error') {
  return h('div', { class: 'state state--error', test, role: 'alert' },
    icon('alert', 'state__icon'),
    h('p', { text: (error && error.message) || t('error.unknown') }),
    retry ? button(t('action.retry'), { icon: 'refresh', onClick: retry, test: `${test}-retry` }) : null);
}

/** A checkbox styled as a switch, with its label. */
export function toggleSwitch(label, checked, onChange, { test, description } = {}) {
  const input = h('input', { type: 'checkbox', class: 'switch__input', role: 'switch', '.checked': Boolean(checked), test });
  input.addEventListener('change', () => onChange(input.checked, input));
  return h('label', { class: 'switch' }, input, h('span', { class: 'switch__track', 'aria-hidden': 'true' }),
    h('span', { class: 'switch__text' }, h('span', { text: label }), description ? h('small', { text: description }) : null));
}

/**
 * A group of radio buttons shown as a segmented control.
 * options: [{ value, label, test }]; onChange(value).
 */
export function segmented(name, legend, options, value, onChange) {
  return h('fieldset', { class: 'segmented' },
    h('legend', { class: 'visually-hidden', text: legend }),
    options.map((option) => h('label', { class: 'segmented__option' },
      h('input', {
        type: 'radio', name, value: option.value, '.checked': option.value === value, test: option.test,
        on: { change: (event) => { if (event.target.checked) onChange(option.value); } },
      }),
      h('span', { text: option.label }))));
}

/** The two columns of an app page: the picture and its controls, and the results. Side by side
 *  on a wide screen (app.css, ≥ 960 px), one above the other on a phone. */
export function appColumns(media, results) {
  return h('div', { class: 'app-columns' },
    h('div', { class: 'app-columns__media' }, media),
    h('div', { class: 'app-columns__results' }, results));
}

/** On a phone, where the result is below the picture, scrolls it into view when it arrives: its
 *  top just below the sticky app bar, so neither its heading nor its first button is hidden. */
export function revealResult(element) {
  if (!window.matchMedia('(max-width: 959px)').matches) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const bar = document.querySelector('.app-bar');
  element.style.scrollMarginTop = `${(bar ? bar.getBoundingClientRect().height : 0) + 8}px`;
  element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}
