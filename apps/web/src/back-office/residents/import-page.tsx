import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { adminApi, useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { errorMessage } from '../lib/errors';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useAdminDispatch } from '../store';
import { ProgressBar } from '../components/progress-bar';
import { useImportResidentsMutation } from './api';
import {
  describeLineErrors,
  mergeLineErrors,
  parseResidentCsv,
  validateRows,
  type CsvRow,
  type ImportField,
  type LineErrors,
  type ParsedCsv,
} from './csv';
import { runImport, rowsWithoutErrors, type ImportTotals, type RunOutcome } from './import-batches';
import { t } from './strings';
import '../components/screens.css';

/** Rows the preview shows: enough to see that the columns landed right, light for 5,000 rows. */
export const PREVIEW_ROWS = 50;
/** Error lines listed before 'Alle … anzeigen'. */
const ERRORS_SHOWN = 100;

/** The file as UTF-8 text (FileReader: every supported browser, and the test DOM, have it). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
}

interface LoadedFile {
  name: string;
  parsed: ParsedCsv;
  clientErrors: LineErrors[];
}

type Run =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'finished'; outcome: RunOutcome; total: number };

const columnLabels: Record<ImportField, string> = {
  apartment_number: t.fields.apartment_number,
  name: t.fields.name,
  email: t.fields.email,
  is_receptionist: t.fields.is_receptionist,
  emergency_services_deactivated: t.fields.emergency_services_deactivated,
};

function Preview({ file, errorLines }: { file: LoadedFile; errorLines: Set<number> }) {
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
          {rows.map((row) => (
            <tr key={row.line} className={errorLines.has(row.line) ? 'admin-row-error' : undefined}>
              <th scope="row">{row.line}</th>
              {fields.map((field) => (
                <td key={field}>{row[field]}</td>
              ))}
              <td>{errorLines.has(row.line) ? t.import.errors : ''}</td>
            </tr>
          ))}
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
 * The CSV import: the file is read and checked in the browser, a dry run over every row shows
 * what the server would do and every row's error by its line, then 'Importieren' sends the
 * error-free rows in batches of 500 with a progress bar and ends with a summary.
 */
