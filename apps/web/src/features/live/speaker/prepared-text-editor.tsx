import { ActionIcon, Alert, Button, FileInput, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREPARED_FILE_TYPES, type PreparedText } from '@app/shared';
import { errorMessage } from '../../../lib/error-message';
import { useCreatePreparedText, useUpdatePreparedText } from '../../../lib/prepared-texts';
import { serverFieldErrors } from '../../../lib/zod-form';

/** A new prepared text: pasted, or a .txt, .md or .docx file; paragraphs are split and translated on the server. */
export function NewPreparedText({ churchId, sourceLanguage, opened, onClose, onCreated }: {
  churchId: string; sourceLanguage?: string; opened: boolean; onClose: () => void; onCreated: (text: PreparedText) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePreparedText(churchId);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const errors = serverFieldErrors(create.error, t);
  const submit = () => create.mutate({ title, text, file, sourceLanguage }, {
    onSuccess: (created) => {
      setTitle(''); setText(''); setFile(null);
      onCreated(created);
    },
  });
  return (
    <Modal closeButtonProps={{ 'aria-label': t('glossary.cancel') }} opened={opened} onClose={onClose} title={t('glossary.prepared.newTitle')} size="lg">
      <Stack gap="sm">
        <TextInput label={t('glossary.prepared.titleLabel')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} data-autofocus />
        <Textarea label={t('glossary.prepared.textLabel')} description={t('glossary.prepared.textHint')} autosize minRows={6} maxRows={14} value={text} onChange={(e) => setText(e.currentTarget.value)} error={errors.text} disabled={file !== null} />
        <FileInput label={t('glossary.prepared.file')} accept={PREPARED_FILE_TYPES.join(',')} clearable value={file} onChange={setFile} error={errors.file} placeholder={PREPARED_FILE_TYPES.join(' ')} />
        {create.isError && Object.keys(errors).length === 0 && <Alert color="red" role="alert">{errorMessage(create.error, t)}</Alert>}
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending} disabled={!title.trim() || (!text.trim() && !file)}>{t('glossary.prepared.create')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface DraftParagraph { key: string; id?: string; text: string }

/** Edit, reorder, add or remove paragraphs; only what changed is translated again. */
export function EditPreparedText({ churchId, text, onClose }: { churchId: string; text: PreparedText; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePreparedText(churchId);
  const [title, setTitle] = useState(text.title);
  const [paragraphs, setParagraphs] = useState<DraftParagraph[]>(text.paragraphs.map((p) => ({ key: p.id, id: p.id, text: p.text })));
  const move = (i: number, by: number) => setParagraphs((list) => {
    const next = [...list];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    return next;
  });
  const save = () => update.mutate(
    { id: text.id, body: { title, paragraphs: paragraphs.filter((p) => p.text.trim()).map((p) => (p.id ? { id: p.id, text: p.text } : { text: p.text })) } },
    { onSuccess: onClose },
  );
  return (
    <Modal closeButtonProps={{ 'aria-label': t('glossary.cancel') }} opened onClose={onClose} title={t('glossary.prepared.editTitle')} size="xl">
      <Stack gap="sm">
        <TextInput label={t('glossary.prepared.titleLabel')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        {paragraphs.map((p, i) => (
          <Group key={p.key} align="flex-start" wrap="nowrap" gap="xs">
            <Textarea aria-label={t('glossary.prepared.paragraph', { n: i + 1 })} autosize minRows={2} style={{ flex: 1 }} value={p.text}
              onChange={(e) => { const value = e.currentTarget.value; setParagraphs((list) => list.map((q) => (q.key === p.key ? { ...q, text: value } : q))); }} />
            <Stack gap={2}>
              <ActionIcon variant="subtle" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('glossary.prepared.moveUp', { n: i + 1 })}><IconArrowUp size={16} /></ActionIcon>
              <ActionIcon variant="subtle" disabled={i === paragraphs.length - 1} onClick={() => move(i, 1)} aria-label={t('glossary.prepared.moveDown', { n: i + 1 })}><IconArrowDown size={16} /></ActionIcon>
              <ActionIcon variant="subtle" color="red" onClick={() => setParagraphs((list) => list.filter((q) => q.key !== p.key))} aria-label={t('glossary.prepared.removeParagraph', { n: i + 1 })}><IconTrash size={16} /></ActionIcon>
            </Stack>
          </Group>
        ))}
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setParagraphs((list) => [...list, { key: `new-${list.length}-${Date.now()}`, text: '' }])}>
          {t('glossary.prepared.addParagraph')}
        </Button>
        {update.isError && <Alert color="red" role="alert">{errorMessage(update.error, t)}</Alert>}
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending}>{t('glossary.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
