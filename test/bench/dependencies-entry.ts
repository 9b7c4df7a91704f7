// Every dependency the widget ships, used the way the widget uses them and nothing else: built through
// the same pipeline as the widget, its size is the dependencies' share, and the rest is our own code.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { createElement } from 'react';

Object.assign(window, {
  keep: [() => import('react-dom/client'), DOMPurify, Marked, createElement, () => import('@vapi-ai/web')],
});
