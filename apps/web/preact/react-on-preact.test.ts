import { createElement, render } from 'preact';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript (see the file): no typings, checked here instead.
import { Activity, useState } from './react-on-preact.js';

describe('react on Preact (the listener build)', () => {
  it('passes on what Preact compat exports', () => {
    expect(typeof useState).toBe('function');
  });

  it('keeps a hidden Activity mounted but out of sight, and shows it again as it was', () => {
    const root = document.createElement('div');
    render(createElement(Activity, { mode: 'hidden' }, createElement('p', null, 'kept')), root);
    const box = root.firstElementChild as HTMLElement;
    expect(box.style.display).toBe('none');
    expect(root.textContent).toBe('kept');
    render(createElement(Activity, { mode: 'visible' }, createElement('p', null, 'kept')), root);
    expect((root.firstElementChild as HTMLElement).style.display).toBe('contents');
  });
});
