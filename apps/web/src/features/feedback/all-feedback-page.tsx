import { Anchor, Badge, CloseButton, Group, Select, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { audioQualities, feedbackTypes, listeningLanguages, type Feedback } from '@app/shared';
import { ChurchSelect } from '../../components/church-select';
import { DateRangeFilter } from '../../components/date-range-filter';
import { ListTable } from '../../components/data-table/list-table';
import { useListParams } from '../../components/data-table/use-list-params';
import { exportUrl } from '../../components/data-table/use-list-query';
import { FEEDBACK_PATH } from '../../components/feedback/send-feedback';
import { readStoredUser } from '../../lib/stored-user';
import { useFeedbackList } from './api/feedback-list';
import { AudioQualityBadge, FeedbackCard, feedbackAuthor, FeedbackTypeBadge, shortDateTime } from './components/feedback-cells';
import { FeedbackDetailModal } from './components/feedback-detail-modal';
import { formattingLocale } from '../../i18n/interface-language';
import { useLanguageName } from '../../lib/use-language-name';

const FILTERS = ['churchId', 'type', 'audioQuality', 'language', 'sermonId', 'from', 'to'] as const;

/** `/all-feedback`: church admins read their church's feedback, platform admins every church's (spec sections 2 (menu) and 6). */
export function AllFeedbackPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t('nav.viewFeedback')} · ${t('common.appName')}`);
  const languageName = useLanguageName();
  const languageLabel = (code: string | null) => (code ? languageName(code) : '—');
  const list = useListParams(FILTERS, '-createdAt');
  const query = useFeedbackList(list.params);
  const [open, setOpen] = useState<Feedback | null>(null);
  const isPlatform = readStoredUser().userType === '1';
  const { filters } = list.params;
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });

  const columns: DataTableColumn<Feedback>[] = [
    { accessor: 'createdAt', title: t('feedback.fields.date'), sortable: true, render: (f) => shortDateTime(f.createdAt, formattingLocale(i18n)) },
    { accessor: 'type', title: t('feedback.fields.type'), sortable: true, render: (f) => <FeedbackTypeBadge type={f.type} /> },
    { accessor: 'audioQuality', title: t('feedback.fields.audioQuality'), sortable: true, render: (f) => <AudioQualityBadge quality={f.audioQuality} /> },
    {
      accessor: 'comment',
      title: t('feedback.fields.comment'),
      render: (f) => (
        <Anchor component="button" type="button" onClick={() => setOpen(f)} ta="left" size="sm" lineClamp={2} aria-label={t('feedback.list.open', { name: feedbackAuthor(f, t) })}>
          {f.comment}
        </Anchor>
      ),
    },
    { accessor: 'userName', title: t('feedback.fields.person'), render: (f) => <Text size="sm">{feedbackAuthor(f, t)}</Text> },
    {
      accessor: 'language',
      title: t('feedback.fields.language'),
      render: (f) => (f.sermonId ? (
        <Anchor component="button" type="button" size="sm" onClick={() => list.update({ filters: { sermonId: f.sermonId! } })} aria-label={t('feedback.list.sameSermon')}>
          {languageLabel(f.language)}
        </Anchor>
      ) : languageLabel(f.language)),
    },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('fields.church') } as DataTableColumn<Feedback>] : []),
  ];

  return (
    <>
      {filters.sermonId && (
        <Group mb="sm">
          <Badge size="lg" variant="light" rightSection={<CloseButton size="xs" aria-label={t('feedback.list.clearSermon')} onClick={() => setFilter('sermonId')(null)} />}>
            {t('feedback.list.oneSermon')}
          </Badge>
        </Group>
      )}
      <ListTable
        label={t('nav.viewFeedback')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('feedback.list.search')}
        searchPlaceholder={t('feedback.list.searchPlaceholder')}
        exportUrl={exportUrl(FEEDBACK_PATH, list.params)}
        filters={
          <>
            {isPlatform && <ChurchSelect label={t('fields.church')} clearable value={filters.churchId ?? null} onChange={setFilter('churchId')} w={220} />}
            <Select label={t('feedback.fields.type')} clearable w={170} value={filters.type ?? null} onChange={setFilter('type')} data={feedbackTypes.map((v) => ({ value: v, label: t(`feedback.types.${v}`) }))} />
            <Select label={t('feedback.fields.audioQuality')} clearable w={150} value={filters.audioQuality ?? null} onChange={setFilter('audioQuality')} data={audioQualities.map((v) => ({ value: v, label: t(`feedback.audio.${v}`) }))} />
            <Select label={t('feedback.fields.language')} clearable searchable w={170} value={filters.language ?? null} onChange={setFilter('language')} data={listeningLanguages.map((l) => ({ value: l.code, label: languageName(l.code) }))} />
            <DateRangeFilter list={list} />
          </>
        }
        empty={{ title: t('feedback.list.emptyTitle'), description: t('feedback.list.emptyBody') }}
        renderCard={(f) => <FeedbackCard item={f} onOpen={() => setOpen(f)} />}
      />
      <FeedbackDetailModal item={open} onClose={() => setOpen(null)} />
    </>
  );
}

export { AllFeedbackPage as Component };
