import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_REPORT_PHOTOS, TICKET_SCOPES, type TicketCategory } from '@hausportal/contract';
import { Field, FormError, SubmitButton, TextArea, TextField } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { useAppSelector } from '@/lib/redux/hooks';
import { randomId } from '@/lib/random-id';
import { telHref } from '@/lib/text';
import { useConfirmLeave } from '@/lib/use-confirm-leave';
import { useOnline } from '@/lib/use-online';
import { describeError } from '@/lib/form-errors';
import { parseErrorBody } from '@/lib/api-client';
import { useRemote } from '@/lib/use-remote';
import { registerTicketStrings } from '@/i18n/tickets';
import { createTicket, getCategories } from '../api';
import { ticketCache } from '../cache';
import { discardReport, keepReport, sendReport, toPendingPhoto, type PendingReport } from '../outbox';
import { preparePhotos, type ChosenPhoto } from '../prepare-photos';
import {
  DESCRIPTION_MAX,
  emptyDraft,
  PHONE_MAX,
  PLACE_MAX,
  REPORT_FIELDS,
  validateReport,
  type ReportDraft,
  type ReportField,
} from '../validate-report';
import { AlreadyReported } from './already-reported';
import { PhotoPicker } from './photo-picker';
import './tickets.css';

registerTicketStrings();

type Phase = 'form' | 'sending' | 'kept';
type FieldName = ReportField;
const FIELD_ORDER = REPORT_FIELDS;

