// camera-sheet.js: "Take photo" as a bottom sheet — the camera preview with a shutter and a
// camera switch. Resolves with the photo as a JPEG Blob, or null when cancelled; the camera is
// stopped whichever way the sheet closes.
import { h, iconButton } from '../dom.js';
import { t } from '../i18n.js';
import { Stage } from './stage.js';
import { LiveView } from './live-view.js';
import { openDialog } from './dialog.js';

export async function takePhotoSheet(title, maxSide = 1280) {
  const stage = new Stage({ test: 'camera-sheet-stage', label: t('camera.preview') });
  let photo = null;
  const shutter = h('button', {
    type: 'button', class: 'shutter', test: 'sheet-shutter', 'aria-label': t('recognizer.shutter'), title: t('recognizer.shutter'), disabled: true,
  }, h('span', { class: 'shutter__inner' }));
  const switchButton = iconButton('switch-camera', t('camera.switch'), { test: 'switch-camera', attrs: { disabled: true } });
  const liveView = new LiveView(stage, {
    onStateChange: (running) => {
      shutter.disabled = !running;
      switchButton.disabled = !running;
    },
  });
  switchButton.addEventListener('click', () => liveView.switchCamera());
  const sheet = openDialog({
    title,
    sheet: true,
    test: 'camera-sheet',
    body: [h('div', { class: 'capture-stage' }, stage.element), h('div', { class: 'camera-controls' }, h('span'), shutter, switchButton)],
  });
  shutter.addEventListener('click', async () => {
    photo = await liveView.camera.capture(maxSide, 0.9);
    sheet.close('taken');
  });
  liveView.start();
  await sheet.result;
  liveView.destroy();
  stage.destroy();
  return photo;
}
