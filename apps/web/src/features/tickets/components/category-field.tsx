import { useTranslation } from 'react-i18next';
import type { TicketCategory } from '@hausportal/contract';
import { Field } from '@/components/ui/field';
import { useOnline } from '@/lib/use-online';
import type { Remote } from '@/lib/use-remote';

/**
 * 'Was ist betroffen?': the categories, stored for offline; while none could be loaded, it says
 * so and offers a retry when online.
 */
export function CategoryField({
  id,
  categories,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  categories: Remote<TicketCategory[]>;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (categoryId: string) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const missing = categories.state === 'failed' && !categories.data;
  return (
    <>
      <Field
        label={t('tickets.category')}
        id={id}
        error={error}
        hint={missing ? t('tickets.categoriesFailed') : undefined}
        control={(wiring) => (
          <select
            {...wiring}
            name="category_id"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            disabled={disabled || !categories.data}
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
      {missing && online ? (
        <button type="button" className="button" onClick={categories.reload}>
          {t('app.retry')}
        </button>
      ) : null}
    </>
  );
}
