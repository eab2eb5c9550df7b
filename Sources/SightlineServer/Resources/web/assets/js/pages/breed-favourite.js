// breed-favourite.js: the star button that marks a breed as a favourite
// (PUT / DELETE /api/v1/breeds/favourites/{name}), shared by the list and the breed page.
import { h, icon } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { showError } from '../ui/notices.js';

export function favouriteButton(breed, { onChange, withLabel = false } = {}) {
  let favourite = Boolean(breed.favourite);
  const label = h('span', { class: withLabel ? '' : 'visually-hidden' });
  const element = h('button', { type: 'button', class: withLabel ? 'button button--ghost favourite' : 'icon-button favourite', test: 'favourite-toggle' }, icon('star'), label);
  const draw = () => {
    element.setAttribute('aria-pressed', String(favourite));
    element.classList.toggle('favourite--on', favourite);
    label.textContent = favourite ? t('breeds.unfavourite', { name: breed.display_name || breed.name }) : t('breeds.favourite', { name: breed.display_name || breed.name });
    element.title = label.textContent;
  };
  element.addEventListener('click', async () => {
    const next = !favourite;
    element.disabled = true;
    try {
      const path = `breeds/favourites/${encodeURIComponent(breed.name)}`;
      if (next) await api.put(path);
      else await api.delete(path);
      favourite = next;
      breed.favourite = next;
      draw();
      if (onChange) onChange(next);
    } catch (error) {
      showError(error);
    } finally {
      element.disabled = false;
    }
  });
  draw();
  return element;
}
