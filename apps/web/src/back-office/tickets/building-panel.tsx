import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminTicket, LocationBuilding } from '@hausportal/contract';
import { FieldNotes } from '../components/form-fields';
import { errorMessage } from '../lib/errors';
import { useSetTicketBuildingMutation } from './api';
import { t } from './strings';

/**
 * 'Gebäude / Aufgang' where the location has several: the craftsman goes to the chosen building's
 * address. A button saves it, so moving through the options with the keyboard changes nothing.
 */
export function BuildingPanel({
  ticket,
  buildings,
  canChange,
}: {
  ticket: AdminTicket;
  buildings: readonly LocationBuilding[];
  canChange: boolean;
}) {
  const id = useId();
  const [save, { isLoading }] = useSetTicketBuildingMutation();
  const stored = ticket.building_id === null ? '' : String(ticket.building_id);
  const [chosen, setChosen] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const nameOf = (value: string) => buildings.find((b) => String(b.id) === value)?.name ?? '';
  const submit = async () => {
    setError(null);
    try {
      await save({ id: ticket.id, building_id: chosen === '' ? null : Number(chosen) }).unwrap();
      toast.success(t.building.saved(nameOf(chosen)));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <section className="card stack admin-side-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.building.heading}</h2>
      {canChange ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <label htmlFor={id}>{t.building.label}</label>
            <select
              id={id}
              className="admin-select"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
              aria-invalid={error ? true : undefined}
            >
              <option value="">{t.building.none}</option>
              {buildings.map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {b.name}
                </option>
              ))}
            </select>
            <FieldNotes id={id} hint={t.building.hint} error={error} alert />
          </div>
          <div className="admin-action-list">
            <button type="submit" className="button" disabled={isLoading || chosen === stored} aria-busy={isLoading}>
              {isLoading ? t.building.saving : t.building.save}
            </button>
          </div>
        </form>
      ) : (
        <p>{nameOf(stored) || t.building.none}</p>
      )}
    </section>
  );
}
