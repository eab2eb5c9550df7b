// markdown.js: renders the small subset of Markdown that Sightline's app texts use (consent
// documents, help): paragraphs separated by blank lines, "- " bullet lists, **bold** and line
// breaks. It builds DOM nodes, so the text can never inject markup.
import { h } from '../dom.js';

function inline(text) {
  const nodes = [];
  const parts = text.split(/(\*\*[^*]+\*\*)/g);
  for (const part of parts) {
    if (!part) continue;
    if (part.startsWith('**') && part.endsWith('**')) nodes.push(h('strong', { text: part.slice(2, -2) }));
    else {
      const lines = part.split('\n');
      lines.forEach((line, index) => {
        if (index > 0) nodes.push(h('br'));
        if (line) nodes.push(document.createTextNode(line));
      });
    }
  }
  return nodes;
}

/** A fragment holding the rendered text. */
export function renderMarkdown(text) {
  const fragment = document.createDocumentFragment();
  for (const block of String(text || '').trim().split(/\n\s*\n/)) {
    const lines = block.split('\n');
    if (lines.every((line) => /^\s*[-*] /.test(line))) {
      fragment.append(h('ul', {}, lines.map((line) => h('li', {}, inline(line.replace(/^\s*[-*] /, ''))))));
    } else {
      fragment.append(h('p', {}, inline(block)));
    }
  }
  return fragment;
}
