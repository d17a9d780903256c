import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminResident } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { DialogForm } from '../components/confirm-dialog';
import { describedBy, FieldNotes } from '../components/form-fields';
import { errorMessage } from '../lib/errors';
import { useEraseResidentMutation } from './api';
import { t } from './strings';

type Content = 'anonymize' | 'delete';

/** Whether what was typed names the apartment (case and surrounding blanks do not matter, as at login). */
export function apartmentMatches(typed: string, apartment: string): boolean {
  return typed.trim().toLowerCase() === apartment.trim().toLowerCase();
}

/**
 * 'Personenbezogene Daten löschen' (DSGVO Art. 17): says what happens, makes the manager choose
 * between keeping the posts anonymously and deleting them (no default: the choice matters), and
 * asks for the apartment number before the irreversible call.
 */
export function ErasureDialog({
  resident,
  open,
  onClose,
  onErased,
}: {
  resident: AdminResident;
  open: boolean;
  onClose: () => void;
  onErased?: (erasedAt: string) => void;
}) {
  return (
    <Modal open={open} title={t.erasure.title} onClose={onClose}>
      <ErasureForm resident={resident} onClose={onClose} onErased={onErased} />
    </Modal>
  );
}

function ErasureForm({
  resident,
  onClose,
  onErased,
}: {
  resident: AdminResident;
  onClose: () => void;
  onErased?: (erasedAt: string) => void;
}) {
  const [content, setContent] = useState<Content | null>(null);
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const [erase, { isLoading, error, reset }] = useEraseResidentMutation();
  const id = useId();
  const matches = apartmentMatches(typed, resident.apartment_number);
  const ready = content !== null && matches && !isLoading;

  const submit = async () => {
    setTried(true);
    if (!content || !matches || isLoading) return;
    try {
      const result = await erase({ id: resident.id, content }).unwrap();
      toast.success(t.erasure.done);
      onErased?.(result.erased_at);
      onClose();
    } catch {
      // shown in the dialog below
    }
  };

  const contentError = tried && !content ? t.erasure.pickContent : null;
  const typedError = tried && !matches ? t.erasure.mismatch : null;

  return (
    <DialogForm
      onSubmit={() => void submit()}
      onCancel={onClose}
      submit={
        <button type="submit" className="button button-danger-solid" aria-disabled={!ready} aria-busy={isLoading}>
          {isLoading ? t.erasure.busy : t.erasure.submit}
        </button>
      }
    >
      <p>{t.erasure.intro(resident.name, resident.apartment_number)}</p>
      <p className="admin-erasure-heading">{t.erasure.whatHappens}</p>
      <ul className="admin-erasure-effects">
        {t.erasure.effects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <fieldset
        className={`choice-group field${contentError ? ' field-invalid' : ''}`}
        aria-describedby={describedBy(`${id}-content`, null, contentError)}
      >
        <legend className="admin-legend">{t.erasure.content}</legend>
        {(['anonymize', 'delete'] as const).map((value) => (
          <label key={value} className="choice admin-checkbox">
            <input
              type="radio"
              name={`${id}-content`}
              value={value}
              checked={content === value}
              onChange={() => {
                setContent(value);
                reset();
              }}
            />
            <span>
              {value === 'anonymize' ? t.erasure.anonymize : t.erasure.delete}
              {value === 'delete' ? <span className="admin-cell-sub">{t.erasure.deleteHint}</span> : null}
            </span>
          </label>
        ))}
        <FieldNotes id={`${id}-content`} error={contentError} />
      </fieldset>
      <div className={`field${typedError ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-apartment`}>{t.erasure.confirmLabel(resident.apartment_number)}</label>
        <input
          id={`${id}-apartment`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          aria-invalid={typedError ? true : undefined}
          aria-describedby={describedBy(`${id}-apartment`, null, typedError)}
          onChange={(event) => setTyped(event.target.value)}
        />
        <FieldNotes id={`${id}-apartment`} error={typedError} />
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
    </DialogForm>
  );
}