export default function ResidentImportPage() {
  const { data: me } = useMeQuery();
  const [filterId] = useLocationFilter();
  const locations = me?.locations ?? [];
  const [chosenLocation, setChosenLocation] = useState<string>('');
  const locationValue =
    chosenLocation ||
    (filterId && locations.some((l) => l.id === filterId) ? String(filterId) : '') ||
    (locations.length === 1 ? String(locations[0]!.id) : '');
  const locationId = locationValue ? Number(locationValue) : undefined;

  const [file, setFile] = useState<LoadedFile | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [check, setCheck] = useState<Run>({ phase: 'idle' });
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const [invite, setInvite] = useState(false);
  // A new key empties the file input for 'Weitere Datei importieren'.
  const [fileKey, setFileKey] = useState(0);
  const [sendBatch] = useImportResidentsMutation();
  const dispatch = useAdminDispatch();
  const stop = useRef(false);
  const id = useId();

  // Leaving the page stops a running import before its next batch.
  useEffect(() => {
    stop.current = false;
    return () => {
      stop.current = true;
    };
  }, []);

  const checkErrors = useMemo(() => {
    if (!file) return [];
    if (check.phase !== 'finished') return file.clientErrors;
    return mergeLineErrors(file.clientErrors, check.outcome.totals.errors);
  }, [file, check]);
  const errorLines = useMemo(() => new Set(checkErrors.map((e) => e.line)), [checkErrors]);
  const importable = useMemo(() => (file ? rowsWithoutErrors(file.parsed.rows, checkErrors) : []), [file, checkErrors]);
  const checked = check.phase === 'finished' && check.outcome.status === 'done';
  const busy = check.phase === 'running' || run.phase === 'running';

  const resetRuns = () => {
    setCheck({ phase: 'idle' });
    setRun({ phase: 'idle' });
  };

  const onFile = async (picked: File | undefined) => {
    resetRuns();
    setFile(null);
    setReadError(null);
    if (!picked) return;
    setReading(true);
    try {
      const parsed = parseResidentCsv(await readText(picked));
      setFile({
        name: picked.name,
        parsed,
        clientErrors: parsed.fileErrors.length ? [] : validateRows(parsed.rows),
      });
    } catch {
      setReadError(t.import.unreadable);
    } finally {
      setReading(false);
    }
  };

  const send = (rows: CsvRow[], dryRun: boolean) =>
    sendBatch({ location_id: locationId!, rows, dry_run: dryRun, send_invitations: !dryRun && invite }).unwrap();

  const startCheck = async () => {
    if (!file || !locationId || busy) return;
    setRun({ phase: 'idle' });
    const rows = rowsWithoutErrors(file.parsed.rows, file.clientErrors);
    setCheck({ phase: 'running', done: 0, total: rows.length });
    const outcome = await runImport({
      rows,
      send: (batch) => send(batch, true),
      onProgress: (totals) => setCheck({ phase: 'running', done: totals.done, total: rows.length }),
      cancelled: () => stop.current,
    });
    if (!stop.current) setCheck({ phase: 'finished', outcome, total: rows.length });
  };

  const startImport = async () => {
    if (!checked || !locationId || busy || importable.length === 0) return;
    const rows = importable;
    setRun({ phase: 'running', done: 0, total: rows.length });
    const outcome = await runImport({
      rows,
      send: (batch) => send(batch, false),
      onProgress: (totals) => setRun({ phase: 'running', done: totals.done, total: rows.length }),
      cancelled: () => stop.current,
    });
    dispatch(adminApi.util.invalidateTags([{ type: 'Residents', id: 'LIST' }, 'Audit', 'Emails']));
    setRun({ phase: 'finished', outcome, total: rows.length });
    stop.current = false;
    if (outcome.status === 'done') toast.success(t.import.finished);
  };

  const fileErrors = file?.parsed.fileErrors ?? [];
  const usable = file !== null && fileErrors.length === 0;

  return (
    <AdminPage
      title={t.import.title}
      actions={
        <Link className="button" to={withLocation('/admin/residents', filterId)}>
          {t.import.back}
        </Link>
      }
    >
      <div className="stack admin-import">
        <p>{t.import.intro}</p>
        <p className="muted">{t.import.idempotent}</p>

        <div className="admin-filters">
          <div className="field">
            <label htmlFor={`${id}-location`}>{t.import.location}</label>
            <select
              id={`${id}-location`}
              className="admin-select"
              value={locationValue}
              disabled={busy}
              onChange={(event) => {
                setChosenLocation(event.target.value);
                resetRuns();
              }}
            >
              <option value="">– bitte wählen –</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-file`}>{t.import.file}</label>
            <input
              key={fileKey}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              aria-describedby={`${id}-file-hint`}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <p className="field-hint" id={`${id}-file-hint`}>
              {t.import.fileHint}
            </p>
          </div>
        </div>

        {reading ? <p role="status">{t.import.reading}</p> : null}
        {readError || fileErrors.length ? (
          <ul className="form-error" role="alert">
            {readError ? <li>{readError}</li> : null}
            {fileErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}

        {usable ? (
          <>
            <p role="status">{t.import.rowsRead(file.parsed.rows.length, file.name)}</p>
            <Preview file={file} errorLines={errorLines} />

            <div className="button-row">
              <button
                type="button"
                className="button button-primary"
                disabled={!locationId || busy}
                onClick={() => void startCheck()}
              >
                {check.phase === 'finished' ? t.import.checkAgain : t.import.check}
              </button>
              {!locationId ? <span className="field-hint">{t.pickLocation}</span> : null}
            </div>

            {check.phase === 'running' ? (
              <ProgressBar
                label={t.import.checkRunning}
                value={check.done}
                max={check.total}
                text={t.import.progress(check.done, check.total)}
              />
            ) : null}
            {check.phase === 'finished' && check.outcome.status === 'failed' ? (
              <p className="form-error" role="alert">
                {errorMessage(check.outcome.error)}
              </p>
            ) : null}
            {checked && check.phase === 'finished' ? (
              <p role="status">
                {t.import.dryRunSummary(
                  check.outcome.totals.created,
                  check.outcome.totals.updated,
                  check.outcome.totals.unchanged,
                )}
              </p>
            ) : null}

            {checked || file.clientErrors.length ? <ErrorList key={checkErrors.length} errors={checkErrors} /> : null}

            {checked ? (
              <section className="card stack" aria-labelledby="import-run-heading">
                <h2 id="import-run-heading">{t.import.start}</h2>
                <label className="choice admin-checkbox">
                  <input
                    type="checkbox"
                    checked={invite}
                    disabled={busy || run.phase === 'finished'}
                    aria-describedby={`${id}-invite-hint`}
                    onChange={(event) => setInvite(event.target.checked)}
                  />
                  <span>{t.import.sendInvitations}</span>
                </label>
                <p className="field-hint" id={`${id}-invite-hint`}>
                  {t.import.sendInvitationsHint}
                </p>
                {importable.length === 0 ? <p>{t.import.nothingToImport}</p> : null}
                <div className="button-row">
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={busy || importable.length === 0 || run.phase === 'finished'}
                    onClick={() => void startImport()}
                  >
                    {t.import.startCount(importable.length)}
                  </button>
                  {run.phase === 'running' ? (
                    <button type="button" className="button" onClick={() => (stop.current = true)}>
                      {t.import.cancel}
                    </button>
                  ) : null}
                </div>
                {run.phase === 'running' ? (
                  <ProgressBar
                    label={t.import.running}
                    value={run.done}
                    max={run.total}
                    text={t.import.progress(run.done, run.total)}
                  />
                ) : null}
                {run.phase === 'finished' ? (
                  <ImportSummary
                    outcome={run.outcome}
                    total={run.total}
                    skipped={checkErrors.length}
                    onAnother={() => {
                      setFile(null);
                      resetRuns();
                      setFileKey((key) => key + 1);
                    }}
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
