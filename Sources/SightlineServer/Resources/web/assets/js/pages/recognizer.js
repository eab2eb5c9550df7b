// recognizer.js: the Object Recognizer. The live camera names what it sees in the result bar
// ("<name>, <confidence>%" when the model is sure, "Not sure — maybe …?" when it is not: the
// API's `answer`, in the page's language) with the optional top 5, frames per second and
// latency; the shutter (or "Choose image") opens the capture sheet — the photo with its caption
// band and its face scan — where Accept saves it to the history (POST /api/v1/recognize?save=true).
import { h, icon, iconButton, link, replace } from '../dom.js';
import { t, percent } from '../i18n.js';
import { api } from '../api.js';
import { loadSetting, saveSetting } from '../settings.js';
import { Stage } from '../ui/stage.js';
import { LiveView, liveBadges } from '../ui/live-view.js';
import { openDialog } from '../ui/dialog.js';
import { appColumns, fileButton, toggleSwitch } from '../ui/components.js';
import { showError, showStatus } from '../ui/notices.js';

/** What to say about a result: the API's answer in the page's language ("banana, 97.1%", or
 *  "Not sure — maybe a banana (41%)?" below the model's threshold). */
function caption(result) {
  return result.answer || result.caption;
}

function top5List(result) {
  return (result.top5 || []).map((entry, index) => h('li', { class: 'top5__item', test: 'top5-item' },
    h('span', { class: 'top5__rank', text: `${index + 1}` }),
    h('span', { class: 'top5__label', text: entry.name || entry.label }),
    h('span', { class: 'top5__value', text: percent(entry.confidence) }),
    h('span', { class: 'top5__bar', 'aria-hidden': 'true' },
      h('span', { style: { width: `${Math.max(1, entry.confidence * 100)}%` } }))));
}

/** The history button's picture: the latest capture's thumbnail, or the history icon. */
async function refreshHistoryButton(historyButton) {
  const thumb = historyButton.querySelector('.history-button__thumb');
  try {
    const { captures } = await api.get('recognizer/history', { limit: 1 });
    const latest = captures && captures[0];
    if (latest) {
      replace(thumb, h('img', {
        src: `/api/v1/recognizer/history/${latest.id}/thumbnail`,
        alt: t('recognizer.latestCapture', { label: latest.name || latest.label }),
        test: 'history-thumbnail',
      }));
      return;
    }
  } catch {
    // Without a history the button shows its icon.
  }
  replace(thumb, icon('history'));
}

