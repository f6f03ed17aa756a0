import { useState } from 'react';
import { ActionIcon, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/confirm-button';
import { KitSection, UiKitFrame } from './ui-kit-frame';

const variants = ['filled', 'light', 'outline', 'default', 'subtle'] as const;
const sizes = ['xs', 'sm', 'md', 'lg'] as const;

/** `/basic/button`: the buttons screens use, including the confirm-first destructive button. */
export function ButtonPage() {
  const { t } = useTranslation();
  const [isSaving, setSaving] = useState(false);
  return (
    <UiKitFrame page="button">
      <KitSection title={t('basic.button.variants')} description={t('basic.button.variantsHint')}>
        <Group gap="sm">
          {variants.map((v) => (
            <Button key={v} variant={v}>{t(`basic.button.variant.${v}`)}</Button>
          ))}
        </Group>
      </KitSection>

      <KitSection title={t('basic.button.sizes')}>
        <Group gap="sm" align="center">
          {sizes.map((s) => (
            <Button key={s} size={s}>{t(`basic.button.size.${s}`)}</Button>
          ))}
        </Group>
      </KitSection>

      <KitSection title={t('basic.button.withIcons')} description={t('basic.button.withIconsHint')}>
        <Stack gap="sm">
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} aria-hidden />}>{t('basic.button.add')}</Button>
            <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />}>{t('basic.button.edit')}</Button>
            <Button variant="default" rightSection={<IconDownload size={16} aria-hidden />}>{t('basic.button.download')}</Button>
          </Group>
          <Group gap="sm">
            <ActionIcon variant="light" size="lg" aria-label={t('basic.button.edit')}><IconPencil size={18} aria-hidden /></ActionIcon>
            <ActionIcon variant="light" color="red" size="lg" aria-label={t('basic.button.delete')}><IconTrash size={18} aria-hidden /></ActionIcon>
            <ActionIcon variant="filled" size="lg" aria-label={t('basic.button.add')}><IconPlus size={18} aria-hidden /></ActionIcon>
          </Group>
        </Stack>
      </KitSection>

      <KitSection title={t('basic.button.states')} description={t('basic.button.statesHint')}>
        <Group gap="sm">
          <Button
            loading={isSaving}
            onClick={() => {
              setSaving(true);
              window.setTimeout(() => setSaving(false), 1500);
            }}
          >
            {t('basic.button.save')}
          </Button>
          <Button disabled>{t('basic.button.disabled')}</Button>
          <Button fullWidth variant="light">{t('basic.button.fullWidth')}</Button>
        </Group>
      </KitSection>

      <KitSection title={t('basic.button.destructive')} description={t('basic.button.destructiveHint')}>
        <ConfirmButton
          leftSection={<IconTrash size={16} aria-hidden />}
          confirm={{
            title: t('basic.button.confirmTitle'),
            message: t('basic.button.confirmBody'),
            confirmLabel: t('basic.button.delete'),
            onConfirm: () => notifications.show({ color: 'green', message: t('basic.button.confirmed') }),
          }}
        >
          {t('basic.button.deleteExample')}
        </ConfirmButton>
      </KitSection>
    </UiKitFrame>
  );
}

export { ButtonPage as Component };
