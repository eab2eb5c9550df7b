// camera.js: the device camera in a <video> element — rear camera preferred, switching between
// cameras, stopping every track when done — and grabbing the current frame as a JPEG of a
// bounded size. Browsers allow the camera only on https:// or localhost; `cameraProblem`
// turns the reasons it can fail into a message key.

export class Camera {
  constructor(video) {
    this.video = video;
    this.stream = null;
    this.facingMode = 'environment';
    this.deviceId = null;
  }

  static supported() {
    return Boolean(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
  }

  get running() {
    return Boolean(this.stream);
  }

  /** Starts the camera (the chosen device, else the rear one); resolves when frames arrive. */
  async start() {
    if (!Camera.supported()) throw Object.assign(new Error('camera unsupported'), { name: 'NotSupportedError' });
    this.stop();
    const video = this.deviceId
      ? { deviceId: { exact: this.deviceId } }
      : { facingMode: { ideal: this.facingMode } };
    Object.assign(video, { width: { ideal: 1280 }, height: { ideal: 720 } });
    this.stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
    const track = this.stream.getVideoTracks()[0];
    const settings = track && track.getSettings ? track.getSettings() : {};
    if (settings.deviceId) this.deviceId = settings.deviceId;
    this.video.srcObject = this.stream;
    this.video.muted = true;
    this.video.playsInline = true;
    await this.video.play();
    if (!this.video.videoWidth) {
      await new Promise((resolve) => this.video.addEventListener('loadedmetadata', resolve, { once: true }));
    }
  }

  /** Stops every track and detaches the stream (the camera light goes off). */
  stop() {
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
    this.video.srcObject = null;
  }

  /** How many cameras the device has (0 when it cannot tell before permission). */
  static async count() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.enumerateDevices) return 0;
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.filter((device) => device.kind === 'videoinput').length;
  }

  /** Switches to the next camera (or flips front/rear when devices cannot be listed). */
  async switchCamera() {
    const devices = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput' && d.deviceId);
    if (devices.length > 1) {
      const index = devices.findIndex((d) => d.deviceId === this.deviceId);
      this.deviceId = devices[(index + 1) % devices.length].deviceId;
    } else {
      this.deviceId = null;
      this.facingMode = this.facingMode === 'environment' ? 'user' : 'environment';
    }
    await this.start();
  }

  /** The current frame as a JPEG Blob whose long side is at most `maxSide` pixels. */
  capture(maxSide = 1280, quality = 0.85) {
    return frameToJpeg(this.video, this.video.videoWidth, this.video.videoHeight, maxSide, quality);
  }
}

/** Draws a video or image source scaled down to `maxSide` and encodes it as JPEG. */
export function frameToJpeg(source, width, height, maxSide, quality = 0.85) {
  if (!width || !height) return Promise.resolve(null);
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d').drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob((blob) => {
    if (blob) blob.name = 'camera.jpg';
    resolve(blob);
  }, 'image/jpeg', quality));
}

/** The i18n key explaining why the camera could not start. */
export function cameraProblem(error) {
  if (!window.isSecureContext) return 'camera.insecure';
  switch (error && error.name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'camera.denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'camera.none';
    case 'NotReadableError':
      return 'camera.busy';
    case 'NotSupportedError':
      return 'camera.unsupported';
    default:
      return 'camera.failed';
  }
}
