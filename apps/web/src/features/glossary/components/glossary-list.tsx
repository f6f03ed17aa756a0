import { ActionIcon, Badge, Button, FileButton, Group, Modal, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { glossaryKinds, listeningLanguages, type GlossaryEntry } from '@app/shared';
import { dialogs } from '../../../components/dialogs';
import { ListTable } from '../../../components/data-table/list-table';
import { useListParams } from '../../../components/data-table/use-list-params';
import { exportUrl } from '../../../components/data-table/use-list-query';
import { useLanguageName } from '../../../lib/use-language-name';
import { useDeleteGlossaryEntry } from '../api/delete-glossary-entry';
import { useGlossaryList } from '../api/get-glossary';
import { emptyGlossaryForm, formFromEntry, GlossaryEntryForm, type GlossaryFormValues } from './glossary-entry-form';
import { ImportGlossaryErrors, useGlossaryImport } from './glossary-import';

const FILTERS = ['kind', 'language'] as const;

export function TranslationsText({ entry }: { entry: GlossaryEntry }) {
  const { t } = useTranslation();
  if (entry.kind === 'keep') return <Text size="sm" c="dimmed">{t('glossary.list.keptAsIs')}</Text>;
  return (
    <Text size="sm" lineClamp={2}>
      {Object.entries(entry.translations).map(([code, text]) => `${code}: ${text}`).join(' · ')}
    </Text>
  );
}

/** A glossary on the list machinery, with add, change, delete, CSV export and import for those who may edit. */
export function GlossaryList({ path, canEdit, label }: { path: string; canEdit: boolean; label: string }) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const list = useListParams(FILTERS, 'term');
  const query = useGlossaryList(path, list.params);
  const remove = useDeleteGlossaryEntry(path);
  const importer = useGlossaryImport(path);
  const [editing, setEditing] = useState<{ entry?: GlossaryEntry; initial: GlossaryFormValues } | null>(null);
  const { filters } = list.params;
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });

  const confirmDelete = (entry: GlossaryEntry) => dialogs.confirm({
    title: t('glossary.deleteTitle', { term: entry.term }),
    children: <Text size="sm">{t('glossary.deleteBody')}</Text>,
    labels: { confirm: t('glossary.delete'), cancel: t('glossary.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () => remove.mutate(entry.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('glossary.deleted', { term: entry.term }) }),
      onError: () => notifications.show({ color: 'red', message: t('glossary.deleteFailed') }),
    }),
  });

  const actions = (entry: GlossaryEntry) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" aria-label={t('glossary.editLabel', { term: entry.term })} onClick={() => setEditing({ entry, initial: formFromEntry(entry) })}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('glossary.deleteLabel', { term: entry.term })} onClick={() => confirmDelete(entry)}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );

  const columns: DataTableColumn<GlossaryEntry>[] = [
    { accessor: 'term', title: t('glossary.fields.term'), sortable: true, render: (e) => <Text size="sm" fw={500}>{e.term}</Text> },
    { accessor: 'kind', title: t('glossary.fields.kind'), sortable: true, render: (e) => <Badge variant="light" tt="none" color={e.kind === 'keep' ? 'gray' : 'blue'}>{t(`glossary.kinds.${e.kind}`)}</Badge> },
    { accessor: 'language', title: t('glossary.fields.language'), sortable: true },
    { accessor: 'translations', title: t('glossary.fields.translations'), render: (e) => <TranslationsText entry={e} /> },
    { accessor: 'heardAs', title: t('glossary.fields.heardAs'), render: (e) => <Text size="sm">{e.heardAs.join(', ')}</Text> },
    { accessor: 'note', title: t('glossary.fields.note'), render: (e) => <Text size="sm" lineClamp={2}>{e.note}</Text> },
    ...(canEdit ? [{ accessor: 'actions', title: <VisuallyHidden>{t('common.list.actions')}</VisuallyHidden>, textAlign: 'right', render: actions } as DataTableColumn<GlossaryEntry>] : []),
  ];

  return (
    <Stack gap="sm">
      {canEdit && (
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ initial: emptyGlossaryForm() })}>{t('glossary.add')}</Button>
          <FileButton accept=".csv,text/csv" onChange={(file) => file && importer.run(file)}>
            {(props) => <Button {...props} variant="default" loading={importer.isPending} leftSection={<IconFileImport size={16} />}>{t('glossary.import.button')}</Button>}
          </FileButton>
        </Group>
      )}
      <ImportGlossaryErrors errors={importer.errors} onClose={importer.clear} />
      <ListTable
        label={label}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('glossary.list.search')}
        exportUrl={exportUrl(path, list.params)}
        filters={
          <>
            <Select label={t('glossary.fields.kind')} clearable w={150} value={filters.kind ?? null} onChange={setFilter('kind')} data={glossaryKinds.map((k) => ({ value: k, label: t(`glossary.kinds.${k}`) }))} />
            <Select label={t('glossary.fields.language')} clearable w={170} value={filters.language ?? null} onChange={setFilter('language')} data={listeningLanguages.map((l) => ({ value: l.code, label: languageName(l.code) }))} />
          </>
        }
        empty={{ title: t('glossary.list.emptyTitle'), description: t('glossary.list.emptyBody') }}
        renderCard={(e) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{e.term}</Text>
              <Badge variant="light" tt="none" color={e.kind === 'keep' ? 'gray' : 'blue'}>{t(`glossary.kinds.${e.kind}`)}</Badge>
            </Group>
            <TranslationsText entry={e} />
            {e.heardAs.length > 0 && <Text size="xs" c="dimmed">{t('glossary.fields.heardAs')}: {e.heardAs.join(', ')}</Text>}
            {canEdit && actions(e)}
          </Stack>
        )}
      />
      <Modal closeButtonProps={{ 'aria-label': t('glossary.cancel') }} opened={editing !== null} onClose={() => setEditing(null)} title={editing?.entry ? t('glossary.editTitle') : t('glossary.addTitle')} size="lg">
        {editing && (
          <GlossaryEntryForm
            path={path}
            entry={editing.entry}
            initial={editing.initial}
            onDone={(saved) => {
              setEditing(null);
              notifications.show({ color: 'teal', message: t('glossary.saved', { term: saved.term }) });
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
