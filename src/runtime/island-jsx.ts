/**
 * The JSX runtime of island chunks when the site has a base path (bundled into them by
 * src/output/islands.ts, not into the runtime). The build puts the base in front of every
 * root-relative `href`, `src`, `action` and `poster` of the page's HTML (render/base.ts), island
 * HTML included; in the browser React renders the island again, to hydrate and on each update,
 * and this puts the base in front of the same attributes of the elements it creates, so both
 * renders agree and a link an island shows later works under the base too. Props stay as they
 * are: `href={props.to}` with `to: '/guide'` is `/docs/guide` on the server and in the browser.
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';

/** The base without its trailing slash (`/docs`), set when the island chunks are compiled. */
declare const __SITEGEN_BASE__: string;

const URL_PROPS = ['href', 'src', 'action', 'poster'];
const ROOT_RELATIVE = /^\/(?!\/)/;

function withBase<P>(type: unknown, props: P): P {
  if (typeof type !== 'string' || !props) return props;
  let out = props as Record<string, unknown>;
  for (const name of URL_PROPS) {
    const value = out[name];
    if (typeof value !== 'string' || !ROOT_RELATIVE.test(value)) continue;
    if (out === props) out = { ...out };
    out[name] = __SITEGEN_BASE__ + value;
  }
  return out as P;
}

export { Fragment };
export const jsx: typeof reactJsx = (type, props, key) => reactJsx(type, withBase(type, props), key);
export const jsxs: typeof reactJsxs = (type, props, key) => reactJsxs(type, withBase(type, props), key);
