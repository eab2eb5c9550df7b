// cat.js: the Cat Scanner. A photo from the camera or the device goes to POST /api/v1/cat
// (saved to the history, as in the original app); the answer leads with its headline ("A cat",
// "A cat — not sure which breed", "Not a cat"), then the message ("This cat shares the features
// of:" or "I don't think this is a cat but if it was it would be:") with the breeds (at most
// three, none under 5 %) as "<Breed>: <value>%" buttons that open their encyclopaedia entries —
// for a photo that is not a cat only after "Show breeds anyway". A failed scan clears the
// picture. "Clear Page" empties the page for the next scan.
import { h, icon, iconButton, button, link, replace } from '../dom.js';
import { language, t, percent } from '../i18n.js';
import { api } from '../api.js';
import { Stage } from '../ui/stage.js';
import { LiveView } from '../ui/live-view.js';
import { appColumns, fileButton, loadingState, revealResult, toggleSwitch } from '../ui/components.js';
import { loadSetting, saveSetting } from '../settings.js';
import { showError } from '../ui/notices.js';

// The last scan of this visit (the photo and the answer), shown again when the user comes back
// from a breed's page, until "Clear Page" or the next scan.
let lastScan = null;

export function breedPath(name) {
  return `/breeds/${encodeURIComponent(name)}`;
}

// The encyclopaedia's breed names in one language (GET breeds), fetched once per language.
let breedNameCache = { language: null, names: null };

/** Breed name → its name in the page's language ("Abyssinian" → "Abessinier"); empty when the
 *  encyclopaedia cannot be read, so the scan's English names are shown. */
export function breedNames() {
  if (breedNameCache.language !== language()) {
    breedNameCache = {
      language: language(),
      names: api.get('breeds').then((answer) => Object.fromEntries((answer.breeds || []).map((breed) => [breed.name, breed.display_name || breed.name])), () => ({})),
    };
  }
  return breedNameCache.names;
}

/** The three "<Breed>: <value>%" buttons of a scan, each breed named as `names` has it. */
export function breedButtons(breeds, test = 'breed-button', names = {}) {
  return h('div', { class: 'breed-buttons' }, (breeds || []).slice(0, 3).map((breed) => link(breedPath(breed.name),
    [h('span', { class: 'breed-button__name', text: `${names[breed.name] || breed.name}:` }), ' ', h('span', { class: 'breed-button__value', text: percent(breed.confidence) })],
    { class: 'breed-button', test, dataset: { breed: breed.name } })));
}