/** The emergency number under a category like 'Heizung' (issue 21 item 1), with a tel: link. */
function EmergencyHint({ category }: { category: TicketCategory | undefined }) {
  const { t } = useTranslation();
  const location = useAppSelector((s) => s.location.data);
  const deactivated = useAppSelector((s) => s.user.data?.emergency_services_deactivated);
  // The region is always there, so a screen reader hears the hint when a category brings it.
  return (
    <div className="emergency-live" aria-live="polite">
      {category?.emergency ? (
        <div className="emergency-hint" data-testid="emergency-hint">
          <p>
            <strong>{t('tickets.emergencyHint')}</strong>
          </p>
          {/* product §5.8: residents whose emergency services are deactivated never get the number. */}
          {location?.direct_number && !deactivated ? (
            <a className="button button-danger button-block" href={telHref(location.direct_number)}>
              <img src="/icons/emergency.svg" alt="" width={24} height={24} />
              <span>{t('tickets.emergencyCall', { number: location.direct_number })}</span>
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * 'Schaden melden' (issue 21): what is affected, where, a description, up to five photos shrunk
 * on the phone, the consent and a phone number for the craftsman. The report is kept on the
 * device first and sent with its own idempotency key: offline it waits and goes by itself later.
 */
export default function NewTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const formId = useId();
  const userId = useAppSelector((s) => s.user.data?.id);
  // The reception takes reports at the desk for residents who come by or phone.
  const atDesk = useAppSelector((s) => s.user.data?.is_receptionist) ?? false;
  const categories = useRemote(ticketCache<TicketCategory[]>('categories'), getCategories);
  const [draft, setDraft] = useState<ReportDraft>(emptyDraft);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  // A new object each time, so the same field is focused again on a second attempt.
  const [focusRequest, setFocusRequest] = useState<{ field: FieldName | undefined } | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const [keptOffline, setKeptOffline] = useState(true);
  const [progress, setProgress] = useState<number | null>(null);
  // One key per report, made once: a second tap, a retry or a replay from the outbox sends the
  // same key, and the server answers with the ticket it made the first time.
  const [idempotencyKey] = useState(randomId);
  const summaryRef = useRef<HTMLDivElement>(null);

  const category = categories.data?.find((c) => String(c.id) === draft.categoryId);
  const touched =
    draft.description.trim() !== '' || draft.place.trim() !== '' || photos.length > 0 || draft.categoryId !== '';
  useConfirmLeave(phase === 'form' && touched, t('tickets.leaveConfirm'));

  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) => {
    setDraft((now) => ({ ...now, [key]: value }));
    // An error goes as soon as the resident changes the field it is about.
    const field = (
      key === 'categoryId'
        ? 'category_id'
        : key === 'phone'
          ? 'contact_phone'
          : key === 'forApartment'
            ? 'for_apartment'
            : key
    ) as FieldName;
    if (errors[field]) setErrors((now) => ({ ...now, [field]: undefined }));
  };

  async function onPick(files: File[]) {
    setPreparing(true);
    const result = await preparePhotos(photos, files, MAX_REPORT_PHOTOS, t);
    setPhotos(result.photos);
    setPhotoErrors(result.errors);
    setPreparing(false);
  }

  function showErrors(found: Partial<Record<FieldName, string>>) {
    setErrors(found);
    setFocusRequest({ field: FIELD_ORDER.find((f) => found[f]) });
  }

  // Focus goes to the first field to fix, its message read with it (aria-describedby), once the
  // form is rendered again: after the server's answer its fields are still disabled until then.
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.field) document.getElementById(`${formId}-${focusRequest.field}`)?.focus();
    else summaryRef.current?.focus();
  }, [focusRequest, formId]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (phase !== 'form' || preparing || !userId) return;
    setGeneral(null);
    const { fields, errors: found } = validateReport(draft, t);
    if (!fields) {
      showErrors(found);
      return;
    }
    setErrors({});
    setPhase('sending');
    const report: PendingReport = {
      key: idempotencyKey,
      userId,
      createdAt: new Date().toISOString(),
      fields,
      categoryName: category?.name ?? '',
      photos: await Promise.all(photos.map((p) => toPendingPhoto(p.file))),
      state: 'pending',
      error: '',
    };
    let kept = true;
    try {
      await keepReport(report);
    } catch {
      // No IndexedDB on this device (a private mode): the report is sent directly, or not at all.
      kept = false;
    }
    if (kept && !navigator.onLine) {
      setKeptOffline(true);
      setPhase('kept');
      return;
    }
    const onProgress = (loaded: number, total: number) => setProgress(Math.round((loaded / (total || 1)) * 100));
    if (!kept) {
      try {
        const ticket = await createTicket(
          fields,
          photos.map((p) => p.file),
          idempotencyKey,
          onProgress,
        );
        navigate(`/tickets/${ticket.id}`, { state: { created: ticket.number } });
      } catch (failure) {
        refused(parseErrorBody(failure));
      }
      return;
    }
    const outcome = await sendReport(report, onProgress);
    if (outcome.kind === 'sent') {
      navigate(`/tickets/${outcome.ticket.id}`, { state: { created: outcome.ticket.number } });
    } else if (outcome.kind === 'failed') {
      // The form still holds everything; the resident corrects it here instead of in the list.
      await discardReport(idempotencyKey).catch(() => undefined);
      refused(outcome.body);
    } else if (outcome.kind === 'gone') {
      navigate('/tickets');
    } else {
      setKeptOffline(!navigator.onLine);
      setPhase('kept');
    }
  }

  /** A refusal (4xx): its messages go under their fields, the rest above the form. */
  function refused(body: unknown) {
    const described = describeError(body, t);
    setProgress(null);
    setPhase('form');
    const fieldErrors: Partial<Record<FieldName, string>> = {};
    for (const [key, message] of Object.entries(described.fields)) {
      if (FIELD_ORDER.includes(key as FieldName)) fieldErrors[key as FieldName] = message;
      else described.general = [described.general, message].filter(Boolean).join(' ');
    }
    setGeneral(described.general);
    showErrors(fieldErrors);
  }

  if (phase === 'kept') {
    return (
      <Page title={t('tickets.titleNew')} className="page-narrow">
        <div className="card stack" role="status">
          <p className="success-text">{t('tickets.savedOffline')}</p>
          <p className="pending-note">
            <span className="tag tag-pending">
              {keptOffline ? t('tickets.pendingOffline') : t('tickets.pendingServer')}
            </span>
          </p>
          <Link to="/tickets" className="button button-primary button-block">
            {t('tickets.toList')}
          </Link>
        </div>
      </Page>
    );
  }

  const sending = phase === 'sending';
  const errorCount = Object.values(errors).filter(Boolean).length;
  const id = (field: FieldName) => `${formId}-${field}`;

  return (
    <Page title={t('tickets.titleNew')} className="page-narrow">
      <p className="lead">{t('tickets.intro')}</p>
      <form className="form card ticket-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending}>
        <div ref={summaryRef} tabIndex={-1}>
          <FormError message={general ?? (errorCount > 0 ? t('tickets.fixErrors', { count: errorCount }) : null)} />
        </div>

        {atDesk ? (
          <Field
            label={t('tickets.forApartment')}
            id={id('for_apartment')}
            error={errors.for_apartment}
            hint={t('tickets.forApartmentHint')}
            control={(wiring) => (
              <input
                {...wiring}
                name="for_apartment"
                value={draft.forApartment}
                onChange={(e) => set('forApartment', e.target.value)}
                disabled={sending}
                autoComplete="off"
                autoCapitalize="characters"
              />
            )}
          />
        ) : null}
        <Field
          label={t('tickets.category')}
          id={id('category_id')}
          error={errors.category_id}
          hint={categories.state === 'failed' && !categories.data ? t('tickets.categoriesFailed') : undefined}
          control={(wiring) => (
            <select
              {...wiring}
              name="category_id"
              value={draft.categoryId}
              onChange={(e) => set('categoryId', e.target.value)}
              disabled={sending || !categories.data}
              required
            >
              <option value="">{categories.data ? t('tickets.categoryChoose') : t('app.loading')}</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        />
        {categories.state === 'failed' && !categories.data && online ? (
          <button type="button" className="button" onClick={categories.reload}>
            {t('app.retry')}
          </button>
        ) : null}
        <EmergencyHint category={category} />

        <fieldset
          className={`choice-group${errors.scope ? ' field-invalid' : ''}`}
          aria-describedby={errors.scope ? `${id('scope')}-error` : undefined}
        >
          <legend>{t('tickets.where')}</legend>
          {TICKET_SCOPES.map((scope, index) => (
            <label className="choice" key={scope}>
              <input
                type="radio"
                name="scope"
                value={scope}
                id={index === 0 ? id('scope') : undefined}
                checked={draft.scope === scope}
                onChange={() => set('scope', scope)}
                disabled={sending}
                aria-invalid={errors.scope ? true : undefined}
              />
              <span>{t(`tickets.scopes.${scope}`)}</span>
            </label>
          ))}
          {errors.scope ? (
            <p className="field-error" id={`${id('scope')}-error`}>
              {errors.scope}
            </p>
          ) : null}
        </fieldset>

        {draft.scope === 'building' ? (
          <TextField
            label={t('tickets.place')}
            id={id('place')}
            name="place"
            hint={t('tickets.placeHint')}
            value={draft.place}
            onChange={(e) => set('place', e.target.value)}
            error={errors.place}
            disabled={sending}
            maxLength={PLACE_MAX}
            required
          />
        ) : null}

        {draft.scope === 'building' && category ? (
          <AlreadyReported
            categoryId={category.id}
            disabled={sending}
            onJoined={(ticketId) => navigate(`/tickets/${ticketId}`, { state: { joined: true } })}
          />
        ) : null}

        <TextArea
          label={t('tickets.description')}
          id={id('description')}
          name="description"
          rows={6}
          hint={t('tickets.descriptionHint')}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
          disabled={sending}
          maxLength={DESCRIPTION_MAX}
          required
        />

        <PhotoPicker
          photos={photos}
          max={MAX_REPORT_PHOTOS}
          preparing={preparing}
          errors={photoErrors}
          disabled={sending}
          onPick={(files) => void onPick(files)}
          onRemove={(key) => setPhotos((now) => now.filter((p) => p.key !== key))}
          label={t('tickets.photos')}
          hint={t('tickets.photosHint', { max: MAX_REPORT_PHOTOS })}
        />

        <label className="choice consent">
          <input
            type="checkbox"
            name="contact_consent"
            checked={draft.consent}
            onChange={(e) => set('consent', e.target.checked)}
            disabled={sending}
          />
          <span>{t('tickets.consent')}</span>
        </label>
        <TextField
          label={t('tickets.phone')}
          id={id('contact_phone')}
          name="contact_phone"
          type="tel"
          autoComplete="tel"
          hint={t('tickets.phoneHint')}
          value={draft.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.contact_phone}
          disabled={sending || !draft.consent}
          maxLength={PHONE_MAX}
        />

        {progress !== null && sending ? (
          <p className="upload-status" role="status">
            {t('tickets.uploading', { percent: progress })}
          </p>
        ) : null}
        <SubmitButton busy={sending || preparing} busyLabel={sending ? t('tickets.submitting') : undefined}>
          {t('tickets.submit')}
        </SubmitButton>
      </form>
    </Page>
  );
}
