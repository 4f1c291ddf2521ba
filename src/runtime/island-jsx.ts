/**
 * The JSX runtime of island chunks under a base path: prefixes root-relative `href`, `src`, `action` and `poster` as the
 * build does in HTML (render/base.ts), so hydration agrees with the server render.
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
