import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Text } from '@mantine/core';
import { IconArrowDown, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Caption } from '@app/shared';

/** Providers that are translation engines (not the spoken words, the demo or untranslated text). */
const ENGINES = new Set<Caption['provider']>(['azure', 'deepl', 'google', 'libretranslate', 'openai']);

/** How close to the bottom still counts as "reading the newest" (so auto-scroll continues). */
const NEAR_BOTTOM_PX = 48;

/**
 * Captions growing as the speaker talks: the newest stays in view unless the listener scrolled up
 * to re-read, in which case a button offers the way back down.
 */
export function CaptionList({
  captions,
  inProgress = [],
  fontSize,
  rtl,
  lang,
  follow = true,
  emptyText,
  onFlag,
  onFlagIntent,
}: {
  captions: Caption[];
  /** Lines still being said (decision 030): after the finals, marked as in progress. */
  inProgress?: Caption[];
  fontSize: number;
  rtl: boolean;
  lang: string;
  follow?: boolean;
  emptyText: string;
  /** A listener says this line is translated wrong (decision 025). */
  onFlag?: (caption: Caption) => void;
  /** A flag is about to be tapped: time to load its dialog. */
  onFlagIntent?: () => void;
}) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const [hasUnseen, setHasUnseen] = useState(false);

  const scrollToBottom = () => {
    const box = boxRef.current;
    if (!box) return;
    box.scrollTop = box.scrollHeight;
    atBottomRef.current = true;
    setHasUnseen(false);
  };

  useLayoutEffect(() => {
    if (!follow) return;
    if (atBottomRef.current) {
      const box = boxRef.current;
      if (box) box.scrollTop = box.scrollHeight;
    } else if (captions.length > 0) {
      setHasUnseen(true);
    }
  }, [captions, inProgress, follow, fontSize]);

  // A notice appearing above (offline, paused) shrinks the list: keep the newest line in view then too.
  useEffect(() => {
    const box = boxRef.current;
    if (!follow || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [follow]);

  // Larger text changes the layout; keep the newest line in view.
  useEffect(() => {
    if (follow && atBottomRef.current) scrollToBottom();
  }, [fontSize, follow]);

  const handleScroll = () => {
    const box = boxRef.current;
    if (!box) return;
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    atBottomRef.current = atBottom;
    if (atBottom) setHasUnseen(false);
  };

  const newest = captions.length ? captions[captions.length - 1]!.seq : -1;

  return (
    // Fills what its parent column leaves (the listener screen is one viewport high).
    <Box pos="relative" style={{ flex: '1 1 auto', minHeight: 120 }}>
      <Box
        ref={boxRef}
        onScroll={handleScroll}
        role="log"
        aria-live="polite"
        aria-label={t('live.listener.captions')}
        dir={rtl ? 'rtl' : 'ltr'}
        lang={lang}
        tabIndex={0}
        style={{
          height: '100%',
          overflowY: 'auto',
          padding: 'var(--mantine-spacing-md)',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-body)',
          fontSize,
          lineHeight: 1.5,
          textAlign: 'start',
        }}
      >
        {captions.length === 0 && inProgress.length === 0 ? (
          <Text c="dimmed" size="md" dir="auto">
            {emptyText}
          </Text>
        ) : (
          captions.map((c) => (
            <Box key={c.seq} mb="sm" style={{ opacity: c.seq === newest ? 1 : 0.82 }} data-caption-seq={c.seq} data-final="">
              <span dir="auto" style={{ fontWeight: c.seq === newest ? 600 : 400 }} data-caption-text="">
                {c.text}
              </span>
              {c.provider === 'demo' && (
                <Badge size="xs" variant="light" color="gray" ms="xs" style={{ verticalAlign: 'middle' }} dir="auto">
                  {t('live.listener.demoTranslation')}
                </Badge>
              )}
              {c.provider === 'untranslated' && (
                <Badge size="xs" variant="light" color="orange" ms="xs" style={{ verticalAlign: 'middle' }} dir="auto">
                  {t('live.listener.untranslated')}
                </Badge>
              )}
              {ENGINES.has(c.provider) && (
                // Which engine made the line (decision 033): quiet, but there for anyone who wonders.
                <Text component="span" size="xs" c="dimmed" ms="xs" title={t('live.listener.translatedBy', { engine: t(`live.listener.engines.${c.provider}`) })}>
                  {t(`live.listener.engines.${c.provider}`)}
                </Text>
              )}
              {onFlag && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  // 44 px: the listener page's own touch-target rule (ARCHITECTURE.md section 7).
                  size={44}
                  ms={4}
                  style={{ verticalAlign: 'middle' }}
                  aria-label={t('glossary.listenerFlag.button', { seq: c.seq })}
                  onPointerEnter={onFlagIntent}
                  onFocus={onFlagIntent}
                  onClick={() => onFlag(c)}
                >
                  <IconFlag size={16} aria-hidden />
                </ActionIcon>
              )}
            </Box>
          ))
        )}
        {inProgress.map((c) => (
          <Text key={`in-progress-${c.seq}`} component="p" fs="italic" c="dimmed" m={0} mb="sm" dir="auto" style={{ fontSize }} aria-label={t('live.listener.interim')} data-caption-seq={c.seq} data-caption-text="">
            {c.text}
            {c.tentative && (
              // Words the next update may replace (decision 058): underlined dotted, at the line's own
              // contrast, and hidden from screen readers, which announce committed words only.
              <span aria-hidden="true" data-tentative="">
                {/^\s*/u.exec(c.tentative)![0]}
                <span style={{ textDecoration: 'underline dotted', textUnderlineOffset: '0.25em', textDecorationThickness: '0.08em' }}>{c.tentative.trimStart()}</span>
              </span>
            )}
          </Text>
        ))}
      </Box>
      {hasUnseen && (
        <Button
          size="sm"
          mih={44}
          radius="xl"
          pos="absolute"
          bottom={12}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          leftSection={<IconArrowDown size={14} />}
          onClick={scrollToBottom}
        >
          {t('live.listener.jumpToNewest')}
        </Button>
      )}
    </Box>
  );
}
