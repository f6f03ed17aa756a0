import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_TEXT_MAX } from '@app/shared';
import '../../../i18n';
import { Composer } from './composer';

// jsdom has no document.fonts, which Mantine's autosizing textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

describe('the message composer', () => {
  it('turns Send off and says why while the draft is over the length limit, and on again once shortened', async () => {
    const onSend = vi.fn();
    render(
      <MantineProvider>
        <Composer conversationId="c-long" onSend={onSend} onPhoto={() => {}} />
      </MantineProvider>,
    );
    const field = await screen.findByRole('textbox', { name: 'Write a message' });
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.change(field, { target: { value: 'x'.repeat(MESSAGE_TEXT_MAX + 1) } });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(new RegExp(MESSAGE_TEXT_MAX.toLocaleString('en')), { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'x'.repeat(MESSAGE_TEXT_MAX) } });
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('x'.repeat(MESSAGE_TEXT_MAX));
  });
});