export default {
  id: 'cat',
  title: () => t('cat.name'),
  back: '/',
  render({ root }) {
    const stage = new Stage({ test: 'cat-stage', label: t('cat.cameraLabel') });
    const placeholder = () => stage.showPlaceholder(h('div', { class: 'camera-problem' }, icon('cat', 'state__icon'), h('p', { text: t('cat.placeholder') })));
    placeholder();
    const result = h('section', { class: 'cat-result', test: 'cat-result', 'aria-live': 'polite' });
    let ticket = 0;

    const showResult = (scanResult, names) => {
      stage.image.alt = `${scanResult.message} ${(scanResult.breeds || []).map((b) => `${names[b.name] || b.name} ${percent(b.confidence)}`).join(', ')}`;
      const details = h('div', { class: 'cat-details', test: 'cat-breeds', hidden: !scanResult.is_cat },
        h('p', { class: `cat-message ${scanResult.is_cat ? 'cat-message--cat' : 'cat-message--not-cat'}`, test: 'cat-message', dataset: { isCat: String(scanResult.is_cat) }, text: scanResult.message }),
        breedButtons(scanResult.breeds, 'breed-button', names));
      const showBreeds = scanResult.is_cat || !(scanResult.breeds || []).length ? null : button(t('cat.showBreeds'), {
        variant: 'ghost', test: 'show-breeds',
        onClick: () => {
          details.hidden = false;
          showBreeds.remove();
        },
      });
      replace(result,
        h('h2', { class: `cat-headline ${scanResult.is_cat ? 'cat-headline--cat' : 'cat-headline--not-cat'}`, test: 'cat-headline', dataset: { isCat: String(scanResult.is_cat), breedsSure: String(scanResult.breeds_sure) }, text: scanResult.headline }),
        showBreeds,
        details,
        h('p', { class: 'muted small', text: scanResult.history_id ? t('cat.savedToHistory') : '' }));
    };

    const scan = async (photo) => {
      const current = ++ticket;
      lastScan = null;
      await stage.showImage(photo, t('cat.photoAlt'));
      replace(result, loadingState(t('cat.scanning'), 'cat-loading'));
      try {
        const scanResult = await api.upload('cat', photo, { save: loadSetting('cat.keepScans', true), 'save-non-cats': loadSetting('cat.keepNonCats', true) });
        const names = await breedNames();
        if (current !== ticket) return;
        lastScan = { photo, result: scanResult };
        showResult(scanResult, names);
        revealResult(result);
      } catch (error) {
        if (current !== ticket) return;
        result.replaceChildren();
        placeholder();
        showError(error);
      }
    };

    const liveView = new LiveView(stage, {
      onStateChange: (running) => {
        takePhoto.querySelector('span').textContent = running ? t('cat.capture') : t('cat.takePhoto');
        takePhoto.classList.toggle('button--capture', running);
        switchButton.disabled = !running;
      },
    });
    const takePhoto = button(t('cat.takePhoto'), {
      icon: 'camera', variant: 'primary', test: 'take-photo',
      onClick: async () => {
        if (!liveView.running) {
          await liveView.start();
          return;
        }
        const photo = await liveView.camera.capture(1600, 0.9);
        liveView.stop();
        if (photo) scan(photo);
      },
    });
    const switchButton = iconButton('switch-camera', t('camera.switch'), { test: 'switch-camera', onClick: () => liveView.switchCamera(), attrs: { disabled: true } });
    const clearPage = button(t('cat.clear'), {
      icon: 'close', variant: 'ghost', test: 'clear-page',
      onClick: () => {
        ticket++;
        lastScan = null;
        liveView.stop();
        placeholder();
        result.replaceChildren();
      },
    });

    const keepNonCats = toggleSwitch(t('cat.keepNonCats'), loadSetting('cat.keepNonCats', true),
      (checked) => saveSetting('cat.keepNonCats', checked), { test: 'keep-non-cats' });
    keepNonCats.querySelector('input').disabled = !loadSetting('cat.keepScans', true);

    root.append(
      appColumns([
        h('div', { class: 'stage-wrap' }, stage.element),
        h('div', { class: 'camera-controls camera-controls--waste' },
          takePhoto,
          fileButton(t('action.chooseImage'), (file) => {
            liveView.stop();
            scan(file);
          }),
          switchButton),
      ], result),
      h('div', { class: 'toolbar toolbar--settings', test: 'cat-settings' },
        toggleSwitch(t('cat.keepScans'), loadSetting('cat.keepScans', true), (checked) => {
          saveSetting('cat.keepScans', checked);
          keepNonCats.querySelector('input').disabled = !checked;
        }, { test: 'keep-scans' }),
        keepNonCats),
      h('div', { class: 'link-row' },
        clearPage,
        link('/breeds', [icon('book'), h('span', { text: t('breeds.title') })], { class: 'button button--ghost', test: 'encyclopaedia-link' }),
        link('/cat/history', [icon('history'), h('span', { text: t('catHistory.title') })], { class: 'button button--ghost', test: 'cat-history-link' })));

    if (lastScan) {
      const { photo, result: previous } = lastScan;
      Promise.all([stage.showImage(photo, t('cat.photoAlt')), breedNames()]).then(([, names]) => {
        if (lastScan && lastScan.result === previous) showResult(previous, names);
      });
    }

    return () => {
      liveView.destroy();
      stage.destroy();
    };
  },
};
