// waste.js: WasteGuard. After the consent gate: the mode ("Check organic waste" / "Classify
// objects", each with its "?" help), a photo from the camera, an image from the device or the
// live view; boxes drawn over the picture from the JSON (red non-organic, green organic, each
// with its confidence); the information text in a fixed-size area; and per object the bin it
// belongs in, with its symbol and the reason. Analysed photos are never stored.
import { h, icon, iconButton, button, link, replace } from '../dom.js';
import { percent, t } from '../i18n.js';
import { api } from '../api.js';
import { loadSetting, saveSetting } from '../settings.js';
import { Stage } from '../ui/stage.js';
import { LiveView, liveBadges } from '../ui/live-view.js';
import { openDialog } from '../ui/dialog.js';
import { renderMarkdown } from '../ui/markdown.js';
import { appColumns, fileButton, loadingState, errorState, revealResult, segmented, toggleSwitch } from '../ui/components.js';
import { showError, showStatus } from '../ui/notices.js';
import { consentGranted, renderConsentGate } from './waste-consent.js';

const MODES = ['check', 'classify'];

/** The bin symbol's URL: the API's, or derived from the bin id. */
function binSymbolUrl(object) {
  const symbol = object.bin_symbol || '';
  if (symbol.startsWith('/api/') || symbol.startsWith('/assets/')) return symbol;
  return `/api/v1/waste/symbols/${encodeURIComponent(object.bin)}.svg`;
}

async function showHelp(mode) {
  try {
    const help = await api.get('waste/help', { mode });
    const entry = (help.modes || []).find((m) => m.mode === mode) || help;
    openDialog({ title: entry.title || t(`waste.mode.${mode}`), body: h('div', { class: 'prose' }, renderMarkdown(entry.body || entry.help || '')), test: 'help-dialog' });
  } catch (error) {
    showError(error);
  }
}

function objectCard(object) {
  return h('li', { class: `waste-object waste-object--${object.organic ? 'organic' : 'non-organic'}`, test: 'waste-object', dataset: { label: object.label, organic: String(object.organic) } },
    h('img', { class: 'bin-symbol', src: binSymbolUrl(object), alt: object.bin_name, test: 'bin-symbol', width: '48', height: '48' }),
    h('div', { class: 'waste-object__text' },
      h('p', { class: 'waste-object__title' },
        h('span', { test: 'waste-object-name', text: object.display_name }),
        h('span', { class: `chip chip--${object.organic ? 'organic' : 'non-organic'}`, text: percent(object.confidence) })),
      h('p', { class: 'waste-object__kind', text: object.organic ? t('waste.organic') : t('waste.nonOrganic') }),
      h('p', { class: 'waste-object__bin' }, h('strong', { text: t('waste.bin') }), ' ', h('span', { test: 'waste-object-bin', text: object.bin_name })),
      object.guidance ? h('p', { class: 'waste-object__guidance', text: object.guidance }) : null,
      object.alternatives && object.alternatives.length
        ? h('p', { class: 'waste-object__alternatives', text: t('waste.alternatives', { bins: object.alternatives.map((a) => a.bin_name).join(', ') }) })
        : null));
}

/** Where the waste the whole-photo verdict describes goes (the report's verdict guidance). */
function verdictCard(guidance) {
  return h('li', { class: 'waste-object waste-object--verdict', test: 'waste-verdict', dataset: { bin: guidance.bin } },
    h('img', { class: 'bin-symbol', src: guidance.bin_symbol, alt: guidance.bin_name, test: 'bin-symbol', width: '48', height: '48' }),
    h('div', { class: 'waste-object__text' },
      h('p', { class: 'waste-object__title' }, h('span', { text: t('waste.wholePhoto') })),
      h('p', { class: 'waste-object__bin' }, h('strong', { text: t('waste.bin') }), ' ', h('span', { test: 'waste-verdict-bin', text: guidance.bin_name })),
      guidance.text ? h('p', { class: 'waste-object__guidance', text: guidance.text }) : null,
      guidance.alternatives && guidance.alternatives.length
        ? h('p', { class: 'waste-object__alternatives', text: t('waste.alternatives', { bins: guidance.alternatives.map((a) => a.bin_name).join(', ') }) })
        : null));
}

