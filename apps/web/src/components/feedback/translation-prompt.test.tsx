import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@app/shared';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { TranslationPrompt } from './translation-prompt';

// jsdom has no document.fonts, which Mantine's autosizing textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const sermonId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const screenAt = () => renderScreen([{ path: '/', element: <TranslationPrompt sermonId={sermonId} language="es" /> }], '/');

describe('"How was the translation?" when a sermon ends', { timeout: 20_000 }, () => {
  const sent: unknown[] = [];
  const { handlers } = stubApiEachTest(() => ({
    'POST /api/v1/feedback': (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse(201, { id: 'f1' });
    },
  }));

  it('sends the feedback with the sermon and the language listened in, and thanks the person', async () => {
    localStorage.setItem(storageKeys.userEmail, 'member@demo.church');
    await screenAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Give feedback' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Good' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Comment/ }), { target: { value: 'Very clear' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you! Your feedback has been sent.')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ type: 'GeneralFeedback', audioQuality: 'Good', comment: 'Very clear', sermonId, language: 'es' });
  });

  it('asks for a comment before sending, and says so when sending fails', async () => {
    localStorage.setItem(storageKeys.userEmail, 'member@demo.church');
    handlers['POST /api/v1/feedback'] = () => jsonResponse(500, { code: 'internal' });
    await screenAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Give feedback' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Please enter your comment')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Comment/ }), { target: { value: 'Hmm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Error sending feedback. Please try again.')).toBeTruthy();
  });

  it('asks a guest to sign in instead of showing a form', async () => {
    await screenAt();
    await waitFor(() => expect(screen.getByText('Sign in to tell your church how the translation was.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Give feedback' })).toBeNull();
  });
});
