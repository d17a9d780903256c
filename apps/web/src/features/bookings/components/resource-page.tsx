import { useCallback, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Availability, BookingResource } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { formatFileSize } from '@/lib/format-size';
import { useRemote } from '@/lib/use-remote';
import { createBooking, errorText, getAvailability, getResource } from '../api';
import { addDays, berlinDay, berlinTime, dayLabel, dayOfMonth, describe } from '../berlin';
import { Loading } from './loading';

type Picked = { start: string; end: string } | { checkIn: string; checkOut?: string } | null;

/** /buchen/:id: a resource's day or week with large targets; tap to choose, then book. */
export default function ResourcePage() {
  const { t } = useTranslation();
  const id = Number(useParams().resourceId);
  const loadResource = useCallback(() => getResource(id), [id]);
  const resource = useRemote(null, loadResource);
  const [from, setFrom] = useState(berlinDay());
  const [view, setView] = useState<'day' | 'week'>('week');
  const days = view === 'day' ? 1 : 7;
  const loadDays = useCallback(() => getAvailability(id, from, days), [id, from, days]);
  const avail = useRemote(null, loadDays);
  const [picked, setPicked] = useState<Picked>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const noteId = useId();

  if (!resource.data)
    return (
      <Page title={t('bookings.title')} className="booking-page">
        <Loading state={resource.state} retry={resource.reload} />
      </Page>
    );
  const r: BookingResource = resource.data;

  const choose = (day: Availability['days'][number], slot: Availability['days'][number]['slots'][number]) => {
    setMessage(null);
    if (r.mode === 'slots') {
      setPicked({ start: slot.starts_at, end: slot.ends_at });
      return;
    }
    if (picked && 'checkIn' in picked && !picked.checkOut && day.date > picked.checkIn) {
      setPicked({ checkIn: picked.checkIn, checkOut: day.date });
    } else setPicked({ checkIn: day.date });
  };
  const isPicked = (day: string, slot: { starts_at: string }) =>
    picked
      ? 'start' in picked
        ? picked.start === slot.starts_at
        : day === picked.checkIn || (picked.checkOut ? day >= picked.checkIn && day < picked.checkOut : false)
      : false;
  const ready = picked && ('start' in picked || picked.checkOut);
  const pickedText = picked
    ? 'start' in picked
      ? describe({ mode: 'slots', starts_at: picked.start, ends_at: picked.end })
      : picked.checkOut
        ? `${dayLabel(picked.checkIn)} – ${dayLabel(picked.checkOut)}`
        : dayLabel(picked.checkIn)
    : '';

  const submit = async () => {
    if (!picked || !ready) return;
    setBusy(true);
    try {
      const b = await createBooking(
        'start' in picked
          ? { resource_id: r.id, starts_at: picked.start, ends_at: picked.end, note }
          : { resource_id: r.id, check_in: picked.checkIn, check_out: picked.checkOut, note },
      );
      setMessage({
        ok: true,
        text: t(b.status === 'pending' ? 'bookings.requested' : 'bookings.booked', { when: describe(b) }),
      });
      setPicked(null);
      setNote('');
      avail.reload();
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, t('bookings.failed')) });
      avail.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={r.name} className="booking-page">
      <p>
        <Link to="/buchen">{t('bookings.back')}</Link>
      </p>
      {r.photo ? (
        <img
          className="booking-resource-photo"
          src={r.photo.url}
          alt={t('bookings.photoAlt', { name: r.name })}
          width={r.photo.width ?? undefined}
          height={r.photo.height ?? undefined}
        />
      ) : null}
      {r.description ? (
        <p dir="auto" className="pre-line">
          {r.description}
        </p>
      ) : null}
      {r.fee_text ? (
        <p>
          {t('bookings.fee')}: {r.fee_text}
        </p>
      ) : null}
      {r.approval_required ? <p className="muted">{t('bookings.approval')}</p> : null}
      {r.house_rules || r.house_rules_pdf ? (
        <div className="card booking-rules">
          {r.house_rules ? (
            <details>
              <summary>{t('bookings.houseRules')}</summary>
              <p dir="auto" className="pre-line">
                {r.house_rules}
              </p>
            </details>
          ) : null}
          {r.house_rules_pdf ? (
            <a className="booking-rules-pdf" href={r.house_rules_pdf.url} target="_blank" rel="noopener noreferrer">
              <Icon name="file" />
              <span>{t('bookings.houseRulesPdf', { size: formatFileSize(r.house_rules_pdf.size) })}</span>
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="button-row booking-nav">
        <button
          type="button"
          className="button"
          onClick={() => setFrom(addDays(from, -days))}
          disabled={from <= berlinDay()}
        >
          {t('bookings.previous')}
        </button>
        <button type="button" className="button" aria-pressed={view === 'day'} onClick={() => setView('day')}>
          {t('bookings.day')}
        </button>
        <button type="button" className="button" aria-pressed={view === 'week'} onClick={() => setView('week')}>
          {t('bookings.week')}
        </button>
        <button type="button" className="button" onClick={() => setFrom(addDays(from, days))}>
          {t('bookings.next')}
        </button>
      </div>
      <p className="muted">
        {r.mode === 'slots'
          ? t('bookings.chooseSlot')
          : picked && 'checkIn' in picked && !picked.checkOut
            ? t('bookings.chooseCheckOut')
            : t('bookings.chooseCheckIn')}
      </p>
      {!avail.data ? (
        <Loading state={avail.state} retry={avail.reload} />
      ) : (
        <div className="booking-days">
          {avail.data.days.map((day) => (
            <section key={day.date} className="booking-day" aria-label={dayLabel(day.date)}>
              <h2>{dayLabel(day.date)}</h2>
              <ul className="booking-slots">
                {day.slots.map((slot) => {
                  // Day mode: a taken night can still be the departure day of a new stay.
                  const checkOutPick =
                    r.mode === 'days' && picked && 'checkIn' in picked && !picked.checkOut && day.date > picked.checkIn;
                  const usable = slot.state === 'free' || Boolean(checkOutPick && slot.state !== 'past');
                  const time =
                    r.mode === 'slots'
                      ? `${berlinTime(slot.starts_at)}–${berlinTime(slot.ends_at)}`
                      : dayLabel(day.date);
                  return (
                    <li key={slot.starts_at}>
                      <button
                        type="button"
                        className={`booking-slot is-${slot.state}${isPicked(day.date, slot) ? ' is-picked' : ''}`}
                        disabled={!usable}
                        aria-pressed={isPicked(day.date, slot)}
                        onClick={() => choose(day, slot)}
                        data-state={slot.state}
                      >
                        <span>{r.mode === 'slots' ? time : dayOfMonth(day.date)}</span>
                        <span className="booking-slot-state">{t(`bookings.states.${slot.state}`)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
      {/* It follows the screen only while there is a choice to confirm or an answer to read, so it
          covers nothing of the photo, the house rules or the week before that. */}
      <div className={`card stack booking-confirm${picked || message ? ' is-sticky' : ''}`}>
        {picked ? <p>{t('bookings.selected', { when: pickedText })}</p> : null}
        <div className="field">
          <label htmlFor={noteId}>{t('bookings.note')}</label>
          <input id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </div>
        <button type="button" className="button button-primary" disabled={!ready || busy} onClick={() => void submit()}>
          {busy ? t('bookings.booking') : t('bookings.book')}
        </button>
        <p
          aria-live="polite"
          role={message && !message.ok ? 'alert' : undefined}
          className={message?.ok ? 'success' : 'error'}
        >
          {message?.text ?? ''}
        </p>
      </div>
    </Page>
  );
}
