import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { costCurrencies, listPricesUsd, priceKeys, priceUnitOf, usdRates, type ChurchCostPrices, type CostCurrency, type PriceFamily, type PriceKey } from '@app/shared';
import { AppLink } from '../../../components/app-link';
import { useHeadingLevel } from '../../../components/heading-level';
import { paths } from '../../../config/paths';
import { useCostPrices, useSaveCostPrices } from '../../../lib/cost-prices';
import { formattingLocale } from '../../../i18n/interface-language';

/** Each unit as the vendor bills it (engine-prices.ts): a translation model by the token. */
const PER = { minute: 'costPrices.perMinute', millionTokens: 'costPrices.perMillionTokens', millionCharacters: 'costPrices.perMillion' } as const;

const NAMES: Record<PriceFamily, 'translationEngines' | 'recognitionEngines' | 'voiceEngines'> = { translation: 'translationEngines', recognition: 'recognitionEngines', voice: 'voiceEngines' };

/**
 * Manage Church's way to the cost view, one click (decision 033), and the prices it estimates
 * with: the church's currency and, per engine, the price it pays where it is not the list price.
 */
export function CostPricesCard({ churchId }: { churchId: string }) {
  const order = useHeadingLevel(1);
  const { t } = useTranslation();
  const prices = useCostPrices(churchId);
  const own = prices.data?.churches.find((c) => c.churchId === churchId);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={order} size="h4">{t('costPrices.title')}</Title>
        <Text size="sm" c="dimmed">{t('costPrices.intro')}</Text>
        <Group><Button component={AppLink} href={`${paths.analytics}?tab=cost`} variant="light">{t('costPrices.open')}</Button></Group>
        {prices.isPending ? <Skeleton h={120} /> : prices.isError || !own ? (
          <Alert color="red" title={t('costPrices.loadFailed')}>
            <Button size="xs" variant="light" onClick={() => void prices.refetch()}>{t('church.retry')}</Button>
          </Alert>
        ) : <PriceForm key={JSON.stringify(own)} churchId={churchId} stored={own} />}
      </Stack>
    </Paper>
  );
}

function PriceForm({ churchId, stored }: { churchId: string; stored: ChurchCostPrices }) {
  const { t, i18n } = useTranslation();
  const save = useSaveCostPrices(churchId);
  const [currency, setCurrency] = useState<CostCurrency>(stored.currency);
  const [overrides, setOverrides] = useState<Partial<Record<PriceKey, number>>>(stored.overrides);
  const number = new Intl.NumberFormat(formattingLocale(i18n), { maximumFractionDigits: 4 });
  const submit = () => save.mutate({ currency, overrides }, {
    onSuccess: () => notifications.show({ color: 'teal', message: t('costPrices.saved') }),
    onError: () => notifications.show({ color: 'red', message: t('costPrices.saveFailed') }),
  });
  return (
    <Stack gap="sm">
      <Select label={t('costPrices.currency')} w={160} allowDeselect={false} value={currency} onChange={(v) => v && setCurrency(v as CostCurrency)} data={[...costCurrencies]} />
      {/* At 390 px the list price moves under the engine's name: two columns fit a phone without scrolling sideways. */}
      <Table striped aria-label={t('costPrices.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('translationEngines.cost.engine')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('costPrices.listPrice')}</Table.Th>
            <Table.Th>{t('costPrices.yourPrice')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {priceKeys.map((key) => {
            const [family, kind] = key.split(':') as [PriceFamily, string];
            const engine = `${t(`${NAMES[family]}.names.${kind}`)} (${t(`costPrices.families.${family}`)})`;
            const list = (listPricesUsd[key] ?? 0) * usdRates[currency];
            const listPrice = `${number.format(list)} ${t(PER[priceUnitOf(family, kind)], { currency })}`;
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  {engine}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">{t('costPrices.listPriceShort', { price: listPrice })}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{listPrice}</Table.Td>
                <Table.Td>
                  <NumberInput size="xs" w={{ base: 96, sm: 140 }} min={0} max={10_000} decimalScale={4} aria-label={t('costPrices.yourPriceFor', { engine })}
                    placeholder={number.format(list)} value={overrides[key] ?? ''}
                    onChange={(v) => setOverrides((o) => {
                      const next = { ...o };
                      if (v === '' || v === null) delete next[key];
                      else next[key] = Number(v);
                      return next;
                    })} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group><Button onClick={submit} loading={save.isPending}>{t('costPrices.save')}</Button></Group>
    </Stack>
  );
}
