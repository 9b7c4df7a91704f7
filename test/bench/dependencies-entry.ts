// Every dependency the widget's main script ships (the voice SDK and the markdown stack are parts beside it), used the way the widget uses them and nothing else: built through
// the same pipeline as the widget, its size is the dependencies' share, and the rest is our own code.
import { createElement } from 'react';

Object.assign(window, {
  keep: [() => import('react-dom/client'), createElement],
});
