// live.js: the live-camera connection (docs/API.md, "Live camera"). Frames from a running
// Camera go to /api/v1/live over a same-origin WebSocket as binary JPEG messages, at most two
// unanswered at a time, so the server always has the freshest frame and nothing piles up. Each
// answer {"frame", "result", "milliseconds", "dropped"} or {"error"} is handed to the page,
// with frames per second (answers over the last two seconds) and latency (send to answer).
// A connection that drops is reopened; one the server refuses (e.g. WasteGuard without
// consent) is reported once as an error.
import { apiUrl } from './api.js';
import { t } from './i18n.js';

const MAX_IN_FLIGHT = 2;
const FRAME_SIDE = 640;
const STALL_MS = 4000;

export class LiveSession {
  /**
   * camera: a started Camera; params: query parameters (app, mode);
   * onResult(result, stats), onError(error), onState('connecting'|'open'|'closed').
   */
  constructor(camera, params, { onResult, onError, onState }) {
    this.camera = camera;
    this.params = params;
    this.onResult = onResult;
    this.onError = onError;
    this.onState = onState || (() => {});
    this.socket = null;
    this.sent = [];
    this.sentCount = 0;
    this.answers = [];
    this.latency = null;
    this.serverMs = null;
    this.timer = null;
    this.encoding = false;
    this.stopped = true;
    this.retryTimer = null;
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  connect() {
    const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${protocol}//${location.host}${apiUrl('live', this.params)}`);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.sent = [];
    this.sentCount = 0;
    this.onState('connecting');
    let opened = false;
    socket.addEventListener('open', () => {
      if (socket !== this.socket) return;
      opened = true;
      this.onState('open');
      this.pump();
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', () => {
      if (socket !== this.socket) return;
      this.onState('closed');
      clearTimeout(this.timer);
      if (this.stopped) return;
      if (opened) {
        this.retryTimer = setTimeout(() => this.connect(), 2000);
      } else {
        this.stopped = true;
        this.onError({ code: 'live_unavailable', message: t('live.unavailable') });
      }
    });
  }

  receive(data) {
    if (typeof data !== 'string') return;
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    const now = performance.now();
    // The server numbers frames 1, 2, … as they arrive, like `sentCount`; frames before the
    // answered one were either answered already or dropped for a fresher one.
    const number = typeof message.frame === 'number' ? message.frame : (this.sent[0] && this.sent[0].number);
    const answered = this.sent.find((frame) => frame.number === number);
    if (answered) this.latency = now - answered.at;
    this.sent = this.sent.filter((frame) => frame.number > number);
    this.answers.push(now);
    while (this.answers.length && now - this.answers[0] > 2000) this.answers.shift();
    if (message.error) this.onError(message.error);
    else {
      this.serverMs = typeof message.milliseconds === 'number' ? message.milliseconds : null;
      this.onResult(message.result, this.stats(), message);
    }
    this.pump();
  }

  stats() {
    const span = this.answers.length > 1 ? (this.answers[this.answers.length - 1] - this.answers[0]) / 1000 : 0;
    return {
      // Null until two answers are in: one answer gives no rate.
      fps: span > 0 ? (this.answers.length - 1) / span : null,
      latency: this.latency,
      serverMs: this.serverMs,
    };
  }

  /** Sends frames while fewer than MAX_IN_FLIGHT are unanswered. */
  async pump() {
    clearTimeout(this.timer);
    if (this.stopped || !this.socket || this.socket.readyState !== WebSocket.OPEN || this.encoding) return;
    const now = performance.now();
    if (this.sent.length && now - this.sent[this.sent.length - 1].at > STALL_MS) this.sent = [];
    if (this.sent.length < MAX_IN_FLIGHT && this.camera.running && this.camera.video.videoWidth) {
      this.encoding = true;
      const socket = this.socket;
      const blob = await this.camera.capture(FRAME_SIDE, 0.8);
      const bytes = blob ? await blob.arrayBuffer() : null;
      this.encoding = false;
      // The socket may have closed, or been replaced by a camera switch, during either await.
      if (bytes && !this.stopped && this.socket === socket && socket && socket.readyState === WebSocket.OPEN) {
        socket.send(bytes);
        this.sentCount += 1;
        this.sent.push({ number: this.sentCount, at: performance.now() });
      }
    }
    if (!this.stopped) this.timer = setTimeout(() => this.pump(), this.sent.length < MAX_IN_FLIGHT ? 60 : 500);
  }

  /** Closes the socket and stops sending; the camera is the caller's to stop. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    if (this.socket) {
      const socket = this.socket;
      this.socket = null;
      socket.close();
    }
    this.onState('closed');
  }
}