function renderMain(root, { onConsentLost }) {
  let mode = MODES.includes(loadSetting('waste.mode', 'check')) ? loadSetting('waste.mode', 'check') : 'check';
  let lastPhoto = null;
  let liveOn = false;
  let analysing = 0;
  const stage = new Stage({ test: 'waste-stage', label: t('waste.cameraLabel') });
  const placeholder = () => stage.showPlaceholder(h('div', { class: 'camera-problem' }, icon('recycle', 'state__icon'), h('p', { text: t('waste.placeholder') })));
  placeholder();
  const information = h('div', { class: 'information', test: 'waste-information', 'aria-live': 'polite', tabindex: '0' },
    h('p', { class: 'information__hint', text: t('waste.informationHint') }));
  const objects = h('ul', { class: 'waste-objects', test: 'waste-objects' });

  const showReport = (report) => {
    const boxes = (report.objects || []).map((object) => ({
      ...object.box,
      kind: object.organic ? 'organic' : 'non-organic',
      label: percent(object.confidence),
      description: `${object.display_name}, ${percent(object.confidence)}`,
      test: 'waste-box',
      data: { organic: String(object.organic), label: object.label },
    }));
    const width = report.image ? report.image.width : stage.source.width;
    const height = report.image ? report.image.height : stage.source.height;
    stage.drawBoxes(boxes, width, height);
    replace(information, String(report.information || '').trim().split('\n').map((line) => h('p', { text: line })));
    information.dataset.count = String((report.objects || []).length);
    const verdictGuidance = report.verdict && report.verdict.guidance;
    replace(objects, (report.objects || []).map(objectCard), verdictGuidance ? verdictCard(verdictGuidance) : null);
  };

  const analyse = async (photo) => {
    lastPhoto = photo;
    const ticket = ++analysing;
    await stage.showImage(photo, t('waste.photoAlt'));
    replace(information, loadingState(t('waste.analysing'), 'waste-loading'));
    replace(objects);
    try {
      const report = await api.upload('waste', photo, { mode });
      if (ticket === analysing) {
        showReport(report);
        revealResult(information);
      }
    } catch (error) {
      if (ticket !== analysing) return;
      placeholder();
      replace(information, h('p', { class: 'information__error', text: error.message }));
      if (error.code === 'consent_required') onConsentLost();
      else showError(error);
    }
  };

  const liveView = new LiveView(stage, {
    live: null,
    onResult: (report, stats) => {
      if (!report) return;
      showReport(report);
      stage.setBadges(liveBadges(stats));
    },
    onError: (error) => {
      if (error.code === 'consent_required') onConsentLost();
      else if (error.code !== 'busy') replace(information, h('p', { class: 'information__error', text: error.message }));
    },
    onStateChange: (running) => {
      takePhoto.querySelector('span').textContent = running ? t('waste.capture') : t('waste.takePhoto');
      takePhoto.classList.toggle('button--capture', running);
      switchButton.disabled = !running;
      if (!running) stage.setBadges([]);
    },
  });

  const takePhoto = button(t('waste.takePhoto'), {
    icon: 'camera', variant: 'primary', test: 'take-photo',
    onClick: async () => {
      if (!liveView.running) {
        replace(objects);
        await liveView.start();
        return;
      }
      const photo = await liveView.camera.capture(1280, 0.9);
      setLive(false);
      liveView.stop();
      if (photo) analyse(photo);
    },
  });
  const switchButton = iconButton('switch-camera', t('camera.switch'), { test: 'switch-camera', onClick: () => liveView.switchCamera(), attrs: { disabled: true } });
  const liveToggle = toggleSwitch(t('waste.liveView'), false, (checked) => setLive(checked), { test: 'live-toggle' });
  const liveInput = liveToggle.querySelector('input');

  function setLive(on) {
    liveOn = on;
    liveInput.checked = on;
    liveView.setLive(on ? { app: 'waste', mode } : null);
    if (on) {
      replace(objects);
      if (!liveView.running) liveView.start();
      else stage.showVideo();
    } else if (stage.mode === 'video') {
      stage.clearBoxes();
      stage.setBadges([]);
    }
  }

  const modeControl = h('div', { class: 'mode-choice' },
    segmented('waste-mode', t('waste.modeLegend'), MODES.map((value) => ({ value, label: t(`waste.mode.${value}`), test: `mode-${value}` })), mode, (value) => {
      mode = value;
      saveSetting('waste.mode', value);
      if (liveOn) liveView.setLive({ app: 'waste', mode });
      else if (lastPhoto && stage.mode === 'image') analyse(lastPhoto);
    }),
    h('div', { class: 'mode-choice__help' }, MODES.map((value) => iconButton('help', t('waste.helpFor', { mode: t(`waste.mode.${value}`) }), {
      test: `help-${value}`, onClick: () => showHelp(value),
    }))));

  root.append(
    modeControl,
    appColumns([
      h('div', { class: 'stage-wrap' }, stage.element),
      h('div', { class: 'camera-controls camera-controls--waste' },
        takePhoto,
        fileButton(t('action.chooseImage'), (file) => {
          setLive(false);
          liveView.stop();
          analyse(file);
        }),
        switchButton),
      h('div', { class: 'toolbar' }, liveToggle),
    ], [information, objects]),
    h('nav', { class: 'link-row', 'aria-label': t('waste.more') },
      link('/waste/overview', [icon('list'), h('span', { text: t('waste.overview') })], { class: 'button button--ghost', test: 'overview-link' }),
      link('/waste/settings', [icon('settings'), h('span', { text: t('waste.settings') })], { class: 'button button--ghost', test: 'settings-link' })),
    h('p', { class: 'privacy-note' }, icon('lock'), h('span', { text: t('waste.privacy') })));

  return () => {
    liveView.destroy();
    stage.destroy();
  };
}

export default {
  id: 'waste',
  title: () => t('waste.name'),
  back: '/',
  async render({ root, navigate, isCurrent }) {
    let cleanup = null;
    const container = h('div', { class: 'stack' });
    root.append(container);
    const show = async () => {
      if (cleanup) cleanup();
      cleanup = null;
      replace(container, loadingState());
      let consent;
      try {
        consent = await api.get('waste/consent');
      } catch (error) {
        replace(container, errorState(error, show));
        return;
      }
      if (!isCurrent()) return;
      container.replaceChildren();
      if (consentGranted(consent)) {
        cleanup = renderMain(container, { onConsentLost: show });
      } else {
        renderConsentGate(container, consent, {
          onGranted: show,
          onDeclined: () => {
            showStatus(t('consent.declined'));
            navigate('/');
          },
        });
      }
    };
    await show();
    return () => {
      if (cleanup) cleanup();
    };
  },
};
