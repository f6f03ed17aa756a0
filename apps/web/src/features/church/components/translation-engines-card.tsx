import type { ChurchDetails } from '@app/shared';
import { useTranslationEngines } from '../api/get-translation-engines';
import { EngineForm } from './engine-form';
import { EngineSlotsCard } from './engine-slots-card';

/**
 * Manage Church's translation engines (decision 033): the first engine and a second one used when
 * the first fails, each tested before it is saved, with its recent latency and errors.
 */
export function TranslationEnginesCard({ church }: { church: ChurchDetails }) {
  const engines = useTranslationEngines(church.id, church.canEdit);
  if (!church.canEdit) return null;
  return (
    <EngineSlotsCard
      ns="translationEngines"
      query={engines}
      renderForm={(slot, stored) => (
        <EngineForm
          key={`${slot}-${stored?.kind ?? 'none'}-${stored?.updatedAt ?? ''}`}
          churchId={church.id}
          slot={slot}
          stored={stored}
          health={engines.data?.health.find((h) => h.slot === slot && h.kind === stored?.kind)}
        />
      )}
    />
  );
}
