/**
 * The colour scheme's head script, inline and first in every page's `<head>` so that the first paint already has the
 * chosen scheme. It sets `<html data-theme>` from `localStorage['sitegen:theme']`: `light`, `dark`, else `system`
 * (the stylesheet then follows the OS, as it does with no attribute when JavaScript is off). It also keeps the header
 * toggle's radios (`name="color-scheme"`) checked to match, when the page is parsed and after each client-side
 * navigation (which swaps the header but never touches `<html data-theme>`), and stores a choice made with them.
 *
 * Written minified by hand: its bytes are in every page, and they must not change with the compiler, since a
 * Content-Security-Policy allows the script by its hash (`COLOR_SCHEME_HASH`, docs/your-own-site.md).
 */
import { createHash } from 'node:crypto';

export const COLOR_SCHEME_SCRIPT =
  '(()=>{let r=document.documentElement,k="sitegen:theme",' +
  's=t=>{r.dataset.theme=t=t=="light"||t=="dark"?t:"system";for(let i of document.getElementsByName("color-scheme"))i.checked=i.value==t},' +
  'u=()=>s(r.dataset.theme);try{s(localStorage[k])}catch{s()}' +
  'addEventListener("change",e=>{let t=e.target;if(t.name=="color-scheme"){s(t.value);try{localStorage[k]=t.value}catch{}}});' +
  'addEventListener("DOMContentLoaded",u);addEventListener("sitegen:navigated",u)})()';

/** The script's CSP source expression: `script-src 'sha256-…'` allows it. */
export const COLOR_SCHEME_HASH = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

/** The element, as it opens every page's head. */
export const COLOR_SCHEME_HEAD = `<script>${COLOR_SCHEME_SCRIPT}</script>`;
