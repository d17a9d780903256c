import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { LocationOptions } from '../components/location-choice';
import { ProgressBar } from '../components/progress-bar';
import { errorMessage } from '../lib/errors';
import { withLocation } from '../lib/list-params';
import { describeLineErrors, shortLineErrors, type ImportField, type LineErrors, type RowErrors } from './csv';
import type { ImportTotals, RunOutcome } from './import-batches';
import { t } from './strings';
import { useApartmentPrefix } from './use-apartment-prefix';
import { useImportRun, type LoadedFile } from './use-import-run';
import '../components/screens.css';

/** Rows the preview shows: enough to see that the columns landed right, light for 5,000 rows. */
export const PREVIEW_ROWS = 50;
/** Error lines listed before 'Alle … anzeigen'. */
const ERRORS_SHOWN = 100;

const columnLabels: Record<ImportField, string> = {
  apartment_number: t.fields.apartment_number,
  name: t.fields.name,
  email: t.fields.email,
  is_receptionist: t.fields.is_receptionist,
  emergency_services_deactivated: t.fields.emergency_services_deactivated,
  move_in_on: t.fields.move_in_on,
  move_out_on: t.fields.move_out_on,
};

/**
 * The file's first rows as a table; once the rows are checked (which starts by itself), the last
 * column names each row's errors ('E-Mail ungültig', 'Wohnung doppelt in Zeile 7').
 */
