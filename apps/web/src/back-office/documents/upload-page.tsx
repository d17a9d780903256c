import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Controller, useForm, useFormContext, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminDocumentCreate, trimmedText, type AdminDocument } from '@hausportal/contract';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ACCEPT, isPdf, isTooLarge } from '@/lib/files';
import { adminApi, useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ApartmentField } from '../components/apartment-picker';
import { AdminForm, FormButtons, SelectInput, TextInput } from '../components/form-fields';
import { applyServerErrors } from '../lib/errors';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import { useAdminDispatch } from '../store';
import { IconSelect } from '../components/icon-select';
import { ProgressBar } from '../components/progress-bar';
import { useUpload } from '../api/upload';
import { t } from './strings';
import '../components/screens.css';

/**
 * The upload form's schema: the contract's fields, the target as a choice, and the file, which
 * must be a PDF by its first bytes (as the server checks) and at most 10 MB (product §5.3).
 */
export const uploadSchema = z
  .object({
    title: adminDocumentCreate.shape.title,
    location_id: z.coerce
      .number<string | number>({ error: t.pickLocation })
      .int({ error: t.pickLocation })
      .min(1, { error: t.pickLocation }),
    target: z.enum(['location', 'apartment']),
    apartment_number: trimmedText(150),
    icon: z.string(),
    document: z
      .custom<File | null>((value) => value === null || value instanceof Blob)
      .superRefine(async (file, ctx) => {
        if (!file) ctx.addIssue({ code: 'custom', message: t.pickFile });
        else if (isTooLarge(file)) ctx.addIssue({ code: 'custom', message: t.tooLarge(file.name) });
        else if (!(await isPdf(file))) ctx.addIssue({ code: 'custom', message: t.notPdf(file.name) });
      }),
  })
  .superRefine((value, ctx) => {
    if (value.target === 'apartment' && value.apartment_number === '') {
      ctx.addIssue({ code: 'custom', path: ['apartment_number'], message: t.apartmentRequired });
    }
  });
type FormInput = z.input<typeof uploadSchema>;
type FormOutput = z.output<typeof uploadSchema>;

/** The PDF picker; a refused file is named in the error at once, before 'Hochladen'. */
function PdfInput() {
  const { control, trigger } = useFormContext<FormInput>();
  return (
    <Controller
      control={control}
      name="document"
      render={({ field, fieldState }) => (
        <Field
          label={t.fields.document}
          hint={t.fileHint}
          error={fieldState.error?.message}
          control={(wiring) => (
            <input
              {...wiring}
              ref={field.ref}
              name={field.name}
              type="file"
              accept={ACCEPT.pdf}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.files?.[0] ?? null);
                void trigger('document');
              }}
            />
          )}
        />
      )}
    />
  );
}

function TargetChoice() {
  const { register, control } = useFormContext<FormInput>();
  const target = useWatch({ control, name: 'target' });
  const locationId = Number(useWatch({ control, name: 'location_id' })) || undefined;
  return (
    <>
      <fieldset className="choice-group field">
        <legend className="admin-legend">{t.fields.target}</legend>
        {(['location', 'apartment'] as const).map((value) => (
          <label key={value} className="choice admin-checkbox">
            <input type="radio" value={value} {...register('target')} />
            <span>{t.targets[value]}</span>
          </label>
        ))}
      </fieldset>
      {target === 'apartment' ? (
        // Picked from the location's apartments, never typed from memory.
        <ApartmentField name="apartment_number" label={t.fields.apartment_number} locationId={locationId} />
      ) : null}
    </>
  );
}

const FIELDS = ['title', 'location_id', 'apartment_number', 'icon', 'document'] as const;

/** /admin/documents/new: title, whole house or one apartment, the PDF, with upload progress. */
export function UploadForm({ onDone }: { onDone?: (document: AdminDocument) => void }) {
  const { data: me } = useMeQuery();
  const [filterId] = useLocationFilter();
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  const [progress, setProgress] = useState<number | null>(null);
  const locations = me?.locations ?? [];
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(uploadSchema),
    defaultValues: {
      title: '',
      location_id:
        filterId && locations.some((l) => l.id === filterId)
          ? String(filterId)
          : locations.length === 1
            ? String(locations[0]!.id)
            : '',
      target: 'location',
      apartment_number: '',
      icon: '',
      document: null,
    },
  });

  const onSubmit = async (values: FormOutput) => {
    const body = new FormData();
    body.set('location_id', String(values.location_id));
    body.set('title', values.title);
    body.set('apartment_number', values.target === 'apartment' ? values.apartment_number : '');
    if (values.icon) body.set('icon', values.icon);
    body.set('document', values.document!, values.document!.name);
    setProgress(0);
    try {
      const created = await upload<AdminDocument>({
        path: '/api/admin/documents/',
        form: body,
        onProgress: (loaded, total) => setProgress(Math.round((loaded / total) * 100)),
      });
      dispatch(adminApi.util.invalidateTags([{ type: 'Documents', id: 'LIST' }, 'Audit']));
      toast.success(t.uploaded);
      onDone?.(created);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    } finally {
      setProgress(null);
    }
  };

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="admin-form" aria-label={t.uploadTitle}>
      <TextInput name="title" label={t.fields.title} />
      {locations.length > 1 ? (
        <SelectInput
          name="location_id"
          label={t.fields.location_id}
          options={[
            { value: '', label: '– bitte wählen –' },
            ...locations.map((l) => ({ value: String(l.id), label: l.title })),
          ]}
        />
      ) : null}
      <TargetChoice />
      <IconSelect label={t.fields.icon} noneLabel="Standardsymbol (Dokument)" />
      <PdfInput />
      {progress !== null ? (
        <ProgressBar label={t.progress} value={progress} max={100} text={t.percent(progress)} />
      ) : null}
      <FormButtons busyLabel={t.uploading}>{t.upload}</FormButtons>
    </AdminForm>
  );
}

export default function UploadPage() {
  const navigate = useNavigate();
  const [filterId] = useLocationFilter();
  const { isLoading } = useMeQuery();
  const back = withLocation('/admin/documents', filterId);
  return (
    <AdminPage
      title={t.uploadTitle}
      actions={
        <Link className="button" to={back}>
          {t.back}
        </Link>
      }
    >
      {isLoading ? (
        <Spinner label={s.loading} />
      ) : (
        <UploadForm onDone={(created) => navigate(back, { state: { saved: created.id } })} />
      )}
    </AdminPage>
  );
}
