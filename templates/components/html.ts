/** Accessibility touch-ups for HTML a template receives as a string: they live with the markdown renderer, which applies the same to every body. */
export { accessibleHtml, headingText, tableLabels } from '../../src/markdown/accessible.ts';
