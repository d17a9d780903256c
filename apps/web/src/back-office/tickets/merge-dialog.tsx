import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminTicket, AdminTicketListItem } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { DialogForm } from '../components/confirm-dialog';
import { FieldNotes } from '../components/form-fields';
import { errorMessage } from '../lib/errors';
import { useDebounced } from '../lib/use-debounced';
import { useMergeTicketMutation, useTicketsQuery } from './api';
import { placeOf } from './format';
import { t } from './strings';

const MIN_SEARCH = 3;

/** Step 1: find the other ticket of the same location by its number, and pick it. */
function PickTarget({
  ticket,
  text,
  setText,
  picked,
  onPick,
  onNext,
  onCancel,
}: {
  ticket: AdminTicket;
  text: string;
  setText: (text: string) => void;
  picked: AdminTicketListItem | null;
  onPick: (target: AdminTicketListItem) => void;
  onNext: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // Later than the modal's own effect, which remembers the opener from the focus it finds.
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  const search = useDebounced(text.trim(), 300);
  const ready = search.length >= MIN_SEARCH;
  const {
    data,
    isFetching,
    isError,
    error: loadError,
  } = useTicketsQuery({ page: 1, location_id: ticket.location_id, search, sort: 'newest' }, { skip: !ready });
  const results = (data?.results ?? []).filter((row) => row.id !== ticket.id);
  return (
    <DialogForm
      onCancel={onCancel}
      onSubmit={() => {
        if (picked) onNext();
        else setError(t.merge.pickTarget);
      }}
      submit={
        <button type="submit" className="button button-primary">
          {t.merge.next}
        </button>
      }
    >
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={id}>{t.merge.search}</label>
        <input
          id={id}
          type="search"
          value={text}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.target.value)}
          ref={input}
        />
        <FieldNotes id={id} hint={t.merge.searchHint} error={error} alert />
      </div>
      <div aria-live="polite" className="ticket-merge-results">
        {!ready ? (
          <p className="muted">{t.merge.typeMore}</p>
        ) : isFetching && !data ? (
          <p className="muted">{t.merge.searching}</p>
        ) : isError ? (
          <p className="form-error">{errorMessage(loadError)}</p>
        ) : results.length === 0 ? (
          <p className="muted">{t.merge.noResults}</p>
        ) : (
          <fieldset className="choice-group">
            <legend className="admin-legend">{t.merge.results}</legend>
            {results.map((row) => {
              const { scope, place } = placeOf(row);
              return (
                <label key={row.id} className="choice">
                  <input
                    type="radio"
                    name="merge-target"
                    checked={picked?.id === row.id}
                    onChange={() => {
                      setError(null);
                      onPick(row);
                    }}
                  />
                  <span>
                    <strong>{row.number}</strong> · {row.category_name} · {t.status[row.status]}
                    <span className="admin-cell-sub">
                      {scope}
                      {place ? `: ${place}` : ''} – {row.excerpt}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
      </div>
    </DialogForm>
  );
}

/** Step 2: what merging does, and the confirmation. */
function ConfirmMerge({
  ticket,
  target,
  onBack,
  onCancel,
  onDone,
}: {
  ticket: AdminTicket;
  target: AdminTicketListItem;
  onBack: () => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [merge, state] = useMergeTicketMutation();
  const run = async () => {
    try {
      await merge({ id: ticket.id, into_id: target.id }).unwrap();
      toast.success(t.merge.done(target.number));
      onDone();
    } catch {
      // shown below
    }
  };
  return (
    <DialogForm
      onCancel={onCancel}
      onSubmit={() => {
        if (!state.isLoading) void run();
      }}
      submit={
        <button
          type="submit"
          className="button button-danger-solid"
          disabled={state.isLoading}
          aria-busy={state.isLoading}
        >
          {state.isLoading ? t.merge.busy : t.merge.confirm}
        </button>
      }
    >
      <p className="admin-dialog-message">{t.merge.explain(ticket.number, target.number)}</p>
      <p>
        <button type="button" className="button button-small" onClick={onBack}>
          {t.merge.back}
        </button>
      </p>
      {state.error ? (
        <p className="form-error" role="alert">
          {errorMessage(state.error)}
        </p>
      ) : null}
    </DialogForm>
  );
}

/** 'Mit anderer Meldung zusammenführen': pick the ticket by number, then confirm what happens. */
export function MergeDialog({ ticket, open, onClose }: { ticket: AdminTicket; open: boolean; onClose: () => void }) {
  const [target, setTarget] = useState<AdminTicketListItem | null>(null);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setTarget(null);
    setText('');
    setConfirming(false);
    onClose();
  };
  return (
    <Modal open={open} title={t.merge.dialog} onClose={close}>
      {open && confirming && target ? (
        <ConfirmMerge
          ticket={ticket}
          target={target}
          onBack={() => setConfirming(false)}
          onCancel={close}
          onDone={close}
        />
      ) : open ? (
        <PickTarget
          ticket={ticket}
          text={text}
          setText={setText}
          picked={target}
          onPick={setTarget}
          onNext={() => setConfirming(true)}
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}
