import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Chip, Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarEvent, IconHeadphones, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dashboardRanges } from '@app/shared';
import { KitSection, UiKitFrame } from './ui-kit-frame';

const tabs = [
  { value: 'sermons', icon: IconHeadphones },
  { value: 'events', icon: IconCalendarEvent },
  { value: 'feedback', icon: IconMessageCircle },
] as const;

const tabVariants = ['default', 'outline', 'pills'] as const;

/** `/basic/tabs-pills`: tabs, pill tabs, segmented choices and chips. */
export function TabsPillsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<string>('week');
  const [languages, setLanguages] = useState<string[]>(['en', 'pt']);
  const isNarrow = useMediaQuery('(max-width: 575px)') ?? false;
  return (
    <UiKitFrame page="tabsPills">
      {tabVariants.map((variant) => (
        <KitSection key={variant} title={t(`basic.tabsPills.variant.${variant}`)}>
          <Tabs defaultValue="sermons" variant={variant}>
            <Tabs.List aria-label={t(`basic.tabsPills.variant.${variant}`)}>
              {tabs.map(({ value, icon: Icon }) => (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                  {t(`basic.tabsPills.tab.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map(({ value }) => (
              <Tabs.Panel key={value} value={value} pt="sm">
                <Text size="sm">{t(`basic.tabsPills.panel.${value}`)}</Text>
              </Tabs.Panel>
            ))}
          </Tabs>
        </KitSection>
      ))}

      <KitSection title={t('basic.tabsPills.segmented')} description={t('basic.tabsPills.segmentedHint')}>
        <Stack gap="xs">
          <SegmentedControl
            aria-label={t('basic.tabsPills.rangeLabel')}
            value={range}
            onChange={setRange}
            data={dashboardRanges.map((r) => ({ value: r, label: t(`basic.tabsPills.range.${r}`) }))}
            // Five ranges do not fit side by side on a phone; they stack instead of scrolling away.
            orientation={isNarrow ? 'vertical' : 'horizontal'}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text size="sm" c="dimmed">{t('basic.tabsPills.rangeChosen', { range: t(`basic.tabsPills.range.${range}`) })}</Text>
        </Stack>
      </KitSection>

      <KitSection title={t('basic.tabsPills.chips')} description={t('basic.tabsPills.chipsHint')}>
        <Chip.Group multiple value={languages} onChange={setLanguages}>
          <Group gap="xs" role="group" aria-label={t('basic.tabsPills.chipsLabel')}>
            {(['en', 'pt', 'es', 'id', 'zh'] as const).map((code) => (
              <Chip key={code} value={code}>{t(`languages.${code}`)}</Chip>
            ))}
          </Group>
        </Chip.Group>
      </KitSection>
    </UiKitFrame>
  );
}

export { TabsPillsPage as Component };
