import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChurchCostPrices, CostPricesBody, CostPricesResponse } from '@app/shared';
import { api } from './api-client';

const key = (churchId: string | null) => ['cost-prices', churchId ?? 'all'] as const;

/**
 * The currency and engine prices behind the cost view's estimates (decision 033): read by the cost
 * view (analytics) and set in Manage Church, hence here rather than in either feature.
 */
export function useCostPrices(churchId: string | null) {
  return useQuery({
    queryKey: key(churchId),
    queryFn: () => api<CostPricesResponse>(`/cost-prices${churchId ? `?churchId=${encodeURIComponent(churchId)}` : ''}`),
  });
}

export function useSaveCostPrices(churchId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CostPricesBody) => api<ChurchCostPrices>(`/churches/${encodeURIComponent(churchId)}/cost-prices`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cost-prices'] }),
  });
}

/** A money amount in `currency`, cents shown for small sums. */
export function formatMoney(locale: string, currency: string, amount: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: amount < 100 ? 2 : 0 }).format(amount);
}
