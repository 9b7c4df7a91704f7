// Every dependency the widget ships, used the way the widget uses them and nothing else: built through
// the same pipeline as the widget, its size is the dependencies' share, and the rest is our own code.
import r2wc from '@r2wc/react-to-web-component';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { createElement } from 'react';

Object.assign(window, {
  keep: [r2wc, DOMPurify, Marked, createElement, () => import('@vapi-ai/web')],
});
