import { Badge, Button, Group, Paper, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPencil, IconPlayerTrackNext, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs';
import { useHeadingLevel } from '../../../components/heading-level';
import { useDeletePreparedText, usePreparedText, usePreparedTexts } from '../../../lib/prepared-texts';
import { EditPreparedText, NewPreparedText } from './prepared-text-editor';

/** Keys that send the next paragraph, as a presenter's clicker does. */
const NEXT_KEYS = new Set([' ', 'ArrowRight']);

/** Typing in a field, or a space on a button (which presses that button), is not a request for the next paragraph. */
function isTyping(target: EventTarget | null, key: string): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || (key === ' ' && el.tagName === 'BUTTON');
}

/**
 * Prepared notes, readings and lyrics on the Go Live screen (decision 026): prepared before the
 * service; during it one tap, the space bar or the right arrow sends the next paragraph, which
 * listeners get from its stored translations. A tap on a paragraph makes it the next one.
 */
export function PreparedPanel({ churchId, sourceLanguage, isLive, disabled, onSend }: {
  churchId: string;
  sourceLanguage?: string;
  isLive: boolean;
  disabled?: boolean;
  onSend: (text: string, paragraphId: string) => void;
}) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const texts = usePreparedTexts(churchId);
  const [textId, setTextId] = useState<string | null>(null);
  const chosen = usePreparedText(churchId, textId);
  const remove = useDeletePreparedText(churchId);
  const [next, setNextState] = useState(0);
  // The key handler reads the index here: a clicker's two quick presses may both arrive before the
  // next render, and must send two paragraphs, not the same one twice.
  const nextRef = useRef(0);
  const setNext = (index: number) => {
    nextRef.current = index;
    setNextState(index);
  };
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const [isCreating, setIsCreating] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const paragraphs = chosen.data?.paragraphs ?? [];
  const sending = isLive && !disabled;
  const canSend = sending && next < paragraphs.length;

  const sendNext = () => {
    const index = nextRef.current;
    const p = paragraphs[index];
    if (!sending || !p) return;
    setNext(index + 1);
    onSend(p.text, p.id);
    setSent((s) => new Set(s).add(p.id));
  };

  useEffect(() => {
    if (!canSend) return;
    const onKey = (e: KeyboardEvent) => {
      if (!NEXT_KEYS.has(e.key) || isTyping(e.target, e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      sendNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const choose = (id: string | null) => {
    setTextId(id);
    setNext(0);
    setSent(new Set());
  };
  const confirmDelete = () => chosen.data && dialogs.confirm({
    title: t('glossary.prepared.deleteTitle', { title: chosen.data.title }),
    children: <Text size="sm">{t('glossary.prepared.deleteBody')}</Text>,
    labels: { confirm: t('glossary.delete'), cancel: t('glossary.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () => remove.mutate(chosen.data!.id, { onSuccess: () => choose(null) }),
  });

  return (
    <Paper withBorder p="md" radius="md" aria-label={t('glossary.prepared.panel')} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={sectionOrder} size="h4">{t('glossary.prepared.panel')}</Title>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setIsCreating(true)}>{t('glossary.prepared.new')}</Button>
        </Group>
        <Select
          label={t('glossary.prepared.choose')}
          placeholder={texts.data?.length === 0 ? t('glossary.prepared.none') : undefined}
          data={(texts.data ?? []).map((x) => ({ value: x.id, label: t('glossary.prepared.option', { title: x.title, count: x.paragraphCount }) }))}
          value={textId}
          onChange={choose}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        {chosen.data && (
          <>
            <Group gap="xs">
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setIsEditing(true)}>{t('glossary.prepared.edit')}</Button>
              <Button size="xs" variant="default" color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>{t('glossary.delete')}</Button>
            </Group>
            {isLive && (
              <Button size="lg" onClick={sendNext} disabled={!canSend} leftSection={<IconPlayerTrackNext size={20} />} aria-keyshortcuts="Space ArrowRight">
                {next < paragraphs.length ? t('glossary.prepared.sendNext', { n: next + 1, total: paragraphs.length }) : t('glossary.prepared.allSent')}
              </Button>
            )}
            {isLive && <Text size="xs" c="dimmed">{t('glossary.prepared.keys')}</Text>}
            <Stack gap={4} component="ol" aria-label={t('glossary.prepared.paragraphs')} style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 360, overflowY: 'auto' }}>
              {paragraphs.map((p, i) => (
                <li key={p.id}>
                  <UnstyledButton
                    onClick={() => setNext(i)}
                    aria-current={i === next ? 'step' : undefined}
                    w="100%"
                    p="xs"
                    style={{ borderRadius: 6, border: `1px solid ${i === next ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-border)'}` }}
                  >
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge size="sm" variant={i === next ? 'filled' : 'light'} color={sent.has(p.id) ? 'teal' : 'blue'} leftSection={sent.has(p.id) ? <IconCheck size={10} /> : undefined}>{i + 1}</Badge>
                      <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>{p.text}</Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <NewPreparedText churchId={churchId} sourceLanguage={sourceLanguage} opened={isCreating} onClose={() => setIsCreating(false)} onCreated={(x) => { setIsCreating(false); choose(x.id); }} />
      {isEditing && chosen.data && <EditPreparedText churchId={churchId} text={chosen.data} onClose={() => setIsEditing(false)} />}
    </Paper>
  );
}
