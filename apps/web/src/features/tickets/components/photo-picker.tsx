import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorList } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { PickedPhoto } from '@/components/ui/picked-photo';
import { Spinner } from '@/components/ui/spinner';
import { ACCEPT } from '@/lib/files';
import type { ChosenPhoto } from '../prepare-photos';

/**
 * 'Fotos hinzufügen': the chooser (camera or gallery on a phone), what is being prepared, the
 * refusals, and large previews, each with a remove button big enough for a thumb.
 */
export function PhotoPicker({
  photos,
  max,
  preparing,
  errors,
  disabled,
  onPick,
  onRemove,
  label,
  hint,
  multiple = true,
}: {
  photos: readonly ChosenPhoto[];
  max: number;
  preparing: boolean;
  errors: string[];
  disabled: boolean;
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
  label: string;
  hint: string;
  multiple?: boolean;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const full = photos.length >= max;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // The same photo may be chosen again after it was removed.
    event.target.value = '';
    if (files.length > 0) onPick(files);
  }

  return (
    <div className="photo-picker stack">
      <div className="file-picker">
        <label className={`button${disabled || full || preparing ? ' is-disabled' : ''}`}>
          <Icon name="camera" />
          <span>{label}</span>
          <input
            className="visually-hidden"
            type="file"
            name="photos"
            accept={ACCEPT.image}
            multiple={multiple}
            onChange={onChange}
            disabled={disabled || full || preparing}
            aria-describedby={hintId}
          />
        </label>
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      </div>
      {preparing ? <Spinner label={t('tickets.photosPreparing')} /> : null}
      <FormErrorList messages={errors} />
      {photos.length > 0 ? (
        <ul className="photo-previews" aria-label={t('tickets.photosChosen')}>
          {photos.map((photo, index) => (
            <li key={photo.key}>
              <PickedPhoto
                file={photo.file}
                alt={t('tickets.photoAlt', { n: index + 1 })}
                size={120}
                className="photo-preview"
              />
              <button
                type="button"
                className="button button-danger photo-remove"
                onClick={() => onRemove(photo.key)}
                disabled={disabled}
              >
                <Icon name="close" />
                <span>{t('tickets.photoRemove', { n: index + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
