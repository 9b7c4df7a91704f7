/**
 * React's JSX functions, bound once as ES module exports. The build points the UI's automatic JSX
 * imports here (see build.mjs): esbuild calls a CommonJS export as `(0, runtime.jsx)(...)` at every
 * element, but an ES module binding as a plain call. Tests use React's runtime directly.
 */
import { Fragment as ReactFragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';

export const Fragment = ReactFragment;
export const jsx = reactJsx;
export const jsxs = reactJsxs;
