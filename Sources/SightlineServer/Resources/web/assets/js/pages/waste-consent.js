// waste-consent.js: WasteGuard's consent gate. Before the first analysis the user reads the
// privacy policy, the disclaimer and the terms of use (texts from GET /api/v1/waste/consent)
// and accepts each one separately; declining leaves WasteGuard. A document whose text changed
// since it was accepted is marked and must be accepted again.
import { h, icon, button } from '../dom.js';
import { t, formatDateTime } from '../i18n.js';
import { api } from '../api.js';
import { renderMarkdown } from '../ui/markdown.js';
import { showError, showStatus } from '../ui/notices.js';

export const CONSENT_DOCUMENTS = ['privacy', 'disclaimer', 'terms'];

/** True when every document is accepted at its current version. */
export function consentGranted(consent) {
  if (typeof consent.granted === 'boolean') return consent.granted;
  return CONSENT_DOCUMENTS.every((name) => consent[name] && consent[name].state === 'accepted');
}

/** Renders the gate into `container`; calls onGranted() once all three are accepted. */
export function renderConsentGate(container, consent, { onGranted, onDeclined }) {
  const checks = new Map();
  const acceptButton = button(t('consent.accept'), { icon: 'check', variant: 'primary', test: 'consent-accept' });
  const update = () => {
    acceptButton.disabled = ![...checks.values()].every((input) => input.checked);
  };
  const sections = CONSENT_DOCUMENTS.map((name) => {
    const document = consent[name] || {};
    const accepted = document.state === 'accepted';
    const input = h('input', { type: 'checkbox', test: `consent-check-${name}`, '.checked': accepted, on: { change: update } });
    checks.set(name, input);
    return h('section', { class: 'consent-doc', test: `consent-${name}` },
      h('h2', { class: 'consent-doc__title' }, h('span', { text: document.title || t(`consent.${name}`) }),
        document.state === 'outdated' ? h('span', { class: 'chip chip--warn', text: t('consent.changed') }) : null,
        accepted ? h('span', { class: 'chip chip--ok', text: t('consent.acceptedOn', { date: formatDateTime(document.accepted_at) }) }) : null),
      h('div', { class: 'consent-doc__body', tabindex: '0', role: 'region', 'aria-label': document.title || t(`consent.${name}`) },
        renderMarkdown(document.body || '')),
      h('label', { class: 'check' }, input, h('span', { text: t('consent.acceptDocument', { title: document.title || t(`consent.${name}`) }) })));
  });
  acceptButton.addEventListener('click', async () => {
    acceptButton.disabled = true;
    try {
      const missing = CONSENT_DOCUMENTS.filter((name) => !consent[name] || consent[name].state !== 'accepted');
      const updated = await api.post('waste/consent', { documents: missing.length ? missing : CONSENT_DOCUMENTS });
      if (updated && !consentGranted(updated)) throw new Error(t('consent.notAll'));
      showStatus(t('consent.thanks'));
      onGranted();
    } catch (error) {
      showError(error);
      update();
    }
  });
  const declineButton = button(t('consent.decline'), { variant: 'ghost', test: 'consent-decline', onClick: onDeclined });
  container.append(h('div', { class: 'consent', test: 'consent-gate' },
    h('div', { class: 'consent__intro' }, icon('shield'), h('p', { text: t('consent.intro') })),
    sections,
    h('div', { class: 'consent__actions' }, declineButton, acceptButton)));
  update();
}