function Preview({
  file,
  errorsByLine,
  checked,
}: {
  file: LoadedFile;
  errorsByLine: Map<number, RowErrors>;
  checked: boolean;
}) {
  const rows = file.parsed.rows.slice(0, PREVIEW_ROWS);
  const { fields } = file.parsed;
  return (
    <div className="admin-table-scroll">
      <table className="admin-table admin-import-preview">
        <caption className="admin-table-caption">
          {t.import.previewCaption(rows.length, file.parsed.rows.length)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.import.line}</th>
            {fields.map((field) => (
              <th key={field} scope="col">
                {columnLabels[field]}
              </th>
            ))}
            <th scope="col">{t.import.errors}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const errors = errorsByLine.get(row.line);
            return (
              <tr key={row.line} className={errors ? 'admin-row-error' : undefined}>
                <th scope="row">{row.line}</th>
                {fields.map((field) => (
                  <td key={field}>{row[field]}</td>
                ))}
                <td>
                  {errors ? (
                    <strong>{shortLineErrors(errors)}</strong>
                  ) : checked ? (
                    <span className="muted">{t.import.previewOk}</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ErrorList({ errors }: { errors: LineErrors[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? errors : errors.slice(0, ERRORS_SHOWN);
  if (errors.length === 0) return <p className="notice notice-success">{t.import.noErrors}</p>;
  return (
    <section className="admin-import-errors" aria-labelledby="import-errors-heading">
      <h2 id="import-errors-heading">{t.import.errorsHeading(errors.length)}</h2>
      <p className="muted">{t.import.errorsSkipped}</p>
      <ul>
        {shown.map(({ line, errors: rowErrors }) => (
          <li key={line}>
            <strong>{t.import.lineError(line)}:</strong> {describeLineErrors(rowErrors)}
          </li>
        ))}
      </ul>
      {errors.length > shown.length ? (
        <button type="button" className="button button-small" onClick={() => setAll(true)}>
          {t.import.showAllErrors(errors.length)}
        </button>
      ) : null}
    </section>
  );
}

function Totals({ totals, errorCount }: { totals: ImportTotals; errorCount: number }) {
  const items: [string, number][] = [
    [t.import.created, totals.created],
    [t.import.updated, totals.updated],
    [t.import.unchanged, totals.unchanged],
    [t.import.invited, totals.invited],
    [t.import.errors, errorCount],
  ];
  return (
    <dl className="admin-import-totals">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value.toLocaleString('de-DE')}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The CSV import: the file is read and checked in the browser, and at once a dry run over every
 * row shows in the preview what the server would do and names every row's errors (no separate
 * 'Prüfen' step); then 'Importieren' sends the error-free rows in batches of 500 with a
 * progress bar, invitations on by default, and ends with a summary.
 */
export default function ResidentImportPage() {
  const job = useImportRun();
  const { data: me } = useMeQuery();
  const prefix = useApartmentPrefix(job.locationId);
  const { file } = job;
  const id = useId();

  const fileErrors = file?.parsed.fileErrors ?? [];
  const usable = file !== null && fileErrors.length === 0;
  const errorsByLine = new Map(job.checkErrors.map((e) => [e.line, e.errors]));

  return (
    <AdminPage
      title={t.import.title}
      actions={
        <Link className="button" to={withLocation('/admin/residents', job.filterId)}>
          {t.import.back}
        </Link>
      }
    >
      <div className="stack admin-import">
        <p>{t.import.intro}</p>
        {/* The installation's access days come with the session. */}
        {me ? <p>{t.import.moveColumns(me.access_days)}</p> : null}
        <p className="muted">{t.import.idempotent}</p>

        <div className="admin-filters">
          <div className="field">
            <label htmlFor={`${id}-location`}>{t.import.location}</label>
            <select
              id={`${id}-location`}
              className="admin-select"
              value={job.locationValue}
              aria-describedby={`${id}-location-hint`}
              disabled={job.busy}
              onChange={(event) => job.chooseLocation(event.target.value)}
            >
              <option value="">– bitte wählen –</option>
              <LocationOptions locations={job.locations} />
            </select>
            <p className="field-hint" id={`${id}-location-hint`} aria-live="polite">
              {prefix ? t.hints.prefix(prefix) : null}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-file`}>{t.import.file}</label>
            <input
              key={job.fileKey}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={job.busy}
              aria-describedby={`${id}-file-hint`}
              onChange={(event) => void job.pickFile(event.target.files?.[0])}
            />
            <p className="field-hint" id={`${id}-file-hint`}>
              {t.import.fileHint}
            </p>
          </div>
        </div>

        {job.reading ? <p role="status">{t.import.reading}</p> : null}
        {job.readError || fileErrors.length ? (
          <ul className="form-error" role="alert">
            {job.readError ? <li>{job.readError}</li> : null}
            {fileErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}

        {usable ? (
          <>
            <p role="status">{t.import.rowsRead(file.parsed.rows.length, file.name)}</p>
            {!job.locationId ? <p className="field-hint">{t.pickLocation}</p> : null}
            <Preview file={file} errorsByLine={errorsByLine} checked={job.checked} />

            {job.check.phase === 'running' ? (
              <ProgressBar
                label={t.import.checkRunning}
                value={job.check.done}
                max={job.check.total}
                text={t.import.progress(job.check.done, job.check.total)}
              />
            ) : null}
            {job.check.phase === 'finished' && job.check.outcome.status === 'failed' ? (
              <div className="button-row">
                <p className="form-error" role="alert">
                  {errorMessage(job.check.outcome.error)}
                </p>
                <button type="button" className="button" onClick={job.checkAgain}>
                  {t.import.checkAgain}
                </button>
              </div>
            ) : null}
            {job.checked && job.check.phase === 'finished' ? (
              <p role="status">
                {t.import.dryRunSummary(
                  job.check.outcome.totals.created,
                  job.check.outcome.totals.updated,
                  job.check.outcome.totals.unchanged,
                )}{' '}
                {job.invite ? t.import.willInvite(job.check.outcome.totals.invited) : null}
              </p>
            ) : null}

            {job.checked || file.clientErrors.length ? (
              <ErrorList key={job.checkErrors.length} errors={job.checkErrors} />
            ) : null}

            {job.checked ? (
              <section className="card stack" aria-labelledby="import-run-heading">
                <h2 id="import-run-heading">{t.import.start}</h2>
                <label className="choice admin-checkbox">
                  <input
                    type="checkbox"
                    checked={job.invite}
                    disabled={job.busy || job.run.phase === 'finished'}
                    aria-describedby={`${id}-invite-hint`}
                    onChange={(event) => job.setInvite(event.target.checked)}
                  />
                  <span>{t.import.sendInvitations}</span>
                </label>
                <p className="field-hint" id={`${id}-invite-hint`}>
                  {t.import.sendInvitationsHint}
                </p>
                {job.importable.length === 0 ? <p>{t.import.nothingToImport}</p> : null}
                <div className="button-row">
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={job.busy || job.importable.length === 0 || job.run.phase === 'finished'}
                    onClick={() => void job.startImport()}
                  >
                    {t.import.startCount(job.importable.length)}
                  </button>
                  {job.run.phase === 'running' ? (
                    <button type="button" className="button" onClick={job.cancel}>
                      {t.import.cancel}
                    </button>
                  ) : null}
                </div>
                {job.run.phase === 'running' ? (
                  <ProgressBar
                    label={t.import.running}
                    value={job.run.done}
                    max={job.run.total}
                    text={t.import.progress(job.run.done, job.run.total)}
                  />
                ) : null}
                {job.run.phase === 'finished' ? (
                  <ImportSummary
                    outcome={job.run.outcome}
                    total={job.run.total}
                    skipped={job.checkErrors.length}
                    onAnother={job.importAnother}
                  />
                ) : null}
              </section>
            ) : null}
          </>
        ) : null}
      </div>
    </AdminPage>
  );
}

function ImportSummary({
  outcome,
  total,
  skipped,
  onAnother,
}: {
  outcome: RunOutcome;
  total: number;
  skipped: number;
  onAnother: () => void;
}) {
  const { totals } = outcome;
  return (
    <div className="stack">
      <ProgressBar
        label={t.import.progressLabel}
        value={totals.done}
        max={total}
        text={t.import.progress(totals.done, total)}
      />
      <h3>{t.import.summary}</h3>
      <div role="status">
        {outcome.status === 'done' ? <p>{t.import.finished}</p> : null}
        {outcome.status === 'cancelled' ? <p>{t.import.cancelled}</p> : null}
        {outcome.status === 'failed' ? (
          <p className="form-error">{t.import.failed(outcome.failedAtLine, errorMessage(outcome.error))}</p>
        ) : null}
      </div>
      <Totals totals={totals} errorCount={skipped + totals.errors.length} />
      {totals.errors.length ? <ErrorList errors={totals.errors} /> : null}
      <div className="button-row">
        <Link className="button" to="/admin/residents">
          {t.import.back}
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          {t.import.another}
        </button>
      </div>
    </div>
  );
}
