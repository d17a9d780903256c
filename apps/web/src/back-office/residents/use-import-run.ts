import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { adminApi, useMeQuery } from '../api/admin-api';
import { useLocationFilter } from '../lib/list-params';
import { useAdminDispatch } from '../store';
import { useImportResidentsMutation } from './api';
import { mergeLineErrors, parseResidentCsv, validateRows, type CsvRow, type LineErrors, type ParsedCsv } from './csv';
import { runImport, rowsWithoutErrors, type RunOutcome } from './import-batches';
import { t } from './strings';

/** The file as UTF-8 text (FileReader: every supported browser, and the test DOM, have it). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
}

export interface LoadedFile {
  name: string;
  parsed: ParsedCsv;
  clientErrors: LineErrors[];
}

/** One pass over the rows: the dry run (the preview's check) or the import. */
export type Run =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'finished'; outcome: RunOutcome; total: number };

const idle: Run = { phase: 'idle' };

/**
 * The CSV import's state, apart from its screen: the location, the file as read and checked in
 * the browser, the dry run over every row, and the import of the rows without errors in batches
 * (ADR 014). Changing the location or the file starts over; leaving the page or 'Abbrechen' stops
 * a run before its next batch.
 */
export function useImportRun() {
  const { data: me } = useMeQuery();
  const [filterId] = useLocationFilter();
  const locations = me?.locations ?? [];
  const [chosenLocation, setChosenLocation] = useState<string>('');
  // The shell's location when it is one of the caller's, else the only one there is.
  const locationValue =
    chosenLocation ||
    (filterId && locations.some((l) => l.id === filterId) ? String(filterId) : '') ||
    (locations.length === 1 ? String(locations[0]!.id) : '');
  const locationId = locationValue ? Number(locationValue) : undefined;

  const [file, setFile] = useState<LoadedFile | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [check, setCheck] = useState<Run>(idle);
  const [run, setRun] = useState<Run>(idle);
  // Invitations go out by default to every row with an e-mail address.
  const [invite, setInvite] = useState(true);
  // A new key empties the file input for 'Weitere Datei importieren'.
  const [fileKey, setFileKey] = useState(0);
  const [sendBatch] = useImportResidentsMutation();
  const dispatch = useAdminDispatch();
  const stop = useRef(false);

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
  const importable = useMemo(() => (file ? rowsWithoutErrors(file.parsed.rows, checkErrors) : []), [file, checkErrors]);
  const checked = check.phase === 'finished' && check.outcome.status === 'done';
  const busy = check.phase === 'running' || run.phase === 'running';

  // Each file and location is a new round; a check of an earlier round that answers late is ignored.
  const round = useRef(0);
  const checking = useRef(-1);
  const resetRuns = () => {
    round.current += 1;
    setCheck(idle);
    setRun(idle);
  };

  const chooseLocation = (value: string) => {
    setChosenLocation(value);
    resetRuns();
  };

  const pickFile = async (picked: File | undefined) => {
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

  // The dry run always counts the invitations, so the preview can say how many would go out.
  const send = (rows: CsvRow[], dryRun: boolean) =>
    sendBatch({ location_id: locationId!, rows, dry_run: dryRun, send_invitations: dryRun || invite }).unwrap();

  const startCheck = async () => {
    const mine = round.current;
    if (!file || !locationId || busy || checking.current === mine) return;
    checking.current = mine;
    setRun(idle);
    const rows = rowsWithoutErrors(file.parsed.rows, file.clientErrors);
    setCheck({ phase: 'running', done: 0, total: rows.length });
    const current = () => round.current === mine && !stop.current;
    const outcome = await runImport({
      rows,
      send: (batch) => send(batch, true),
      onProgress: (totals) => {
        if (current()) setCheck({ phase: 'running', done: totals.done, total: rows.length });
      },
      cancelled: () => !current(),
    });
    if (current()) setCheck({ phase: 'finished', outcome, total: rows.length });
  };

  /** Checks the rows again (after a failed check). */
  const checkAgain = () => {
    round.current += 1;
    setCheck(idle);
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

  // The preview is the check: once the file is read and the location known, the dry
  // run over every row starts by itself, and again after the location changes.
  const usable = file !== null && file.parsed.fileErrors.length === 0;
  const autoCheck = useRef(startCheck);
  useEffect(() => {
    autoCheck.current = startCheck;
  });
  useEffect(() => {
    if (usable && locationId && check.phase === 'idle' && run.phase === 'idle') void autoCheck.current();
  }, [usable, locationId, check.phase, run.phase]);

  const importAnother = () => {
    setFile(null);
    resetRuns();
    setFileKey((key) => key + 1);
  };

  return {
    filterId,
    locations,
    locationValue,
    locationId,
    chooseLocation,
    file,
    fileKey,
    reading,
    readError,
    pickFile,
    check,
    run,
    invite,
    setInvite,
    checkErrors,
    importable,
    checked,
    busy,
    checkAgain,
    startImport,
    cancel: () => {
      stop.current = true;
    },
    importAnother,
  };
}
