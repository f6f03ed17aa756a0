import { Badge, Button, Group, Modal, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listeningLanguages, translationFlagStatuses, type TranslationFlag } from '@app/shared';
import { ListTable } from '../../components/data-table/list-table';
import { useListParams } from '../../components/data-table/use-list-params';
import { exportUrl } from '../../components/data-table/use-list-query';
import { glossaryPath } from './api/get-glossary';
import { FLAGS_PATH, useDismissFlag, useTranslationFlags } from './api/translation-flags';
import { emptyGlossaryForm, GlossaryEntryForm } from './components/glossary-entry-form';
import { GlossaryTabs } from './components/glossary-tabs';
import { useGlossaryChurchId } from './glossary-page';
import { formattingLocale } from '../../i18n/interface-language';
import { useLanguageName } from '../../lib/use-language-name';

const FILTERS = ['status', 'language', 'churchId'] as const;

/** `/church/translation-flags`: lines listeners said were translated wrong; each becomes an entry or is dismissed. */
export function TranslationFlagsPage() {
  const { t, i18n } = useTranslation();
  const languageName = useLanguageName();
  useDocumentTitle(`${t('glossary.tabs.flags')} · ${t('common.appName')}`);
  const churchId = useGlossaryChurchId();
  const list = useListParams(FILTERS, '-createdAt');
  // `?churchId=` is both the church of Manage Church and the list's church filter.
  const { params } = list;
  const query = useTranslationFlags(params);
  const dismiss = useDismissFlag();
  const [accepting, setAccepting] = useState<TranslationFlag | null>(null);
  const { filters } = list.params;
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });

  const actions = (f: TranslationFlag) => f.status !== 'open' ? (
    <Badge variant="dot" tt="none" color={f.status === 'accepted' ? 'teal' : 'gray'}>{t(`glossary.flags.status.${f.status}`)}</Badge>
  ) : (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" onClick={() => setAccepting(f)} aria-label={t('glossary.flags.acceptLabel', { seq: f.seq })}>{t('glossary.flags.accept')}</Button>
      <Button size="xs" variant="default" loading={dismiss.isPending && dismiss.variables === f.id} aria-label={t('glossary.flags.dismissLabel', { seq: f.seq })}
        onClick={() => dismiss.mutate(f.id, { onSuccess: () => notifications.show({ color: 'teal', message: t('glossary.flags.dismissed') }) })}>
        {t('glossary.flags.dismiss')}
      </Button>
    </Group>
  );
  const when = (f: TranslationFlag) => (f.sermonStartedAt ? new Date(f.sermonStartedAt).toLocaleString(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }) : '—');

  const columns: DataTableColumn<TranslationFlag>[] = [
    { accessor: 'createdAt', title: t('glossary.flags.sermon'), sortable: true, render: (f) => <Text size="sm">{when(f)}</Text> },
    { accessor: 'sourceText', title: t('glossary.flags.sourceLine'), render: (f) => <Text size="sm" lang={f.sourceLanguage}>{f.sourceText}</Text> },
    { accessor: 'language', title: t('glossary.fields.language'), sortable: true, render: (f) => languageName(f.language) },
    { accessor: 'translatedText', title: t('glossary.flags.translatedLine'), render: (f) => <Text size="sm" lang={f.language}>{f.translatedText ?? '—'}</Text> },
    { accessor: 'suggestion', title: t('glossary.flags.suggestion'), render: (f) => <Text size="sm" lang={f.language}>{f.suggestion ?? '—'}</Text> },
    { accessor: 'status', title: <VisuallyHidden>{t('common.list.actions')}</VisuallyHidden>, render: actions },
  ];

  return (
    <Stack gap="xs">
      <GlossaryTabs active="flags" churchId={churchId} />
      <Text c="dimmed" size="sm">{t('glossary.flags.intro')}</Text>
      <ListTable
        label={t('glossary.tabs.flags')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('glossary.flags.search')}
        exportUrl={exportUrl(FLAGS_PATH, params)}
        filters={
          <>
            <Select label={t('glossary.flags.statusLabel')} clearable w={150} value={filters.status ?? null} onChange={setFilter('status')} data={translationFlagStatuses.map((v) => ({ value: v, label: t(`glossary.flags.status.${v}`) }))} />
            <Select label={t('glossary.fields.language')} clearable w={170} value={filters.language ?? null} onChange={setFilter('language')} data={listeningLanguages.map((l) => ({ value: l.code, label: languageName(l.code) }))} />
          </>
        }
        empty={{ title: t('glossary.flags.emptyTitle'), description: t('glossary.flags.emptyBody') }}
        renderCard={(f) => (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">{when(f)} · {languageName(f.language)}</Text>
            <Text size="sm">{f.sourceText}</Text>
            <Text size="sm" c="dimmed">{f.translatedText}</Text>
            {f.suggestion && <Text size="sm">{t('glossary.flags.suggestion')}: {f.suggestion}</Text>}
            {actions(f)}
          </Stack>
        )}
      />
      <Modal closeButtonProps={{ 'aria-label': t('glossary.cancel') }} opened={accepting !== null} onClose={() => setAccepting(null)} title={t('glossary.flags.acceptTitle')} size="lg">
        {accepting && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">{accepting.sourceText}</Text>
            <GlossaryEntryForm
              path={glossaryPath(accepting.churchId)}
              fromFlagId={accepting.id}
              initial={emptyGlossaryForm({
                kind: 'fixed', language: accepting.sourceLanguage, note: t('glossary.flags.note'),
                translations: accepting.suggestion ? { [accepting.language]: accepting.suggestion } : {},
              })}
              onDone={(saved) => {
                setAccepting(null);
                notifications.show({ color: 'teal', message: t('glossary.saved', { term: saved.term }) });
              }}
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

export { TranslationFlagsPage as Component };
