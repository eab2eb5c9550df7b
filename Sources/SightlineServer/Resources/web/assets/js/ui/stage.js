// stage.js: the fixed-size picture area the camera apps share. It shows the live camera or a
// still photo, fitted inside without distortion, and draws boxes over it from the API's pixel
// coordinates. Boxes are placed in percentages of the picture, so they follow the displayed
// size at any screen width; the stage itself never changes size, so nothing below it jumps.
import { h, replace } from '../dom.js';

export class Stage {
  constructor({ test, label } = {}) {
    this.video = h('video', { class: 'stage__media', playsinline: true, muted: true, test: 'camera-video', 'aria-label': label || '' });
    this.image = h('img', { class: 'stage__media', alt: '', test: 'stage-image' });
    this.overlay = h('div', { class: 'stage__overlay', test: 'stage-overlay' });
    this.frame = h('div', { class: 'stage__frame' }, this.video, this.image, this.overlay);
    this.placeholder = h('div', { class: 'stage__placeholder' });
    this.badges = h('div', { class: 'stage__badges' });
    this.element = h('div', { class: 'stage', test }, this.frame, this.placeholder, this.badges);
    this.source = { width: 0, height: 0 };
    this.objectUrl = null;
    this.resizeObserver = new ResizeObserver(() => this.fit());
    this.resizeObserver.observe(this.element);
    this.video.addEventListener('loadedmetadata', () => {
      if (this.mode === 'video') this.setSource(this.video.videoWidth, this.video.videoHeight);
    });
    this.video.addEventListener('resize', () => {
      if (this.mode === 'video') this.setSource(this.video.videoWidth, this.video.videoHeight);
    });
    this.showPlaceholder('');
  }

  setSource(width, height) {
    this.source = { width, height };
    this.fit();
  }

  /** Sizes the frame to the largest box of the picture's aspect ratio that fits the stage. */
  fit() {
    const { width, height } = this.source;
    const box = this.element.getBoundingClientRect();
    if (!width || !height || !box.width || !box.height) return;
    const scale = Math.min(box.width / width, box.height / height);
    this.frame.style.width = `${Math.floor(width * scale)}px`;
    this.frame.style.height = `${Math.floor(height * scale)}px`;
  }

  setMode(mode) {
    this.mode = mode;
    this.element.dataset.mode = mode;
    this.video.hidden = mode !== 'video';
    this.image.hidden = mode !== 'image';
    this.frame.hidden = mode === 'empty';
    this.placeholder.hidden = mode !== 'empty';
  }

  /** Shows the live camera (the caller starts a Camera on `stage.video`). */
  showVideo() {
    this.clearBoxes();
    this.setMode('video');
    if (this.video.videoWidth) this.setSource(this.video.videoWidth, this.video.videoHeight);
  }

  /** Shows a still photo (a Blob or a URL); resolves with its pixel size once loaded. */
  async showImage(source, alt) {
    this.clearBoxes();
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = source instanceof Blob ? URL.createObjectURL(source) : null;
    this.image.alt = alt || '';
    this.image.src = this.objectUrl || source;
    this.setMode('image');
    try {
      await this.image.decode();
    } catch {
      // An image the browser cannot show: the server's answer explains what is wrong.
    }
    this.setSource(this.image.naturalWidth, this.image.naturalHeight);
    return { width: this.image.naturalWidth, height: this.image.naturalHeight };
  }

  /** Shows a message (or nodes) in place of a picture. */
  showPlaceholder(content) {
    this.clearBoxes();
    replace(this.placeholder, content);
    this.setMode('empty');
  }

  /** Badges in the stage's corner (frames per second, latency). */
  setBadges(nodes) {
    replace(this.badges, nodes);
  }

  /**
   * Draws boxes given in pixels of a picture of size width × height:
   * boxes: [{x, y, width, height, kind ('organic'|'non-organic'|'face'), label, test, data}].
   */
  drawBoxes(boxes, width, height) {
    this.clearBoxes();
    if (!width || !height) return;
    for (const box of boxes) {
      const left = Math.max(0, box.x / width) * 100;
      const top = Math.max(0, box.y / height) * 100;
      // A box in the right half carries its label at its right edge, so the label stays on the picture.
      const element = h('div', {
        class: ['box', `box--${box.kind}`, left > 50 && 'box--label-end'],
        test: box.test,
        dataset: box.data || {},
        role: box.label ? 'img' : null,
        'aria-label': box.description || box.label || null,
        style: {
          left: `${left}%`,
          top: `${top}%`,
          width: `${Math.min(100 - left, (box.width / width) * 100)}%`,
          height: `${Math.min(100 - top, (box.height / height) * 100)}%`,
        },
      }, box.label ? h('span', { class: 'box__label', text: box.label }) : null);
      this.overlay.append(element);
    }
  }

  /** Puts arbitrary nodes over the picture (the Object Recognizer's caption band). */
  setOverlay(nodes) {
    replace(this.overlay, nodes);
  }

  clearBoxes() {
    this.overlay.replaceChildren();
  }

  destroy() {
    this.resizeObserver.disconnect();
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
  }
}
