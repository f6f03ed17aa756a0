import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caption } from '@app/shared';
import { renderScreen } from '../../../test/render-screen';
import { CaptionList } from './caption-list';

const sermonId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const line = (seq: number, text: string, extra: Partial<Caption> = {}): Caption => ({ sermonId, seq, language: 'pt', text, final: false, provider: 'azure', ...extra });

const show = (inProgress: Caption[]) =>
  renderScreen([{ path: '/', element: <CaptionList captions={[line(1, 'Graça e paz.', { final: true })]} inProgress={inProgress} fontSize={18} rtl={false} lang="pt" emptyText="" /> }], '/');

describe('the line being said, with a tentative tail (decision 058)', () => {
  afterEach(cleanup);

  it('shows the tentative words after the committed ones, marked, and keeps them from screen readers', async () => {
    await show([line(2, 'Hoje nós abra', { tentative: ' o palavra' })]);
    const being = screen.getByLabelText('Being spoken now');
    // The reader sees the line whole ...
    expect(being.textContent).toBe('Hoje nós abra o palavra');
    // ... the guess marked as one ...
    const tail = being.querySelector('[data-tentative]') as HTMLElement;
    expect(tail.textContent).toBe(' o palavra');
    // Underlined dotted, the space before it not.
    const underlined = [...tail.querySelectorAll('span')].find((e) => e.style.textDecoration.includes('dotted'))!;
    expect(underlined.textContent).toBe('o palavra');
    // ... and the captions' live region announces committed words only.
    expect(tail.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('log', { name: 'Captions' }).contains(tail)).toBe(true);
    const announced = [...being.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
    expect(announced).toBe('Hoje nós abra');
  });

  it('shows no tail where the line has none', async () => {
    await show([line(2, 'Hoje nós abra')]);
    expect(screen.getByLabelText('Being spoken now').querySelector('[data-tentative]')).toBeNull();
  });
});
