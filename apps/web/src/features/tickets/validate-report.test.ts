import { describe, expect, it } from 'vitest';
import { ticketCreate } from '@hausportal/contract';
import { i18next } from '@/i18n';
import { registerTicketStrings } from '@/i18n/tickets';
import { emptyDraft, validateReport, type ReportDraft } from './validate-report';

registerTicketStrings();
const t = i18next.t;

const good: ReportDraft = { ...emptyDraft, categoryId: '3', scope: 'apartment', description: 'Steckdose lose.' };

const samples: ReportDraft[] = [
  good,
  { ...good, categoryId: '' },
  { ...good, scope: '' },
  { ...good, description: '   ' },
  { ...good, description: 'x'.repeat(5000) },
  { ...good, description: 'x'.repeat(5001) },
  { ...good, scope: 'building', place: '' },
  { ...good, scope: 'building', place: '  Keller ' },
  { ...good, scope: 'building', place: 'x'.repeat(201) },
  { ...good, consent: true, phone: '0170 1234567' },
  { ...good, consent: true, phone: '+49 (30) 123-45/6.7' },
  { ...good, consent: true, phone: 'ruf mich an' },
  { ...good, consent: true, phone: '+++' },
  { ...good, consent: true, phone: '1'.repeat(51) },
  { ...good, consent: true, phone: '' },
  // Without consent the number is neither checked nor sent.
  { ...good, consent: false, phone: 'ruf mich an' },
];

const asSent = (draft: ReportDraft) => ({
  category_id: draft.categoryId,
  scope: draft.scope || undefined,
  place: draft.place,
  description: draft.description,
  contact_consent: draft.consent,
  contact_phone: draft.consent ? draft.phone : '',
});

describe('the report form’s checks', () => {
  it('accept and refuse exactly what the contract’s ticketCreate accepts and refuses', () => {
    for (const draft of samples) {
      const ours = validateReport(draft, t);
      const contract = ticketCreate.safeParse(asSent(draft));
      expect({ draft, accepted: ours.fields !== null }).toEqual({ draft, accepted: contract.success });
      if (contract.success) {
        expect(ours.fields).toEqual({
          ...contract.data,
          place: contract.data.scope === 'building' ? contract.data.place : '',
          for_apartment: undefined,
        } as never);
      } else {
        // The same field is named, with the contract's words where the contract has them.
        const fields = new Set(contract.error.issues.map((issue) => String(issue.path[0])));
        for (const field of Object.keys(ours.errors)) expect(fields.has(field)).toBe(true);
        for (const issue of contract.error.issues) {
          const field = String(issue.path[0]) as keyof typeof ours.errors;
          if (/Höchstens|Telefonnummer|Bitte beschreiben|Bitte wählen Sie, wo/.test(issue.message)) {
            expect(ours.errors[field]).toBe(issue.message);
          }
        }
      }
    }
  });

  it('says what is missing in German', () => {
    const { errors } = validateReport({ ...emptyDraft, scope: 'building' }, t);
    expect(errors).toEqual({
      category_id: 'Bitte wählen Sie aus, was betroffen ist.',
      place: 'Bitte beschreiben Sie, wo im Haus der Schaden ist.',
      description: 'Eingabe ist zwingend',
    });
  });
});