/** The capture sheet: recognises the photo, shows caption and face scan, resolves true when saved. */
async function captureSheet(photo, historyButton) {
  const stage = new Stage({ test: 'capture-stage' });
  const band = h('div', { class: 'caption-band', test: 'capture-caption', text: t('recognizer.recognising') });
  const details = h('div', { class: 'capture-details', 'aria-live': 'polite' });
  const facesSection = h('section', { class: 'face-scan', test: 'face-scan' },
    h('h3', { class: 'face-scan__title' }, icon('face'), h('span', { text: t('recognizer.faceScan') })),
    h('p', { class: 'face-scan__text', test: 'faces-text', text: t('recognizer.scanningFaces') }));
  let burnCaption = loadSetting('recognizer.burnCaption', false);
  const captionToggle = toggleSwitch(t('recognizer.burnCaption'), burnCaption, (checked) => {
    burnCaption = checked;
    saveSetting('recognizer.burnCaption', checked);
  }, { test: 'capture-caption-toggle' });
  const sheet = openDialog({
    title: t('recognizer.captureTitle'),
    body: [h('div', { class: 'capture-stage' }, stage.element), details, facesSection, captionToggle],
    sheet: true,
    test: 'capture-sheet',
    actions: [
      { label: t('action.cancel'), value: 'cancel', test: 'capture-cancel' },
      { label: t('recognizer.accept'), value: 'accept', variant: 'primary', test: 'capture-accept' },
    ],
  });
  const acceptButton = sheet.dialog.querySelector('[data-test="capture-accept"]');
  acceptButton.disabled = true;
  const size = await stage.showImage(photo, t('recognizer.capturedPhoto'));
  stage.setOverlay(band);
  let result;
  try {
    result = await api.upload('recognize', photo, { top: 5, faces: true });
  } catch (error) {
    sheet.close(null);
    stage.destroy();
    showError(error);
    return false;
  }
  band.textContent = caption(result);
  stage.image.alt = caption(result);
  replace(details,
    h('p', { class: 'capture-details__category' }, icon('tag'), h('span', { test: 'capture-category', text: result.category_name || '' })),
    h('ol', { class: 'top5 top5--compact', test: 'capture-top5' }, top5List(result)));
  const faces = result.face_boxes || [];
  const facesText = result.faces_text || t('recognizer.facesFound', { count: faces.length });
  const facesLine = facesSection.querySelector('.face-scan__text');
  facesLine.textContent = facesText;
  facesLine.dataset.count = String(faces.length);
  facesSection.classList.toggle('face-scan--none', faces.length === 0);
  const width = (result.image && result.image.width) || size.width;
  const height = (result.image && result.image.height) || size.height;
  // The band goes to the bottom when a face reaches into the top quarter and fewer into the
  // bottom one, as on the saved photo.
  const inTop = faces.filter((face) => face.y < height * 0.25).length;
  const inBottom = faces.filter((face) => face.y + face.height > height * 0.75).length;
  band.classList.toggle('caption-band--bottom', inTop > 0 && inBottom < inTop);
  stage.drawBoxes(faces.map((face, index) => ({
    ...face, kind: 'face', test: 'face-box', label: `${index + 1}`, description: t('recognizer.faceBox', { n: index + 1, confidence: percent(face.confidence) }),
  })), width, height);
  stage.overlay.append(band);
  acceptButton.disabled = false;
  const choice = await sheet.result;
  stage.destroy();
  if (choice !== 'accept') return false;
  try {
    const saved = await api.upload('recognize', photo, { top: 5, faces: true, save: true, caption: burnCaption });
    showStatus(t('recognizer.saved', { caption: caption(saved) }));
    await refreshHistoryButton(historyButton);
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

export default {
  id: 'recognizer',
  title: () => t('recognizer.name'),
  back: '/',
  render({ root }) {
    const stage = new Stage({ test: 'recognizer-stage', label: t('recognizer.cameraLabel') });
    const resultLabel = h('span', { class: 'result-bar__label', test: 'result-label', text: t('recognizer.waiting') });
    const resultCategory = h('span', { class: 'result-bar__category', test: 'result-category' });
    const resultBar = h('div', { class: 'result-bar', role: 'status', 'aria-live': 'off', test: 'result-bar' }, resultLabel, resultCategory);
    let showTop5 = loadSetting('recognizer.top5', false);
    const top5 = h('ol', { class: 'top5', test: 'top5-list', hidden: !showTop5 });
    let lastErrorCode = null;

    const liveView = new LiveView(stage, {
      live: { app: 'recognizer', top: 5 },
      onResult: (result, stats) => {
        if (!result) return;
        lastErrorCode = null;
        resultLabel.textContent = caption(result);
        resultBar.dataset.label = result.label;
        resultBar.dataset.sure = String(result.sure !== false);
        resultCategory.textContent = result.category_name || '';
        replace(top5, top5List(result));
        stage.setBadges(liveBadges(stats));
      },
      onError: (error) => {
        if (error.code === 'busy' || error.code === lastErrorCode) return;
        lastErrorCode = error.code;
        showError(error);
      },
      onStateChange: (running) => {
        shutter.disabled = !running;
        switchButton.disabled = !running;
        if (running) {
          shutter.hidden = false;
          switchButton.hidden = false;
          delete resultBar.dataset.state;
          if (resultBar.dataset.label === undefined) resultLabel.textContent = t('recognizer.waiting');
        }
        if (!running) stage.setBadges([]);
      },
      onProblem: () => {
        // Without a camera the page is a photo recogniser: say so, and offer only the photo.
        shutter.hidden = true;
        switchButton.hidden = true;
        resultBar.dataset.state = 'no-camera';
        resultLabel.textContent = t('recognizer.noCamera');
        resultCategory.textContent = '';
      },
    });

    const historyButton = h('a', { href: '/recognizer/history', 'data-link': '', class: 'history-button', test: 'history-button', 'aria-label': t('recognizer.history') },
      h('span', { class: 'history-button__thumb' }, icon('history')));

    const openSheet = async (photo) => {
      liveView.pauseAnalysis(true);
      await captureSheet(photo, historyButton);
      liveView.pauseAnalysis(false);
    };

    const shutter = h('button', {
      type: 'button', class: 'shutter', test: 'shutter', 'aria-label': t('recognizer.shutter'), title: t('recognizer.shutter'), disabled: true,
      on: {
        click: async () => {
          const photo = await liveView.camera.capture(1280, 0.9);
          if (photo) openSheet(photo);
        },
      },
    }, h('span', { class: 'shutter__inner' }));
    const switchButton = iconButton('switch-camera', t('camera.switch'), { test: 'switch-camera', onClick: () => liveView.switchCamera(), attrs: { disabled: true } });

    stage.showPlaceholder(h('div', { class: 'camera-problem' },
      h('p', { text: t('camera.starting') })));

    root.append(
      appColumns([
        h('div', { class: 'stage-wrap' }, stage.element, resultBar),
        h('div', { class: 'camera-controls' },
          fileButton(t('action.chooseImage'), openSheet, { variant: 'ghost' }),
          shutter,
          historyButton),
      ], [
        h('div', { class: 'toolbar' },
          toggleSwitch(t('recognizer.showTop5'), showTop5, (checked) => {
            showTop5 = checked;
            saveSetting('recognizer.top5', checked);
            top5.hidden = !checked;
          }, { test: 'top5-toggle' }),
          switchButton),
        top5]),
      h('p', { class: 'hint' }, t('recognizer.hint'), ' ', link('/recognizer/history', t('recognizer.openHistory'), { test: 'history-link' })),
    );

    refreshHistoryButton(historyButton);
    liveView.start();
    return () => {
      liveView.destroy();
      stage.destroy();
    };
  },
};
