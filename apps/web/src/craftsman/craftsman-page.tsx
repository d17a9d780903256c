import { useCallback, useEffect, useRef, useState } from 'react';
import type { CraftsmanJob } from '@hausportal/contract';
import { config } from '@/config';
import { craftsmanDe as s, fill } from '@/i18n/craftsman';
import { AppointmentStep } from './appointment-step';
import { DoneStep } from './done-step';
import { formatDay } from './appointment';
import { ContactBlock, JobDetails, JobPhotos, ReturnedNotice, Timeline } from './job-parts';
import { NoteStep } from './note-step';
import { OfferStep } from './offer-step';
import { PhotoStep } from './photo-step';
import type { StepProps } from './ui';
import { useJob } from './use-job';
import './craftsman.css';

/** How long a confirmation stays on screen. */
const NOTICE_MS = 6000;

/**
 * The page a craftsman opens from the mail (`/auftrag/{token}`): the job, and the
 * buttons its state allows. No account, no cookie, no service worker: the link is the permission.
 */
export function CraftsmanPage({ token }: { token: string | null }) {
  const { loaded, busy, reloading, reload, send } = useJob(token);
  const [notice, setNotice] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const notify = useCallback((text: string) => {
    clearTimeout(timer.current);
    setNotice(text);
    timer.current = setTimeout(() => setNotice(''), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const number = loaded.kind === 'ready' ? loaded.job.number : null;
  useEffect(() => {
    const title = number ? fill(s.pageTitleNumber, { number }) : s.pageTitle;
    document.title = `${title} – ${config.productName}`;
  }, [number]);

  return (
    <>
      <header className="cm-bar">
        <span className="cm-brand">{config.productName}</span>
      </header>
      <main className="cm-main" aria-busy={loaded.kind === 'loading'}>
        {loaded.kind === 'loading' && (
          <div className="cm-center" role="status">
            <span className="cm-spinner cm-spinner-large" aria-hidden="true" />
            <p>{s.loading}</p>
          </div>
        )}
        {loaded.kind === 'invalid' && (
          <div className="cm-center cm-invalid">
            <h1>{s.invalidTitle}</h1>
            <p>{loaded.message}</p>
          </div>
        )}
        {loaded.kind === 'failed' && (
          <div className="cm-center">
            <h1>{s.loadFailed}</h1>
            <p role="alert">{loaded.message}</p>
            <button type="button" className="cm-button cm-button-primary" disabled={reloading} onClick={reload}>
              {reloading ? s.retrying : s.retry}
            </button>
          </div>
        )}
        {loaded.kind === 'ready' && <Job job={loaded.job} steps={{ busy, send, notify }} />}
      </main>
      {/* Always in the page, so screen readers announce what is written into it. */}
      <div className={notice ? 'cm-notice cm-notice-shown' : 'cm-notice'} role="status" aria-live="polite">
        {notice && (
          <>
            <span>{notice}</span>
            <button type="button" className="cm-notice-close" aria-label={s.closeMessage} onClick={() => setNotice('')}>
              ×
            </button>
          </>
        )}
      </div>
    </>
  );
}

function Job({ job, steps }: { job: CraftsmanJob; steps: StepProps }) {
  const state = useRef<HTMLParagraphElement>(null);
  const previous = useRef(job.state);
  // When the state changes (accepted, declined, done), the buttons that were pressed are gone:
  // the focus moves to the sentence saying where the job stands now.
  useEffect(() => {
    if (previous.current !== job.state) state.current?.focus();
    previous.current = job.state;
  }, [job.state]);

  // A job reported done stays readable for the invoice, but takes no more steps.
  const open = !job.read_only && (job.state === 'offered' || job.state === 'accepted');
  const stateText =
    job.state === 'done' && job.status === 'done' ? s.state_accepted_by_management : s[`state_${job.state}`];
  return (
    <>
      <div className="cm-head">
        <h1>
          {s.pageTitle} <span className="cm-nowrap">{job.number}</span>
        </h1>
        <p className="cm-tags">
          <span className="cm-tag">{job.category_name}</span>
          <span className={`cm-tag cm-status-${job.status}`}>
            <span className="cm-visually-hidden">{s.status}: </span>
            {s.statuses[job.status]}
          </span>
        </p>
      </div>
      <p ref={state} tabIndex={-1} className={open ? 'cm-state' : 'cm-state cm-state-closed'}>
        {stateText}
      </p>
      {job.read_only && job.readable_until && (
        <p className="cm-read-only" role="note">
          {fill(s.readOnly, { date: formatDay(job.readable_until) })}
        </p>
      )}
      {open && <ReturnedNotice job={job} />}
      <JobDetails job={job} />
      {/* Decide right after reading what and where; the photos follow. */}
      {open && job.state === 'offered' && <OfferStep {...steps} />}
      {/* The resident's number only while the job is the craftsman's. */}
      {open && <ContactBlock contact={job.contact} />}
      {open && job.state === 'accepted' && <AppointmentStep {...steps} appointmentAt={job.appointment_at} />}
      <JobPhotos photos={job.photos}>{open && job.state === 'accepted' && <PhotoStep {...steps} />}</JobPhotos>
      {open && job.state === 'accepted' && (
        <>
          <NoteStep {...steps} />
          <DoneStep {...steps} appointmentAt={job.appointment_at} />
        </>
      )}
      <Timeline events={job.events} />
    </>
  );
}
