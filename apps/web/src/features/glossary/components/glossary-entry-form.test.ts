import { describe, expect, it } from 'vitest';
import { createGlossaryEntryBody } from '@app/shared';
import { emptyGlossaryForm, toGlossaryBody } from './glossary-entry-form';

describe('glossary entry form values', () => {
  it('sends only the translations filled in, never one for the spoken language', () => {
    const body = toGlossaryBody(emptyGlossaryForm({ term: 'grace', kind: 'fixed', translations: { pt: 'graça', es: ' ', en: 'grace' } }));
    expect(body.translations).toEqual({ pt: 'graça' });
    expect(createGlossaryEntryBody.safeParse(body).success).toBe(true);
  });

  it('sends no translations for a name kept as it is', () => {
    expect(toGlossaryBody(emptyGlossaryForm({ term: 'Harbour City Church', translations: { pt: 'x' } })).translations).toEqual({});
  });

  it('lets the shared rules refuse a fixed entry with nothing filled in', () => {
    const result = createGlossaryEntryBody.safeParse(toGlossaryBody(emptyGlossaryForm({ term: 'gospel', kind: 'fixed' })));
    expect(result.success).toBe(false);
  });
});
