import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Group, NumberInput, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { SermonTimeline } from '@app/shared';
import { ErrorState } from '../../components/query-states';
import { api } from '../../lib/api-client';
import { languageName } from '../../lib/language-label';
import { formattingLocale, interfaceLanguage } from '../../i18n/interface-language';
import { SubtitleDownloads } from '../../components/subtitle-downloads';
import { useStoredUser } from '../../components/navigation/use-stored-user';
import { clockTime, recordingLink } from './timeline-links';

/**
 * `/sermons/:id/listen-again`: an ended sermon in one language (decision 037): each line with
 * when it was said, the translated voice where one was made (played on from a line), and a link
 * to that moment of the recording when the church gives the recording's address.
 */
export function ListenAgainPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { t, i18n } = useTranslation();
  const ui = interfaceLanguage(i18n);
  // Opened without ?lang (a shared link, analytics): the reader's own language when the sermon has it.
  const lang = search.get('lang') ?? '';
  const wanted = lang || ui;
  const timeline = useQuery({
    queryKey: ['sermons', id, 'timeline', wanted],
    queryFn: () => api<SermonTimeline>(`/sermons/${encodeURIComponent(id)}/timeline?lang=${encodeURIComponent(wanted)}`),
  });
  const offered = timeline.data?.languages;
  useEffect(() => {
    if (lang || !offered || offered.includes(ui)) return;
    // A regional form of the reader's language (zh-Hans for zh), else the language it was preached in.
    const next = offered.find((l) => l.split('-')[0] === ui) ?? offered[0];
    if (next) setSearch((s) => { s.set('lang', next); return s; }, { replace: true });
  }, [lang, offered, ui, setSearch]);
  // The recording link, its offset and subtitle files are the media team's (staff and administrators).
  const { userType } = useStoredUser();
  const isMediaTeam = userType === '1' || userType === '2' || userType === '3';
  const [recording, setRecording] = useState(search.get('recording') ?? '');
  const [offset, setOffset] = useState(0);
  const [playing, setPlaying] = useState<number | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  if (timeline.isPending) return <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}><Skeleton h={60} /><Skeleton h={300} /></Stack>;
  if (timeline.isError) return <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} title={t('listenAgain.loadFailed')} />;
  const data = timeline.data;
  const lines = data.lines;

  /** Plays this line's voice, then each following line's that has one, until stopped. */
  const playFrom = (index: number) => {
    audio.current?.pause();
    const at = lines.findIndex((l, i) => i >= index && l.audio);
    if (at < 0) return setPlaying(null);
    const player = new Audio(lines[at]!.audio!);
    audio.current = player;
    setPlaying(lines[at]!.seq);
    player.onended = () => playFrom(at + 1);
    player.onerror = () => playFrom(at + 1);
    void player.play().catch(() => setPlaying(null));
  };
  const stop = () => {
    audio.current?.pause();
    setPlaying(null);
  };

  return (
    <Stack gap="md">
      {/* The page's title is the bar's heading above: here which sermon it is (its service's title,
          decision 019, and preacher) and when it was preached. */}
      <Stack gap={0}>
        {(data.title || data.hostName) && <Text fw={600}>{[data.title, data.hostName].filter(Boolean).join(' · ')}</Text>}
        <Text size="sm" c="dimmed">{t('listenAgain.started', { date: new Date(data.startedAt).toLocaleString(formattingLocale(i18n)) })}</Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select label={t('listenAgain.language')} value={data.language} allowDeselect={false} w={200}
          data={data.languages.map((l) => ({ value: l, label: languageName(l, l, ui) }))}
          onChange={(v) => v && setSearch((s) => { s.set('lang', v); return s; }, { replace: true })} />
        {isMediaTeam && (
          <>
            <TextInput label={t('listenAgain.recording')} description={t('listenAgain.recordingHelp')} value={recording}
              onChange={(e) => setRecording(e.currentTarget.value)} placeholder="https://youtu.be/…" style={{ flex: 1, minWidth: 220 }} />
            <NumberInput label={t('listenAgain.offset')} value={offset} onChange={(v) => setOffset(Number(v) || 0)} w={150} min={-36000} max={36000} suffix=" s" />
          </>
        )}
      </Group>
      {isMediaTeam && <SubtitleDownloads sermonId={data.sermonId} languages={data.languages} fixed={{ language: data.language, offset }} />}
      {lines.length === 0 && <Text c="dimmed">{t('listenAgain.empty')}</Text>}
      <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lines.map((line, i) => {
          const href = recordingLink(recording, line.at + offset);
          return (
            <Paper key={line.seq} component="li" withBorder p="xs" radius="sm" bg={playing === line.seq ? 'var(--mantine-primary-color-light)' : undefined}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Stack gap={2} align="center" w={64} style={{ flexShrink: 0 }}>
                  {href ? (
                    <Anchor href={href} target="_blank" size="sm" ff="monospace" aria-label={t('listenAgain.jump', { time: clockTime(line.at + offset) })}>{clockTime(line.at + offset)}</Anchor>
                  ) : (
                    <Text size="sm" ff="monospace" c="dimmed">{clockTime(line.at + offset)}</Text>
                  )}
                  {line.audio && (playing === line.seq ? (
                    <ActionIcon variant="filled" size="sm" aria-label={t('listenAgain.stop')} onClick={stop}><IconPlayerStop size={14} aria-hidden /></ActionIcon>
                  ) : (
                    <ActionIcon variant="light" size="sm" aria-label={t('listenAgain.playFrom', { time: clockTime(line.at) })} onClick={() => playFrom(i)}><IconPlayerPlay size={14} aria-hidden /></ActionIcon>
                  ))}
                </Stack>
                <Text size="sm" lang={data.language} style={{ overflowWrap: 'anywhere' }}>{line.text}</Text>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

export { ListenAgainPage as Component };
