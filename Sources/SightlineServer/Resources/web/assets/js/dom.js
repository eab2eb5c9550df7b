// dom.js: building DOM trees from JavaScript without HTML strings. Every text from the API or
// the user goes in as a text node, never as markup, so nothing it contains can run or inject.

/**
 * Creates an element.
 * attrs: plain attributes; special keys: `class`, `text` (text content), `dataset` (object),
 * `test` (the data-test hook), `on` (object of event listeners), `style` (object), and
 * properties written as `.name` (set as DOM properties, e.g. `.checked`).
 * children: nodes, strings (text) or arrays of them; null/undefined/false are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const element = tag === 'svg' || tag === 'use'
    ? document.createElementNS('http://www.w3.org/2000/svg', tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') element.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'text') element.textContent = String(value);
    else if (key === 'test') element.setAttribute('data-test', value);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key === 'style') Object.assign(element.style, value);
    else if (key === 'on') for (const [event, listener] of Object.entries(value)) element.addEventListener(event, listener);
    else if (key.startsWith('.')) element[key.slice(1)] = value;
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/** Appends children (nodes, strings, nested arrays) to a parent, skipping empty ones. */
export function append(parent, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replaces all children of a parent. */
export function replace(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

/** An icon from the SVG sprite (decorative: hidden from assistive technology). */
export function icon(name, extraClass) {
  const svg = h('svg', { class: ['icon', extraClass].filter(Boolean).join(' '), 'aria-hidden': 'true', focusable: 'false' });
  svg.append(h('use', { href: `/assets/icons.svg#${name}` }));
  return svg;
}

/** A <button type="button"> with an optional icon before its label. */
export function button(label, { icon: iconName, variant, test, onClick, attrs = {} } = {}) {
  return h('button', {
    type: 'button',
    class: ['button', variant && `button--${variant}`].filter(Boolean).join(' '),
    test,
    on: onClick ? { click: onClick } : undefined,
    ...attrs,
  }, iconName ? icon(iconName) : null, label !== null && label !== undefined ? h('span', { text: label }) : null);
}

/** An icon-only button; the label is its accessible name and tooltip. */
export function iconButton(iconName, label, { test, onClick, variant, attrs = {} } = {}) {
  return h('button', {
    type: 'button',
    class: ['icon-button', variant && `icon-button--${variant}`].filter(Boolean).join(' '),
    'aria-label': label,
    title: label,
    test,
    on: onClick ? { click: onClick } : undefined,
    ...attrs,
  }, icon(iconName));
}

/** An in-app link handled by the router. */
export function link(href, children, attrs = {}) {
  return h('a', { href, 'data-link': '', ...attrs }, children);
}
