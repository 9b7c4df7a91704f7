// Every dependency the widget ships, used the way the widget uses them and nothing else: built through
// the same pipeline as the widget, its size is the dependencies' share, and the rest is our own code.
import r2wc from '@r2wc/core';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { createElement } from 'react';

Object.assign(window, {
  keep: [r2wc, () => import('react-dom/client'), DOMPurify, Marked, createElement, () => import('@vapi-ai/web')],
});
