import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { renderScreen } from '../../test/render-screen';
import { dayLabel } from './components/day-label';
import { MessageText } from './components/message-text';
import { pendingLines, queueMessage } from './chat-outbox';

describe('message text', () => {
  it('shows markup as text and makes only web addresses links, opening safely', async () => {
    await renderScreen([{ path: '/', element: <MessageText text={'<b>hi</b> see https://example.com/a?b=1. javascript:alert(1)'} /> }], '/');
    expect((await screen.findByText(/<b>hi<\/b>/)).textContent).toContain('<b>hi</b> see ');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
  });
});

describe('day separators', () => {
  const t = ((key: string) => key) as unknown as TFunction;
  it('say today and yesterday, then the date in the reader\'s language', () => {
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * 60 * 60_000);
    expect(dayLabel(today.toISOString(), 'pt', t)).toBe('chat.today');
    expect(dayLabel(yesterday.toISOString(), 'pt', t)).toBe('chat.yesterday');
    expect(dayLabel('2024-03-05T10:00:00Z', 'pt', t)).toMatch(/março/);
  });
});

describe('the offline queue', () => {
  it('keeps messages in order, each with its own client id, in the browser\'s storage', () => {
    queueMessage('c1', 'first');
    queueMessage('c1', 'second');
    const lines = pendingLines('c1');
    expect(lines.map((l) => l.text)).toEqual(['first', 'second']);
    expect(new Set(lines.map((l) => l.clientId)).size).toBe(2);
    expect(localStorage.getItem('live.outbox.chat-c1')).toContain('second');
  });
});
