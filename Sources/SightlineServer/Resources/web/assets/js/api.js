// api.js: the one place that talks to Sightline's JSON API (/api/v1/, docs/API.md). Adds
// ?lang= to every request, sends photos as multipart uploads in the field "photo", and turns
// every failure — an {"error": {"code", "message"}} answer, a non-JSON answer or a network
// failure — into an ApiError the pages show to the user.
import { language, t } from './i18n.js';
import { settlePendingDelete } from './ui/notices.js';

/** A failed API call: the server's error code and message, and the HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The URL of an API path with query parameters (empty ones left out) and the language. */
export function apiUrl(path, params = {}) {
  const url = new URL(`/api/v1/${path.replace(/^\//, '')}`, location.origin);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', language());
  return url.pathname + url.search;
}

/** Codes whose message the page says in its own words, in the page's language (the API's
 *  message names server options and commands that are for whoever runs Sightline). */
const OWN_WORDS = ['busy', 'too_large', 'unreadable_image', 'model_not_installed', 'storage_unavailable', 'timeout', 'unsupported_media_type'];

/** The API's message as a page shows it. The page's own words for the codes above; in a language
 *  other than English (the API writes its messages in English) the page's own words for every
 *  code it knows, and a general sentence for the rest; otherwise the message without any sentence
 *  that names a command (`…`), which a web user cannot run. */
export function userMessage(code, message) {
  if (OWN_WORDS.includes(code)) return t(`error.code.${code}`);
  if (language() !== 'en') {
    const own = t(`error.code.${code}`);
    return own === `error.code.${code}` ? t('error.unknown') : own;
  }
  const sentences = String(message).split(/(?<=[.!?])\s+/).filter((sentence) => !sentence.includes('`'));
  return sentences.join(' ') || t('error.unknown');
}

async function request(method, path, { params, json, body, headers = {}, signal } = {}) {
  // A change waits for a delete that is still in its undo time, so it lands after it.
  if (method !== 'GET') await settlePendingDelete();
  const init = { method, headers: { Accept: 'application/json', ...headers }, signal };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['Content-Type'] = 'application/json';
  } else if (body !== undefined) {
    init.body = body;
  }
  let response;
  try {
    response = await fetch(apiUrl(path, params), init);
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError('network', t('error.network'), 0);
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = data && data.error;
    if (error && error.message) throw new ApiError(error.code || 'error', userMessage(error.code, error.message), response.status);
    throw new ApiError('http', t('error.http', { status: response.status }), response.status);
  }
  if (data && data.error && data.error.message) throw new ApiError(data.error.code || 'error', userMessage(data.error.code, data.error.message), response.status);
  return data;
}

export const api = {
  get: (path, params, options = {}) => request('GET', path, { params, ...options }),
  post: (path, json, params) => request('POST', path, { json, params }),
  put: (path, json, params) => request('PUT', path, { json, params }),
  patch: (path, json, params) => request('PATCH', path, { json, params }),
  delete: (path, params) => request('DELETE', path, { params }),
  /** Uploads a photo (Blob or File) as multipart/form-data in the field "photo". */
  upload(path, photo, params, options = {}) {
    const form = new FormData();
    form.append('photo', photo, photo.name || 'photo.jpg');
    return request('POST', path, { body: form, params, ...options });
  },
};
