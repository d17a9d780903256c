import type { ReactNode } from 'react';
import type { CraftsmanJob } from '@hausportal/contract';
import { craftsmanDe as s, fill } from '@/i18n/craftsman';
import { formatAppointment, formatMoment } from './appointment';

/** What and where: the building, the place, the description and the management's message. */
export function JobDetails({ job }: { job: CraftsmanJob }) {
  return (
    <section className="cm-card" aria-label={s.description}>
      <dl className="cm-details">
        <div>
          <dt>{s.address}</dt>
          <dd>
            <strong>{job.location_title}</strong>
            {job.building && <strong className="cm-block">{job.building}</strong>}
            {job.location_address && <span className="cm-block">{job.location_address}</span>}
            {job.map_url && (
              // A search on OpenStreetMap in a tab of its own: the page keeps its place.
              <a className="cm-map-link" href={job.map_url} target="_blank" rel="noopener noreferrer">
                {s.mapOpen}
                <span className="cm-visually-hidden"> {s.mapOpenHint}</span>
              </a>
            )}
          </dd>
        </div>
        {job.access_note && (
          <div>
            <dt>{s.access}</dt>
            <dd className="cm-text">{job.access_note}</dd>
          </div>
        )}
        <div>
          <dt>{s.where}</dt>
          <dd>
            {s.scopes[job.scope]}
            {job.place && <strong className="cm-block">{job.place}</strong>}
          </dd>
        </div>
        <div>
          <dt>{s.appointment}</dt>
          <dd>
            {job.appointment_at ? (
              <strong>{formatAppointment(job.appointment_at)}</strong>
            ) : (
              <span className="cm-muted">{s.appointmentNone}</span>
            )}
          </dd>
        </div>
      </dl>
      <h2 className="cm-subtitle">{s.description}</h2>
      <p className="cm-text">{job.description}</p>
      {job.message && (
        <div className="cm-message">
          <h2 className="cm-subtitle">{s.managementMessage}</h2>
          <p className="cm-text">{job.message}</p>
        </div>
      )}
    </section>
  );
}

/** The resident to call, only when they consented (the API then sends `contact`). */
export function ContactBlock({ contact }: { contact: CraftsmanJob['contact'] }) {
  if (!contact) return null;
  const phone = contact.phone.trim();
  return (
    <section className="cm-card" aria-labelledby="cm-contact-title">
      <h2 id="cm-contact-title">{s.contactTitle}</h2>
      <p className="cm-contact">
        {contact.name && <strong className="cm-block">{contact.name}</strong>}
        {contact.apartment_number && (
          <span className="cm-block">{fill(s.contactApartment, { apartment: contact.apartment_number })}</span>
        )}
      </p>
      {phone && (
        <a className="cm-button cm-button-call" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {s.contactCall} <span className="cm-nowrap">{phone}</span>
        </a>
      )}
    </section>
  );
}

/** The ticket's photos as thumbnails, each opening in full size, and below them the way to add one. */
export function JobPhotos({ photos, children }: { photos: CraftsmanJob['photos']; children?: ReactNode }) {
  if (photos.length === 0 && !children) return null;
  return (
    <section className="cm-card" aria-labelledby="cm-photos-title">
      <h2 id="cm-photos-title">{s.photosTitle}</h2>
      {photos.length === 0 && <p className="cm-muted">{s.photosNone}</p>}
      <ul className="cm-photos">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noreferrer noopener">
              <img
                src={photo.thumbnail}
                alt={fill(s.photoOpen, { n: index + 1 })}
                loading="lazy"
                decoding="async"
                width={160}
                height={160}
              />
            </a>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** The steps of the job so far, oldest first, as the craftsman may see them. */
export function Timeline({ events }: { events: CraftsmanJob['events'] }) {
  return (
    <section className="cm-card" aria-labelledby="cm-timeline-title">
      <h2 id="cm-timeline-title">{s.timelineTitle}</h2>
      {events.length === 0 ? (
        <p className="cm-muted">{s.timelineEmpty}</p>
      ) : (
        <ol className="cm-timeline">
          {events.map((event) => {
            // A step of the craftsman ('Auftrag angenommen') says itself what happened.
            const own = event.kind === 'craftsman' && event.text !== '';
            return (
              <li key={event.id}>
                <p className="cm-event-head">
                  <strong>
                    {own
                      ? event.text
                      : event.kind === 'status' && event.status
                        ? fill(s.kinds.status, { status: s.statuses[event.status] })
                        : s.kinds[event.kind]}
                  </strong>
                  <span className="cm-block cm-muted">
                    {s.authors[event.author]} ·{' '}
                    <time dateTime={event.created_at}>{formatMoment(event.created_at)}</time>
                  </span>
                </p>
                {event.text && !own && <p className="cm-text">{event.text}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The management sent the 'erledigt' back: its reason above everything else while the job is the
 * craftsman's again (the last 'returned' step; the mail said the same).
 */
export function ReturnedNotice({ job }: { job: CraftsmanJob }) {
  const returned = job.events.filter((e) => e.kind === 'returned').at(-1);
  if (!returned || job.state !== 'accepted') return null;
  return (
    <section className="cm-card cm-returned" aria-labelledby="cm-returned-title">
      <h2 id="cm-returned-title">{s.returnedTitle}</h2>
      <p className="cm-muted">{fill(s.returnedAt, { when: formatMoment(returned.created_at) })}</p>
      <p className="cm-text cm-returned-reason">{returned.text}</p>
    </section>
  );
}
