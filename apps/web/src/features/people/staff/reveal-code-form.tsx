import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput, isSixDigits } from '../../../components/form-fields/code-input';

/** Revealing pay data asks a person with two-step sign-in for a fresh code (decision 023). */
export function RevealCodeForm({ wrong, pending, onCode }: { wrong: boolean; pending: boolean; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const valid = isSixDigits(code);
  const error = tried && !valid ? t('validation.twoStepCodeFormat') : wrong ? t('validation.twoStepCodeWrong') : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (valid) onCode(code.trim());
      }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>{t('security.reveal.codeTitle')}</Text>
        <Text size="sm" c="dimmed">{t('security.reveal.codeIntro')}</Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <CodeInput
            autoFocus
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            w={180}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={pending}>{t('security.reveal.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
