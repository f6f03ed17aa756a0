import { useState } from 'react';
import { Button, Group, NumberInput, Select } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../lib/language-label';
import { interfaceLanguage } from '../i18n/interface-language';

/** The URL of a sermon's subtitle file (decision 037): `offset` seconds for a recording that started earlier. */
export const subtitleUrl = (sermonId: string, format: 'vtt' | 'srt', lang: string, offset = 0) =>
  `/api/v1/sermons/${encodeURIComponent(sermonId)}/subtitles.${format}?lang=${encodeURIComponent(lang)}${offset ? `&offset=${offset}` : ''}`;

/**
 * WebVTT and SRT downloads of an ended sermon in a language it was heard in (analytics), or in the
 * language and offset a page already chose (`fixed`: listen again, just the two buttons).
 */
export function SubtitleDownloads({ sermonId, languages, fixed }: { sermonId: string; languages: string[]; fixed?: { language: string; offset: number } }) {
  const { t, i18n } = useTranslation();
  const [chosen, setLang] = useState(languages[0] ?? 'en');
  const [chosenOffset, setOffset] = useState(0);
  const lang = fixed?.language ?? chosen;
  const offset = fixed?.offset ?? chosenOffset;
  const ui = interfaceLanguage(i18n);
  const buttons = (
    <>
      <Button component="a" href={subtitleUrl(sermonId, 'vtt', lang, offset)} download variant="light" leftSection={<IconDownload size={14} aria-hidden />}>{t('subtitles.vtt')}</Button>
      <Button component="a" href={subtitleUrl(sermonId, 'srt', lang, offset)} download variant="light" leftSection={<IconDownload size={14} aria-hidden />}>{t('subtitles.srt')}</Button>
    </>
  );
  if (fixed) return <Group gap="sm">{buttons}</Group>;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select label={t('subtitles.language')} value={lang} onChange={(v) => v && setLang(v)} allowDeselect={false} w={180}
        data={languages.map((l) => ({ value: l, label: languageName(l, l, ui) }))} />
      <NumberInput label={t('subtitles.offset')} description={t('subtitles.offsetHelp')} value={offset} onChange={(v) => setOffset(Number(v) || 0)} w={200} min={-36000} max={36000} suffix=" s" />
      {buttons}
    </Group>
  );
}
