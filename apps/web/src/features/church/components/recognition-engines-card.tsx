import type { ChurchDetails } from '@app/shared';
import { useRecognitionEngines } from '../api/recognition-engines';
import { EngineSlotsCard } from './engine-slots-card';
import { RecognitionEngineForm } from './recognition-engine-form';

/**
 * Manage Church's speech recognition engines (decision 038): what hears the speaker, a second
 * engine taking over mid-sermon when the first fails, each tested before it is saved.
 */
export function RecognitionEnginesCard({ church }: { church: ChurchDetails }) {
  const engines = useRecognitionEngines(church.id, church.canEdit);
  if (!church.canEdit) return null;
  return (
    <EngineSlotsCard
      ns="recognitionEngines"
      query={engines}
      renderForm={(slot, stored) => (
        <RecognitionEngineForm
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
