import { TextField } from '@/components/ui/field';

/** The apartment number that serves as user name, on the login and forgot-password forms. */
export function ApartmentNumberField({
  label,
  value,
  onValueChange,
  error,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label={label}
      name="apartment_number"
      autoComplete="username"
      autoCapitalize="characters"
      spellCheck={false}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      error={error}
      required
    />
  );
}
