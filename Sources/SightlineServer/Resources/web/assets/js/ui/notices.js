// notices.js: how the app tells the user what happened outside the page's own content — the
// dismissible error banner (every API error ends up here: a corrupt upload, a busy server), a
// short-lived status message ("Saved to history") read out by screen readers, and the "Undo"
// of a delete, which is carried out only once the few seconds to undo it have passed.
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
  settlePendingDelete();
  const status = document.getElementById('status-toast');
  status.textContent = text;
  status.hidden = false;
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => {
    status.hidden = true;
    status.textContent = '';
  }, 3500);
}

/** How long a delete can be undone. */
export const UNDO_MS = 6000;
let pendingDelete = null;

/** Carries out the delete waiting for its undo time at once (another change is sent, another
 *  delete starts, or the page is closed), so a delete is never lost or overtaken; resolves when
 *  it is done. */
export function settlePendingDelete() {
  if (!pendingDelete) return Promise.resolve();
  const { perform, timer } = pendingDelete;
  pendingDelete = null;
  clearTimeout(timer);
  return perform();
}
window.addEventListener('pagehide', settlePendingDelete);

/**
 * A delete the user can take back: `hide()` takes the item off the page at once; the status area
 * says `text` with an "Undo" button for UNDO_MS. Undo calls `restore()`; otherwise `remove()`
 * (the API call) runs when the time is up, and `restore()` runs if it fails.
 */
export function undoableDelete(text, { hide, remove, restore }) {
  settlePendingDelete();
  hide();
  const status = document.getElementById('status-toast');
  const perform = async () => {
    status.hidden = true;
    status.replaceChildren();
    try {
      await remove();
    } catch (error) {
      restore();
      showError(error);
    }
  };
  const undo = h('button', { type: 'button', class: 'toast__action', test: 'undo', text: t('action.undo') });
  undo.addEventListener('click', () => {
    clearTimeout(pendingDelete && pendingDelete.timer);
    pendingDelete = null;
    status.hidden = true;
    status.replaceChildren();
    restore();
  });
  clearTimeout(statusTimer);
  replace(status, h('span', { text }), undo);
  status.hidden = false;
  pendingDelete = { perform, timer: setTimeout(() => settlePendingDelete(), UNDO_MS) };
}
