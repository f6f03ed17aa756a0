import { Alert, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EngineError, EngineHealth, EngineTestResult } from '@app/shared';
import { languageName } from '../../../lib/language-label';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

/** Test connection's answer: the sample and its latency, or what went wrong in plain words and the engine's own. */
export function EngineTestResultView({ result }: { result: EngineTestResult }) {
  const { t, i18n } = useTranslation();
  const nameOf = (code: string) => languageName(code, code, interfaceLanguage(i18n));
  if (!result.ok) return <EngineErrorView error={result.error} />;
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

/**
 * What went wrong and what to do, in the person's language; the engine's (or the network's) own
 * words, usually English, only under "Technical details" for whoever helps them.
 */
export function EngineErrorView({ error }: { error: EngineError | null }) {
  const { t } = useTranslation();
  const kind = error?.kind ?? 'server';
  return (
    <Alert color="red" role="alert" title={t(`translationEngines.errorKinds.${kind}`)}>
      <Text size="sm">{t(`translationEngines.errorHelp.${kind}`)}</Text>
      {error?.message && <EngineWords words={error.message} answered={kind !== 'unreachable' && kind !== 'timeout'} />}
    </Alert>
  );
}

/**
 * An engine's own words, folded away: they are not in the interface's language. An engine that
 * never answered said nothing: the words are then the network's, and labelled as plain details.
 */
export function EngineWords({ words, answered = true }: { words: string; answered?: boolean }) {
  const { t } = useTranslation();
  return (
    <Text component="details" size="xs" mt={4}>
      <Text component="summary" size="xs" style={{ cursor: 'pointer' }}>{t(answered ? 'translationEngines.test.technical' : 'translationEngines.test.technicalOnly')}</Text>
      <Text size="xs" ff="monospace" lang="en" style={{ overflowWrap: 'anywhere' }}>{words}</Text>
    </Text>
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
