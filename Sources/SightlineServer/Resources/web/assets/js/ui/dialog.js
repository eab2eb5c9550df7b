// dialog.js: modal dialogs and bottom sheets on the native <dialog> element, which keeps focus
// inside while open and closes with Escape. `openDialog` resolves with the value of the action
// that closed it (or null when dismissed), and gives focus back to where it came from.
import { h, append, iconButton } from '../dom.js';
import { t } from '../i18n.js';

/**
 * Opens a modal dialog.
 * title: heading text; body: node(s); actions: [{label, value, variant, test}];
 * sheet: true for a bottom sheet; test: data-test of the dialog; onClose: called on close.
 * Returns { dialog, result: Promise, close(value) }.
 */
export function openDialog({ title, body, actions = [], sheet = false, test, wide = false }) {
  const opener = document.activeElement;
  const titleId = `dialog-title-${Math.random().toString(36).slice(2)}`;
  const dialog = h('dialog', {
    class: ['dialog', sheet && 'dialog--sheet', wide && 'dialog--wide'].filter(Boolean).join(' '),
    'aria-labelledby': titleId,
    test,
  });
  let resolve;
  const result = new Promise((r) => { resolve = r; });
  let returnValue = null;
  const close = (value = null) => {
    returnValue = value;
    if (dialog.open) dialog.close();
  };
  const header = h('header', { class: 'dialog__header' },
    h('h2', { id: titleId, class: 'dialog__title', text: title }),
    iconButton('close', t('action.close'), { test: 'dialog-close', onClick: () => close(null) }));
  const footer = actions.length
    ? h('footer', { class: 'dialog__actions' }, actions.map((action) => h('button', {
      type: 'button',
      class: ['button', action.variant && `button--${action.variant}`].filter(Boolean).join(' '),
      test: action.test,
      on: { click: () => close(action.value) },
    }, action.label)))
    : null;
  append(dialog, [header, h('div', { class: 'dialog__body' }, body), footer]);
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
    resolve(returnValue);
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close(null);
  });
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, result, close };
}

/** Asks a yes/no question; resolves true when confirmed. */
export async function confirmDialog(title, message, confirmLabel) {
  const { result } = openDialog({
    title,
    body: h('p', { text: message }),
    test: 'confirm-dialog',
    actions: [
      { label: t('action.cancel'), value: false, test: 'confirm-cancel' },
      { label: confirmLabel, value: true, variant: 'danger', test: 'confirm-ok' },
    ],
  });
  return (await result) === true;
}
