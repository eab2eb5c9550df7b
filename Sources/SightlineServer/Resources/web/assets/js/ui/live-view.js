// live-view.js: a camera on a Stage plus its live connection, with the life cycle every camera
// page needs — start on request, show why the camera is unavailable, stop the camera and the
// socket when the page is left or the tab is hidden, and resume when the tab is visible again.
import { h, button } from '../dom.js';
import { t } from '../i18n.js';
import { Camera, cameraProblem } from '../camera.js';
import { LiveSession } from '../live.js';

/** The frames-per-second and latency badges of a live view (each only once it has a value). */
export function liveBadges(stats) {
  return [
    stats.fps !== null ? h('span', { class: 'badge', test: 'live-fps', text: t('live.fps', { fps: stats.fps.toFixed(1) }) }) : null,
    stats.latency !== null ? h('span', { class: 'badge', test: 'live-latency', text: t('live.latency', { ms: Math.round(stats.latency) }) }) : null,
  ];
}

export class LiveView {
  /**
   * stage: a Stage; live: query parameters for /api/v1/live, or null for a camera preview
   * without analysis; onResult(result, stats), onError(error), onStateChange(running),
   * onProblem(error) when the camera cannot be used.
   */
  constructor(stage, { live = null, onResult, onError, onStateChange, onProblem } = {}) {
    this.stage = stage;
    this.camera = new Camera(stage.video);
    this.liveParams = live;
    this.onResult = onResult || (() => {});
    this.onError = onError || (() => {});
    this.onStateChange = onStateChange || (() => {});
    this.onProblem = onProblem || (() => {});
    this.session = null;
    this.liveRefused = false;
    this.wanted = false;
    this.starting = null;
    this.visibilityListener = () => this.visibilityChanged();
    document.addEventListener('visibilitychange', this.visibilityListener);
  }

  get running() {
    return this.camera.running;
  }

  /** Starts the camera (and the live analysis, when configured); false when it failed. */
  async start() {
    this.wanted = true;
    if (document.hidden) return false;
    if (this.starting) return this.starting;
    this.starting = this.startNow().finally(() => { this.starting = null; });
    return this.starting;
  }

  async startNow() {
    try {
      await this.camera.start();
    } catch (error) {
      this.wanted = false;
      this.showProblem(error);
      this.onStateChange(false);
      return false;
    }
    if (!this.wanted) {
      this.camera.stop();
      return false;
    }
    this.stage.showVideo();
    this.startSession();
    this.onStateChange(true);
    return true;
  }

  startSession() {
    if (!this.liveParams || this.session || this.liveRefused) return;
    this.session = new LiveSession(this.camera, this.liveParams, {
      onResult: (result, stats, message) => this.onResult(result, stats, message),
      onError: (error) => {
        if (error.code === 'live_unavailable') this.liveRefused = true;
        this.onError(error);
      },
    });
    this.session.start();
  }

  stopSession() {
    if (this.session) this.session.stop();
    this.session = null;
  }

  /** Changes the live parameters (e.g. WasteGuard's mode); null switches analysis off. */
  setLive(params) {
    this.liveParams = params;
    this.liveRefused = false;
    this.stopSession();
    if (this.camera.running) this.startSession();
  }

  /** Pauses or resumes sending frames without stopping the camera (while a sheet is open). */
  pauseAnalysis(paused) {
    if (paused) this.stopSession();
    else if (this.camera.running) this.startSession();
  }

  async switchCamera() {
    this.stopSession();
    try {
      await this.camera.switchCamera();
      this.stage.showVideo();
      this.startSession();
    } catch (error) {
      this.showProblem(error);
      this.onStateChange(false);
    }
  }

  showProblem(error) {
    this.stage.showPlaceholder(h('div', { class: 'camera-problem', test: 'camera-problem' },
      h('p', { text: t(cameraProblem(error)) }),
      button(t('camera.retry'), { icon: 'camera', onClick: () => this.start(), test: 'camera-retry' })));
    this.onProblem(error);
  }

  /** Stops the camera and the socket; `keepWanted` resumes them when the tab is shown again. */
  stop({ keepWanted = false } = {}) {
    if (!keepWanted) this.wanted = false;
    this.stopSession();
    this.camera.stop();
    this.onStateChange(false);
  }

  visibilityChanged() {
    if (document.hidden) {
      if (this.camera.running) this.stop({ keepWanted: true });
    } else if (this.wanted) {
      this.start();
    }
  }

  destroy() {
    document.removeEventListener('visibilitychange', this.visibilityListener);
    this.stop();
  }
}
