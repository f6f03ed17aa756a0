import { Anchor, Blockquote, Code, Highlight, Kbd, List, Mark, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useHeadingLevel } from '../../components/heading-level';
import { KitSection, UiKitFrame } from './ui-kit-frame';

const headingSizes = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
const textSizes = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

/** `/basic/typography`: headings, text sizes and inline styles in the app's type scale. */
export function TypographyPage() {
  const { t } = useTranslation();
  // The examples sit below the section heading, so they never outrank the page's own h1.
  const exampleOrder = useHeadingLevel(1);
  return (
    <UiKitFrame page="typography">
      <KitSection title={t('basic.typography.headings')} description={t('basic.typography.headingsHint')}>
        <Stack gap="xs">
          {headingSizes.map((size, i) => (
            <Title key={size} order={exampleOrder} size={size}>
              {t('basic.typography.headingExample', { n: i + 1 })}
            </Title>
          ))}
        </Stack>
      </KitSection>

      <KitSection title={t('basic.typography.text')}>
        <Stack gap="xs">
          {textSizes.map((size) => (
            <Text key={size} size={size}>{t('basic.typography.textExample', { size })}</Text>
          ))}
          <Text c="dimmed">{t('basic.typography.dimmed')}</Text>
          <Text fw={700}>{t('basic.typography.bold')}</Text>
          <Text fs="italic">{t('basic.typography.italic')}</Text>
          <Text td="underline">{t('basic.typography.underline')}</Text>
        </Stack>
      </KitSection>

      <KitSection title={t('basic.typography.inline')}>
        <Stack gap="xs">
          <Text>
            {t('basic.typography.linkBefore')}{' '}
            <Anchor component={Link} to={paths.privacyPolicy}>{t('nav.privacyPolicy')}</Anchor>
          </Text>
          <Text>
            {t('basic.typography.codeBefore')} <Code>PUBLIC_URL</Code>
          </Text>
          <Text>
            {t('basic.typography.kbdBefore')} <Kbd>Tab</Kbd> / <Kbd>Shift</Kbd> + <Kbd>Tab</Kbd>
          </Text>
          <Text>
            <Mark>{t('basic.typography.marked')}</Mark>
          </Text>
          <Highlight highlight={t('basic.typography.highlightWord')}>{t('basic.typography.highlightSentence')}</Highlight>
        </Stack>
      </KitSection>

      <KitSection title={t('basic.typography.lists')}>
        <Stack gap="sm">
          <List>
            <List.Item>{t('basic.typography.listItem', { n: 1 })}</List.Item>
            <List.Item>{t('basic.typography.listItem', { n: 2 })}</List.Item>
            <List.Item>{t('basic.typography.listItem', { n: 3 })}</List.Item>
          </List>
          <List type="ordered">
            <List.Item>{t('basic.typography.step1')}</List.Item>
            <List.Item>{t('basic.typography.step2')}</List.Item>
            <List.Item>{t('basic.typography.step3')}</List.Item>
          </List>
        </Stack>
      </KitSection>

      <KitSection title={t('basic.typography.quote')}>
        <Blockquote mt="lg" color="blue" icon={<IconInfoCircle aria-hidden />} cite={t('basic.typography.quoteCite')}>
          {t('basic.typography.quoteText')}
        </Blockquote>
      </KitSection>
    </UiKitFrame>
  );
}

export { TypographyPage as Component };
