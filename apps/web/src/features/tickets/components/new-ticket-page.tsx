import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_REPORT_PHOTOS, type TicketCategory } from '@hausportal/contract';
import { Field, FormError, SubmitButton, TextArea, TextField } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { useAppSelector } from '@/lib/redux/hooks';
import { randomId } from '@/lib/random-id';
import { useConfirmLeave } from '@/lib/use-confirm-leave';
import { describeError } from '@/lib/form-errors';
import { useRemote } from '@/lib/use-remote';
import { registerTicketStrings } from '@/i18n/tickets';
import { getCategories } from '../api';
import { ticketCache } from '../cache';
import { toPendingPhoto, type PendingReport } from '../outbox';
import { preparePhotos, type ChosenPhoto } from '../prepare-photos';
import { useSendReport } from '../use-send-report';
import {
  DESCRIPTION_MAX,
  emptyDraft,
  PLACE_MAX,
  REPORT_FIELDS,
  validateReport,
  type ReportDraft,
  type ReportField,
} from '../validate-report';
import { AlreadyReported } from './already-reported';
import { CategoryField } from './category-field';
import { ContactFields } from './contact-fields';
import { EmergencyHint } from './emergency-hint';
import { PhotoPicker } from './photo-picker';
import { ReportKept } from './report-kept';
import { ScopeChoice } from './scope-choice';
import './tickets.css';

registerTicketStrings();

const categoriesStored = ticketCache<TicketCategory[]>('categories');

type Phase = 'form' | 'sending' | 'kept';
type FieldName = ReportField;
const FIELD_ORDER = REPORT_FIELDS;

/**
 * 'Schaden melden': what is affected, where, a description, up to five photos shrunk
 * on the phone, the consent and a phone number for the craftsman. The report is kept on the
 * device first and sent with its own idempotency key: offline it waits and goes by itself later.
 */
export default function NewTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  const userId = useAppSelector((s) => s.user.data?.id);
  // The reception takes reports at the desk for residents who come by or phone.
  const atDesk = useAppSelector((s) => s.user.data?.is_receptionist) ?? false;
  const categories = useRemote(categoriesStored, getCategories);
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
  const { send, progress } = useSendReport();
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
    const result = await send(report, { isNew: true });
    if (result.kind === 'sent') {
      navigate(`/tickets/${result.ticket.id}`, { state: { created: result.ticket.number } });
    } else if (result.kind === 'refused') {
      refused(result.body);
    } else if (result.kind === 'gone') {
      navigate('/tickets');
    } else {
      setKeptOffline(result.offline);
      setPhase('kept');
    }
  }

  /** A refusal (4xx): its messages go under their fields, the rest above the form. */
  function refused(body: unknown) {
    const described = describeError(body, t);
    setPhase('form');
    const fieldErrors: Partial<Record<FieldName, string>> = {};
    for (const [key, message] of Object.entries(described.fields)) {
      if (FIELD_ORDER.includes(key as FieldName)) fieldErrors[key as FieldName] = message;
      else described.general = [described.general, message].filter(Boolean).join(' ');
    }
    setGeneral(described.general);
    showErrors(fieldErrors);
  }

  if (phase === 'kept') return <ReportKept reportKey={idempotencyKey} offline={keptOffline} />;

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
        <CategoryField
          id={id('category_id')}
          categories={categories}
          value={draft.categoryId}
          error={errors.category_id}
          disabled={sending}
          onChange={(value) => set('categoryId', value)}
        />
        <EmergencyHint category={category} />

        <ScopeChoice
          id={id('scope')}
          value={draft.scope}
          error={errors.scope}
          disabled={sending}
          onChange={(scope) => set('scope', scope)}
        />

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

        <ContactFields
          phoneId={id('contact_phone')}
          consent={draft.consent}
          phone={draft.phone}
          error={errors.contact_phone}
          disabled={sending}
          onConsent={(consent) => set('consent', consent)}
          onPhone={(phone) => set('phone', phone)}
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
