// waste-settings.js: WasteGuard's settings — whose disposal rules apply (municipality), the
// opt-in tally of detected objects (counts only, never pictures) and the consent, which can
// be withdrawn here.
import { h, button, replace } from '../dom.js';
import { t, formatDateTime } from '../i18n.js';
import { api } from '../api.js';
import { loadingState, errorState, toggleSwitch } from '../ui/components.js';
import { confirmDialog } from '../ui/dialog.js';
import { showError, showStatus } from '../ui/notices.js';
import { CONSENT_DOCUMENTS } from './waste-consent.js';

function municipalitySection(data) {
  const note = h('p', { class: 'muted', test: 'municipality-note' });
  const source = h('p', { class: 'muted' });
  const describe = (id) => {
    const municipality = (data.municipalities || []).find((m) => m.id === id);
    note.textContent = municipality ? municipality.note || '' : '';
    replace(source, municipality && municipality.source
      ? h('a', { href: municipality.source, target: '_blank', rel: 'noopener noreferrer', text: t('settings.rulesSource') })
      : null);
  };
  const select = h('select', { id: 'municipality-select', test: 'municipality-select' },
    (data.municipalities || []).map((m) => h('option', { value: m.id, '.selected': m.id === data.selected, text: m.name })));
  select.addEventListener('change', async () => {
    try {
      await api.put('waste/municipality', { id: select.value });
      describe(select.value);
      showStatus(t('settings.municipalitySaved'));
    } catch (error) {
      showError(error);
      select.value = data.selected;
    }
  });
  describe(data.selected);
  return h('section', { class: 'card', test: 'municipality' },
    h('h2', { text: t('settings.municipality') }),
    h('label', { for: 'municipality-select', class: 'field-label', text: t('settings.municipalityLabel') }),
    select, note, source);
}

function tallySection(data) {
  const counts = h('div', { test: 'tally-counts' });
  const drawCounts = (tally) => replace(counts, (tally.counts || []).length
    ? h('table', { class: 'table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('settings.object') }), h('th', { scope: 'col', text: t('settings.count') }))),
      h('tbody', {}, tally.counts.map((c) => h('tr', {}, h('td', { text: c.display_name || c.label }), h('td', { text: String(c.count) })))))
    : h('p', { class: 'muted', text: t('settings.noCounts') }));
  drawCounts(data);
  return h('section', { class: 'card', test: 'tally' },
    h('h2', { text: t('settings.tally') }),
    toggleSwitch(t('settings.tallyLabel'), data.enabled, async (checked, input) => {
      try {
        drawCounts(await api.put('waste/tally', { enabled: checked }));
        showStatus(checked ? t('settings.tallyOn') : t('settings.tallyOff'));
      } catch (error) {
        input.checked = !checked;
        showError(error);
      }
    }, { test: 'tally-toggle', description: data.explanation || t('settings.tallyExplanation') }),
    counts);
}

function consentSection(consent, navigate) {
  return h('section', { class: 'card', test: 'consent-settings' },
    h('h2', { text: t('settings.consent') }),
    h('ul', { class: 'plain-list' }, CONSENT_DOCUMENTS.map((name) => {
      const document = consent[name] || {};
      return h('li', {}, h('strong', { text: document.title || t(`consent.${name}`) }), ' — ',
        h('span', { text: document.state === 'accepted' ? t('consent.acceptedOn', { date: formatDateTime(document.accepted_at) }) : t('consent.notAccepted') }));
    })),
    button(t('settings.withdraw'), {
      icon: 'trash', variant: 'danger-ghost', test: 'consent-withdraw',
      onClick: async () => {
        if (!(await confirmDialog(t('settings.withdrawTitle'), t('settings.withdrawText'), t('settings.withdraw')))) return;
        try {
          await api.delete('waste/consent');
          showStatus(t('settings.withdrawn'));
          navigate('/waste');
        } catch (error) {
          showError(error);
        }
      },
    }));
}

export default {
  id: 'waste-settings',
  title: () => t('settings.title'),
  back: '/waste',
  async render({ root, navigate, isCurrent }) {
    const body = h('div', { class: 'stack' });
    root.append(body);
    const load = async () => {
      replace(body, loadingState());
      try {
        const [municipality, tally, consent] = await Promise.all([
          api.get('waste/municipality'), api.get('waste/tally'), api.get('waste/consent')]);
        if (!isCurrent()) return;
        replace(body, municipalitySection(municipality), tallySection(tally), consentSection(consent, navigate));
      } catch (error) {
        replace(body, errorState(error, load));
      }
    };
    await load();
  },
};
