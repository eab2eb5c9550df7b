// notices.js: how the app tells the user what happened outside the page's own content — the
// dismissible error banner (every API error ends up here: a corrupt upload, a busy server) and
// a short-lived status message ("Saved to history") read out by screen readers.
import { h, icon, iconButton, replace } from '../dom.js';
import { t } from '../i18n.js';

let statusTimer = null;

/** Shows an error (an ApiError, an Error or a string) in the banner until it is dismissed. */
export function showError(error) {
  if (error && error.name === 'AbortError') return;
  const banner = document.getElementById('error-banner');
  const message = typeof error === 'string' ? error : (error && error.message) || t('error.unknown');
  const code = error && error.code ? error.code : '';
  replace(banner,
    h('div', { class: 'banner__body' },
      icon('alert', 'banner__icon'),
      h('div', {},
        h('strong', { class: 'banner__title', text: t('error.title') }),
        h('p', { class: 'banner__message', test: 'error-message', text: message, dataset: { code } }))),
    iconButton('close', t('action.dismiss'), { test: 'error-dismiss', onClick: hideError }));
  banner.hidden = false;
  banner.dataset.code = code;
}

export function hideError() {
  const banner = document.getElementById('error-banner');
  banner.hidden = true;
  banner.replaceChildren();
}

/** A brief confirmation in the status area, announced politely. */
export function showStatus(text) {
  const status = document.getElementById('status-toast');
  status.textContent = text;
  status.hidden = false;
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => {
    status.hidden = true;
    status.textContent = '';
  }, 3500);
}
