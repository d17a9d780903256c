import type { AdminBooking } from '@hausportal/contract';
import { useState } from 'react';
import { AdminPage } from '../components/admin-page';
import { useAdminBookingsQuery, useDecideBookingMutation } from './api';
import '../components/screens.css';

const ZONE = 'Europe/Berlin';
const dayOf = (iso: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE }).format(new Date(iso));
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'UTC',
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
const time = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
const when = (b: AdminBooking) =>
  b.mode === 'days' && b.check_in && b.check_out
    ? `${dayLabel(b.check_in)} – ${dayLabel(b.check_out)}`
    : `${dayLabel(dayOf(b.starts_at))}, ${time(b.starts_at)}–${time(b.ends_at)}`;

function Row({ b, onDone }: { b: AdminBooking; onDone: (text: string) => void }) {
  const [decide, { isLoading }] = useDecideBookingMutation();
  const act = async (decision: 'approve' | 'refuse' | 'cancel') => {
    let text = '';
    if (decision !== 'approve') {
      const answer = window.prompt(
        decision === 'refuse' ? 'Grund der Ablehnung:' : 'Nachricht an die Bewohnerin oder den Bewohner:',
      );
      if (answer === null) return;
      text = answer.trim();
    }
    const res = await decide({ id: b.id, decision, text });
    onDone('error' in res ? 'Die Aktion ist nicht gelungen.' : `${b.resource_name}: ${res.data.status_label}.`);
  };
  const active = b.status === 'pending' || b.status === 'approved';
  return (
    <li className="card stack">
      <strong>
        {b.resource_name} · {b.status_label}
      </strong>
      <span>{when(b)}</span>
      <span className="muted">
        {b.resident_name || 'gelöschte Person'}, Wohnung {b.apartment_number}
        {b.note ? ` · ${b.note}` : ''}
      </span>
      {active ? (
        <div className="button-row">
          {b.status === 'pending' ? (
            <>
              <button
                type="button"
                className="button button-primary"
                disabled={isLoading}
                onClick={() => void act('approve')}
              >
                Freigeben
              </button>
              <button type="button" className="button" disabled={isLoading} onClick={() => void act('refuse')}>
                Ablehnen
              </button>
            </>
          ) : null}
          <button
            type="button"
            className="button button-danger"
            disabled={isLoading}
            onClick={() => void act('cancel')}
          >
            Stornieren
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** 'Buchungen': approvals waiting, and the bookings of the coming week grouped by day. */
export default function BookingsPage() {
  const [from] = useState(() => dayOf(new Date().toISOString()));
  const pending = useAdminBookingsQuery({ status: 'pending' });
  const week = useAdminBookingsQuery({ from });
  const [text, setText] = useState('');
  const done = (msg: string) => {
    setText(msg);
    void pending.refetch();
    void week.refetch();
  };
  const byDay = new Map<string, AdminBooking[]>();
  for (const b of week.data?.results ?? []) {
    const d = dayOf(b.starts_at);
    byDay.set(d, [...(byDay.get(d) ?? []), b]);
  }
  return (
    <AdminPage title="Buchungen">
      <p aria-live="polite">{text}</p>
      <section aria-labelledby="bookings-pending">
        <h2 id="bookings-pending">Warten auf Freigabe</h2>
        {pending.isError ? <p role="alert">Die Buchungen konnten nicht geladen werden.</p> : null}
        {pending.isLoading ? <p role="status">Wird geladen …</p> : null}
        {pending.data?.results.length === 0 ? <p>Keine Buchung wartet auf Freigabe.</p> : null}
        <ul className="stack">
          {pending.data?.results.map((b) => (
            <Row key={b.id} b={b} onDone={done} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="bookings-week">
        <h2 id="bookings-week">Die nächsten sieben Tage</h2>
        {week.isLoading ? <p role="status">Wird geladen …</p> : null}
        {week.data?.results.length === 0 ? <p>In den nächsten sieben Tagen ist nichts gebucht.</p> : null}
        {[...byDay].map(([day, list]) => (
          <div key={day}>
            <h3>{dayLabel(day)}</h3>
            <ul className="stack">
              {list.map((b) => (
                <Row key={b.id} b={b} onDone={done} />
              ))}
            </ul>
          </div>
        ))}
      </section>
    </AdminPage>
  );
}
