import { Accordion, Button, Collapse, Spoiler, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KitSection, UiKitFrame } from './ui-kit-frame';

const questions = ['join', 'language', 'voice', 'privacy'] as const;

/** `/basic/collapse`: content that opens and closes, with its state announced. */
export function CollapsePage() {
  const { t } = useTranslation();
  const [isOpen, { toggle }] = useDisclosure(false);
  return (
    <UiKitFrame page="collapse">
      <KitSection title={t('basic.collapse.simple')} description={t('basic.collapse.simpleHint')}>
        <Stack gap="sm" align="flex-start">
          <Button
            variant="light"
            onClick={toggle}
            aria-expanded={isOpen}
            aria-controls="kit-collapse-panel"
            rightSection={<IconChevronDown size={16} aria-hidden style={{ transform: isOpen ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />}
          >
            {t(isOpen ? 'basic.collapse.hide' : 'basic.collapse.show')}
          </Button>
          <Collapse expanded={isOpen} id="kit-collapse-panel">
            <Text>{t('basic.collapse.panel')}</Text>
          </Collapse>
        </Stack>
      </KitSection>

      <KitSection title={t('basic.collapse.accordion')} description={t('basic.collapse.accordionHint')}>
        <Accordion variant="separated" defaultValue="join">
          {questions.map((q) => (
            <Accordion.Item key={q} value={q}>
              <Accordion.Control>{t(`basic.collapse.faq.${q}.q`)}</Accordion.Control>
              <Accordion.Panel>{t(`basic.collapse.faq.${q}.a`)}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </KitSection>

      <KitSection title={t('basic.collapse.spoiler')}>
        <Spoiler maxHeight={48} showLabel={t('basic.collapse.showMore')} hideLabel={t('basic.collapse.showLess')}>
          <Text>{t('basic.collapse.longText')}</Text>
        </Spoiler>
      </KitSection>
    </UiKitFrame>
  );
}

export { CollapsePage as Component };
