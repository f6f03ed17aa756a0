import { Alert, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EngineHealth, EngineTestResult } from '@app/shared';
import { languageName } from '../../../lib/language-label';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

/** Test connection's answer: the sample and its latency, or what went wrong in plain words and the engine's own. */
export function EngineTestResultView({ result }: { result: EngineTestResult }) {
  const { t, i18n } = useTranslation();
  const nameOf = (code: string) => languageName(code, code, interfaceLanguage(i18n));
  if (!result.ok) {
    const kind = result.error?.kind ?? 'server';
    // An engine that never answered said nothing: the detail is the server's own (what failed, in the network's words).
    const neverAnswered = kind === 'unreachable' || kind === 'timeout';
    return (
      <Alert color="red" role="alert" title={t(`translationEngines.errorKinds.${kind}`)}>
        <Text size="sm">{t(neverAnswered ? 'translationEngines.test.details' : 'translationEngines.test.engineSaid')}</Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{result.error?.message}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="teal" role="status" title={t('translationEngines.test.ok', { ms: result.latencyMs })}>
      <Text size="sm">{result.sample.text}</Text>
      <Text size="sm" fw={600} dir="auto">{result.sample.translation}</Text>
      <Text size="xs" c="dimmed">{t('translationEngines.test.into', { language: nameOf(result.sample.to) })}</Text>
      {result.missingLanguages.length > 0 && (
        <Text size="sm" mt="xs">{t('translationEngines.test.missing', { languages: result.missingLanguages.map(nameOf).join(', ') })}</Text>
      )}
    </Alert>
  );
}

/** How an engine has been doing: recent latency, the last error and this week's failures. */
export function EngineHealthView({ health }: { health: EngineHealth | undefined }) {
  const { t, i18n } = useTranslation();
  if (!health || (health.requestsThisWeek === 0 && !health.lastOkAt && !health.lastError)) {
    return <Text size="sm" c="dimmed">{t('translationEngines.health.none')}</Text>;
  }
  const when = (iso: string) => new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <List size="sm" spacing={2} aria-label={t('translationEngines.health.title')}>
      <List.Item>
        {health.recentLatencyMs !== null ? t('translationEngines.health.latency', { ms: health.recentLatencyMs }) : t('translationEngines.health.noLatency')}
      </List.Item>
      <List.Item>{t('translationEngines.health.week', { requests: health.requestsThisWeek, count: health.failuresThisWeek })}</List.Item>
      {health.lastError && health.lastErrorAt && (
        <List.Item>
          <Group gap={4} wrap="wrap">
            <Text size="sm" c="red">{t('translationEngines.health.lastError', { when: when(health.lastErrorAt) })}</Text>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{health.lastError}</Text>
          </Group>
        </List.Item>
      )}
    </List>
  );
}
