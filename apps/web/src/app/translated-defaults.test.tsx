import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, PasswordInput } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import pt from '../i18n/locales/pt.json';
import zh from '../i18n/locales/zh.json';
import { TranslatedDefaults } from './translated-defaults';

async function renderPasswordField(lng: 'pt' | 'zh') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { pt: { translation: pt }, zh: { translation: zh } } });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <TranslatedDefaults>
          <PasswordInput label="Senha" />
        </TranslatedDefaults>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('Mantine’s own words in the reader’s language', () => {
  it('names a password field’s eye button in Portuguese, not in English', async () => {
    await renderPasswordField('pt');
    expect(screen.getByRole('button', { name: 'Mostrar senha', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toggle password visibility', hidden: true })).toBeNull();
  });

  it('names it in Chinese', async () => {
    await renderPasswordField('zh');
    expect(screen.getByRole('button', { name: '显示密码', hidden: true })).toBeTruthy();
  });
});
