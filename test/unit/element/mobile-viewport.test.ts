import { afterEach, describe, expect, it } from 'vitest';
import {
  coverViewport,
  FULL_SCREEN_QUERY,
  lockPageScroll,
  type ViewportWindow,
} from '../../../src/element/mobile-viewport';

/** A window whose media query and visual viewport the test controls. */
function fakeWindow(phone: boolean) {
  const media = Object.assign(new EventTarget(), { matches: phone, media: FULL_SCREEN_QUERY });
  const viewport = Object.assign(new EventTarget(), { height: 667, offsetTop: 0 });
  const win = { document, matchMedia: () => media, visualViewport: viewport } as unknown as ViewportWindow;
  return {
    win,
    /** The on-screen keyboard opens or the page is zoomed: the visual viewport shrinks or moves. */
    resizeViewport(height: number, offsetTop = 0) {
      Object.assign(viewport, { height, offsetTop });
      viewport.dispatchEvent(new Event('resize'));
    },
    rotate(toPhone: boolean) {
      media.matches = toPhone;
      media.dispatchEvent(new Event('change'));
    },
  };
}

const overflow = () => [document.documentElement.style.overflow, document.body.style.overflow];

describe('page scroll lock', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    document.body.removeAttribute('style');
  });

  it('stops the page scrolling and puts back exactly what the page had', () => {
    document.documentElement.style.setProperty('overflow', 'scroll');
    const unlock = lockPageScroll();
    expect(overflow()).toEqual(['hidden', '']);
    expect(document.documentElement.style.getPropertyPriority('overflow')).toBe('important');
    unlock();
    expect(overflow()).toEqual(['scroll', '']);
    expect(document.documentElement.style.getPropertyPriority('overflow')).toBe('');
  });

  it('also locks the body when the page made the body its scroller', () => {
    document.body.style.setProperty('overflow', 'auto', 'important');
    const unlock = lockPageScroll();
    expect(overflow()).toEqual(['hidden', 'hidden']);
    unlock();
    expect(overflow()).toEqual(['', 'auto']);
    expect(document.body.style.getPropertyPriority('overflow')).toBe('important');
  });

  it('nests: the page scrolls again only when the last widget unlocks, and unlocking twice is harmless', () => {
    const first = lockPageScroll();
    const second = lockPageScroll();
    first();
    first();
    expect(overflow()).toEqual(['hidden', '']);
    second();
    expect(overflow()).toEqual(['', '']);
  });
});

describe('covering the viewport', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    document.body.removeAttribute('style');
  });

  it('on a phone: follows the visual viewport (the keyboard) and locks the page until released', () => {
    const host = document.createElement('div');
    const phone = fakeWindow(true);
    const release = coverViewport(host, phone.win);
    expect(host.style.getPropertyValue('--sa-viewport-height')).toBe('667px');
    expect(overflow()).toEqual(['hidden', '']);

    phone.resizeViewport(367.4, 120);
    expect(host.style.getPropertyValue('--sa-viewport-height')).toBe('367px');
    expect(host.style.getPropertyValue('--sa-viewport-top')).toBe('120px');

    release();
    expect(overflow()).toEqual(['', '']);
    // Released, it stops following the viewport; the last size stays, so opening again restyles nothing.
    phone.resizeViewport(100);
    expect(host.style.getPropertyValue('--sa-viewport-height')).toBe('367px');
  });

  it('on a large screen the page keeps scrolling; turning into a phone layout locks it', () => {
    const host = document.createElement('div');
    const tablet = fakeWindow(false);
    const release = coverViewport(host, tablet.win);
    expect(overflow()).toEqual(['', '']);
    tablet.rotate(true);
    expect(overflow()).toEqual(['hidden', '']);
    tablet.rotate(false);
    expect(overflow()).toEqual(['', '']);
    release();
  });
});
