import { useState } from 'react';
import { Anchor, Box, Button, ColorInput, CopyButton, Group, MultiSelect, Paper, SegmentedControl, Select, Slider, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { overlayFonts, overlayPositions, type ChurchLanguage, type LivestreamSettings, type OverlayStyle } from '@app/shared';
import { confirmDestructive } from '../../../components/confirm-button';
import { useHeadingLevel } from '../../../components/heading-level';
import { OverlayCaptions } from '../../../components/overlay-captions';
import { churchLanguageNamer } from '../../../lib/language-label';
import { interfaceLanguage } from '../../../i18n/interface-language';
import { useRenewOverlay, useSaveOverlay } from '../api/livestream';

/** The preview's widest, in pixels; the overlay is drawn for 1080 lines and scaled to the preview's height. */
const PREVIEW_WIDTH = 560;

/**
 * The OBS caption overlay (decision 037): its look, previewed as OBS will show it on a stream
 * frame, and its link to paste into a browser source (renewed when it leaks).
 */
export function OverlayBuilderCard({ churchId, settings, languages }: { churchId: string; settings: LivestreamSettings; languages: ChurchLanguage[] }) {
  const order = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const save = useSaveOverlay(churchId);
  const renew = useRenewOverlay(churchId);
  const [style, setStyle] = useState<OverlayStyle>(settings.overlay.style);
  const preview = useElementSize();
  const set = <K extends keyof OverlayStyle>(key: K, value: OverlayStyle[K]) => setStyle((s) => ({ ...s, [key]: value }));
  const link = `${window.location.origin}${settings.overlay.url}`;
  const name = churchLanguageNamer(languages, interfaceLanguage(i18n));
  const sample = style.languages.map((language, i) => ({ language, text: t(i === 0 ? 'livestream.overlay.sampleFirst' : 'livestream.overlay.sampleSecond', { language: name(language) }) }));
  const changed = JSON.stringify(style) !== JSON.stringify(settings.overlay.style);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={order} size="h4">{t('livestream.overlay.title')}</Title>
        <Text size="sm" c="dimmed">{t('livestream.overlay.intro')}</Text>
        <Box ref={preview.ref} role="img" aria-label={t('livestream.overlay.preview')}
          style={{ position: 'relative', width: '100%', maxWidth: PREVIEW_WIDTH, aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden', background: 'linear-gradient(135deg, #3a4a5c, #1d2631 60%, #4d3b2a)' }}>
          <OverlayCaptions style={style} lines={sample} scale={preview.height / 1080} />
        </Box>
        <MultiSelect label={t('livestream.overlay.languages')} description={t('livestream.overlay.languagesHelp')} maxValues={2}
          value={style.languages} onChange={(v) => v.length > 0 && set('languages', v)} data={languages.map((l) => ({ value: l.code, label: name(l.code) }))} />
        <Group grow align="flex-start" wrap="wrap" preventGrowOverflow={false}>
          <Select label={t('livestream.overlay.font')} value={style.font} allowDeselect={false} miw={150}
            onChange={(v) => v && set('font', v as OverlayStyle['font'])} data={overlayFonts.map((f) => ({ value: f, label: t(`livestream.overlay.fonts.${f}`) }))} />
          <ColorInput label={t('livestream.overlay.colour')} value={style.color} format="hex" miw={150}
            // The eyedropper's button has no name of its own (axe: button-name); the swatches and the
            // field do the job.
            withEyeDropper={false}
            onChange={(v) => /^#[0-9a-fA-F]{6}$/.test(v) && set('color', v)} swatches={['#ffffff', '#ffe066', '#74c0fc', '#000000']} />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="overlay-size">{t('livestream.overlay.size')}</Text>
          <Slider min={24} max={96} step={4} value={style.size} onChange={(v) => set('size', v)} label={(v) => `${v}px`} thumbProps={{ 'aria-labelledby': 'overlay-size' }} />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('livestream.overlay.position')}</Text>
          <SegmentedControl value={style.position} onChange={(v) => set('position', v as OverlayStyle['position'])}
            data={overlayPositions.map((p) => ({ value: p, label: t(`livestream.overlay.positions.${p}`) }))} />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('livestream.overlay.background')}</Text>
          <SegmentedControl value={style.background} onChange={(v) => set('background', v as OverlayStyle['background'])}
            data={[{ value: 'box', label: t('livestream.overlay.box') }, { value: 'none', label: t('livestream.overlay.outline') }]} />
        </Stack>
        <Group><Button onClick={() => save.mutate(style, { onSuccess: () => notifications.show({ color: 'green', message: t('livestream.overlay.saved') }) })} loading={save.isPending} disabled={!changed}>{t('livestream.overlay.save')}</Button></Group>
        <Text size="sm" fw={500}>{t('livestream.overlay.link')}</Text>
        <Text size="xs" c="dimmed">{t('livestream.overlay.linkHelp')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Anchor href={link} target="_blank" size="sm" style={{ wordBreak: 'break-all', minWidth: 0 }}>{link}</Anchor>
          <CopyButton value={link}>
            {({ copied, copy }) => <Button size="xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>{copied ? t('schedule.copied') : t('schedule.copy')}</Button>}
          </CopyButton>
        </Group>
        <Group>
          <Button size="xs" variant="default" loading={renew.isPending}
            onClick={() => confirmDestructive({ title: t('livestream.overlay.renewTitle'), message: t('livestream.overlay.renewBody'), confirmLabel: t('livestream.overlay.renew'), onConfirm: () => renew.mutate(undefined) }, t('common.cancel'))}>
            {t('livestream.overlay.renew')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
